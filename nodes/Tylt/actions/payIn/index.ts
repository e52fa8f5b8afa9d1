import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../panel';
import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	operationSelector('payIn', [
		{
			name: 'Get',
			value: 'get',
			description: 'Get the details of a pay-in by its merchant order ID',
			action: 'Get a pay in',
		},
	]),
	...get.description,
];
