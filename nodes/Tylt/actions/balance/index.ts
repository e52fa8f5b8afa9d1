import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../panel';
import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	operationSelector('balance', [
		{
			name: 'Get',
			value: 'get',
			description: 'Read what the TYLT account holds, one item per currency',
			action: 'Get the account balance',
		},
	]),
	...get.description,
];
