import type { IExecuteFunctions } from 'n8n-workflow';

import { lookUpPayouts } from '../../payout/lookup';
import { readInRounds } from '../../payout/readUntil';
import { cancelSignalOf } from '../../../shared/pause';
import { isFinalRecord } from '../../../shared/payoutEvents/orderEvent';
import type { ItemOutcome } from '../types';
import { readItem, type PendingLookup } from './get.item';
import { outputOf } from './get.output';

export { description } from './get.description';

/** Wait Until Final: history is read again after these waits, doubling up to the cap. Exported for tests. */
export const WAIT_POLICY = {
	firstDelayMs: 5000,
	maxDelayMs: 60_000,
};

/**
 * All items together: each round looks up every item still pending at once (history read at most once, see
 * lookUpPayouts), and with Wait Until Final the rounds repeat, backing off, until each item is final or its
 * own Max Wait has passed. An item's error ends that item only.
 */
export async function executeAll(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<ItemOutcome[]> {
	const startedMs = Date.now();
	const outcomes: ItemOutcome[] = [];
	const lookups: PendingLookup[] = [];
	for (const itemIndex of itemIndexes) {
		try {
			lookups.push(readItem.call(this, itemIndex, startedMs));
		} catch (error) {
			outcomes.push({ itemIndex, error: error as Error });
		}
	}

	const lookUpPending = async (pending: PendingLookup[]) => {
		const results = await lookUpPayouts.call(this, pending);
		const nowMs = Date.now();
		for (const lookup of pending) {
			const result = results.get(lookup.itemIndex);
			if (result === undefined || 'error' in result) {
				lookup.error = result?.error ?? new Error('The lookup gave no result');
			} else {
				// A payout just created may take a moment to show in history: not found yet is waited on too.
				// One that left the window meanwhile is reported as last seen.
				lookup.found = result.found ?? lookup.found;
			}
			if (lookup.error || isSettled(lookup, nowMs)) lookup.endedMs = nowMs;
		}
		return pending.filter((lookup) => lookup.endedMs === undefined);
	};
	await readInRounds(
		async () => await lookUpPending(lookups.filter((lookup) => lookup.endedMs === undefined)),
		// Only waiting items are still pending after the first round: the next pause ends at the nearest Max Wait.
		(pending) =>
			pending.length === 0
				? undefined
				: Math.min(...pending.map((lookup) => lookup.deadlineMs ?? 0)),
		{
			firstPauseMs: WAIT_POLICY.firstDelayMs,
			maxPauseMs: WAIT_POLICY.maxDelayMs,
			signal: cancelSignalOf(this),
		},
	);

	for (const lookup of lookups) {
		try {
			outcomes.push({
				itemIndex: lookup.itemIndex,
				output: outputOf.call(this, lookup, startedMs),
			});
		} catch (error) {
			outcomes.push({ itemIndex: lookup.itemIndex, error: error as Error });
		}
	}
	return outcomes;
}

/** Done looking: found and not waiting, found final, or out of time. */
function isSettled(lookup: PendingLookup, nowMs: number): boolean {
	if (lookup.deadlineMs === undefined) return true;
	if (lookup.found && isFinalRecord(lookup.found.record)) return true;
	return nowMs >= lookup.deadlineMs;
}
