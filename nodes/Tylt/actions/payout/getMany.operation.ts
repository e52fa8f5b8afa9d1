import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { invalidFieldError } from '../../helpers/fieldError';
import { VERSION_1 } from '../nodeVersion';
import {
	getPayoutHistory,
	HISTORY_PAGE_SIZE_DEFAULT,
	HISTORY_PAGE_SIZE_MAX,
} from '../../transport/calls';
import { optionsCollection } from '../panel';

const showFor = { resource: ['payout'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: { show: showFor },
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { ...showFor, returnAll: [false] } },
	},
	// Version 2 leaves the page size to the node.
	optionsCollection({ ...showFor, '@version': VERSION_1 }, [
		{
			displayName: 'Page Size',
			name: 'pageSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: HISTORY_PAGE_SIZE_MAX },
			default: HISTORY_PAGE_SIZE_DEFAULT,
			description: 'How many payouts to request per call to TYLT while paging',
		},
	]),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const options = this.getNodeParameter('options', itemIndex, {}) as { pageSize?: number };
	const pageSize = Math.min(
		Math.max(1, Math.floor(options.pageSize ?? HISTORY_PAGE_SIZE_DEFAULT)),
		HISTORY_PAGE_SIZE_MAX,
	);
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number);
	if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) {
		throw invalidFieldError(this.getNode(), {
			label: 'Limit',
			value: limit,
			reason: 'it must be a whole number of at least 1',
			itemIndex,
		});
	}

	const payoutRecords = await getPayoutHistory.call(this, { limit, pageSize }, itemIndex);
	return payoutRecords.map((payoutRecord) => ({ json: payoutRecord }));
}
