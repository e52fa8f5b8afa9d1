import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { HISTORY_PAGE_SIZE_MAX, getPayoutHistory } from '../Tylt/transport';
import { createdMsOf } from './statusChanges';

/** A poll reads at most this many payouts (50 pages of 200), however far back it should reach. */
export const MAX_RECORDS_PER_POLL = 10_000;

/** Payout history, newest first, down to the first page that reaches back to `sinceMs` (createdAt). */
export async function readHistorySince(
	this: IPollFunctions,
	sinceMs: number,
): Promise<IDataObject[]> {
	return await getPayoutHistory.call(
		this,
		{
			pageSize: HISTORY_PAGE_SIZE_MAX,
			limit: MAX_RECORDS_PER_POLL,
			stopAfter: (record) => createdMsOf(record) < sinceMs,
		},
		0,
	);
}

/** The newest payouts, for a sample event. */
export async function readNewest(this: IPollFunctions, count: number): Promise<IDataObject[]> {
	return await getPayoutHistory.call(this, { pageSize: count, limit: count }, 0);
}
