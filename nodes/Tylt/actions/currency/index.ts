import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../panel';
import * as getMany from './getMany.operation';

export { getMany };

export const description: INodeProperties[] = [
	operationSelector('currency', [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the supported crypto currencies and their networks',
			action: 'Get many currencies',
		},
	]),
	...getMany.description,
];
