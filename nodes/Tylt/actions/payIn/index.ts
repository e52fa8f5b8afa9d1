import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['payIn'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the details of a pay-in by its merchant order ID',
				action: 'Get a pay in',
			},
		],
		default: 'get',
	},
	...get.description,
];
