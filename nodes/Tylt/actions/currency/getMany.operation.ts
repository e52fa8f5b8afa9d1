import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationScope } from '../operationScope';
import { optionsCollection } from '../panel';

const showFor = { resource: ['currency'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	optionsCollection(showFor, [
		{
			displayName: 'One Item per Network',
			name: 'splitByNetwork',
			type: 'boolean',
			default: false,
			description:
				'Whether to output one item per currency and network pair (currency fields plus the network fields) instead of one item per currency',
		},
	]),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	scope: OperationScope,
): Promise<INodeExecutionData[]> {
	const { splitByNetwork = false } = this.getNodeParameter('options', itemIndex, {}) as {
		splitByNetwork?: boolean;
	};
	const { currencies } = await scope.currencyCatalog(itemIndex);
	if (!splitByNetwork) return currencies.map((currency) => ({ json: currency }));

	return currencies.flatMap(({ networks, ...currency }) =>
		(networks ?? []).map((network) => ({ json: { ...currency, ...network } })),
	);
}
