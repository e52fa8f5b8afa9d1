import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { readPayoutHistoryWindow } from '../Tylt/payout/history';
import { getPayoutHistoryPage } from '../Tylt/transport/calls';

/**
 * Payout history, newest first, back to `sinceMs` (createdAt), through the reader the duplicate guard uses: a
 * window holding too many payouts is an error, never a partial read, so a poll never skips a change unseen.
 */
export async function readHistorySince(
	this: IPollFunctions,
	sinceMs: number,
): Promise<IDataObject[]> {
	return await readPayoutHistoryWindow.call(this, {
		cutoffMs: sinceMs,
		lookBackParameter: 'Options → Max Age (Hours)',
	});
}

/** The newest payouts, for a sample event. */
export async function readNewest(this: IPollFunctions, count: number): Promise<IDataObject[]> {
	return await getPayoutHistoryPage.call(this, { rows: count, page: 1 });
}
