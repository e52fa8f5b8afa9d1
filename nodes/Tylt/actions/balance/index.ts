import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['balance'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Read what the TYLT account holds, one item per currency',
				action: 'Get the account balance',
			},
		],
		default: 'get',
	},
	...get.description,
];
