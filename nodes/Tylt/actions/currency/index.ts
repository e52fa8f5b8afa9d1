import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['currency'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the supported crypto currencies and their networks',
				action: 'Get many currencies',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
