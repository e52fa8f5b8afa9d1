import type { PayoutRecord } from '../transport/records';
import { getPayoutInformation } from '../transport/calls';
import type { TyltContext } from '../transport/credentials';
import { HOUR_MS, isInsideWindow, readPayoutHistoryWindow } from './history';
import { findReference, type ReferenceMatch } from './references';

/** Up to this many order IDs are asked for one by one; more, and history is read once for all of them first. */
export const ORDER_ID_CALLS_MAX = 10;

/** How Payout → Get names a payout: by TYLT's own order ID, or by the reference Payout → Create gave it. */
export type PayoutLookup =
	| { by: 'orderId'; orderId: string }
	| { by: 'reference'; reference: string };

/** `certain` is always true for an order ID. */
export type FoundPayout = ReferenceMatch;

/** One item's lookup: by reference, only payouts created in the last `lookBackHours` count. */
export interface PayoutLookupRequest {
	itemIndex: number;
	lookup: PayoutLookup;
	lookBackHours: number;
}

/** What one lookup came to: the payout, undefined when TYLT has none, or why it could not be looked up. */
export type PayoutLookupResult = { found: FoundPayout | undefined } | { error: Error };

/** One round with as few requests as it can: history read at most once, order IDs not in it asked directly. */
export async function lookUpPayouts(
	this: TyltContext,
	requests: readonly PayoutLookupRequest[],
): Promise<Map<number, PayoutLookupResult>> {
	const results = new Map<number, PayoutLookupResult>();
	const byReference = requests.flatMap(({ itemIndex, lookup, lookBackHours }) =>
		lookup.by === 'reference' ? [{ itemIndex, lookBackHours, reference: lookup.reference }] : [],
	);
	const byOrderId = requests.flatMap(({ itemIndex, lookup, lookBackHours }) =>
		lookup.by === 'orderId' ? [{ itemIndex, lookBackHours, orderId: lookup.orderId }] : [],
	);
	const historyReaders = byOrderId.length > ORDER_ID_CALLS_MAX ? requests : byReference;

	let history: PayoutRecord[] = [];
	/** Whether history back to every order ID's look-back was read: then absent there is absent. */
	let orderIdsInHistory = false;
	if (historyReaders.length > 0) {
		const startedMs = Date.now();
		try {
			history = await readLookBack.call(this, historyReaders);
			orderIdsInHistory = historyReaders === requests;
			for (const { itemIndex, lookBackHours, reference } of byReference) {
				const cutoffMs = startedMs - lookBackHours * HOUR_MS;
				const inside = history.filter((record) => isInsideWindow(record, cutoffMs));
				results.set(itemIndex, { found: findReference(inside, reference) });
			}
		} catch (error) {
			// Order IDs can still be asked for one by one; a reference has nowhere else to be found.
			for (const { itemIndex } of byReference) results.set(itemIndex, { error: error as Error });
		}
	}

	const historyByOrderId = new Map(history.map((record) => [String(record.orderId), record]));
	const toConfirm: typeof byOrderId = [];
	for (const request of byOrderId) {
		const { itemIndex, orderId } = request;
		const inHistory = historyByOrderId.get(orderId);
		if (inHistory) {
			results.set(itemIndex, { found: { record: inHistory, certain: true } });
			continue;
		}
		try {
			const record = await getPayoutInformation.call(this, orderId, itemIndex);
			if (record) results.set(itemIndex, { found: { record, certain: true } });
			else if (orderIdsInHistory) results.set(itemIndex, { found: undefined });
			else toConfirm.push(request);
		} catch (error) {
			results.set(itemIndex, { error: error as Error });
		}
	}
	if (toConfirm.length > 0) await confirmAbsent.call(this, toConfirm, results);
	return results;
}

/**
 * Every "none" of the single-payout call may be a refusal for another reason (TYLT documents no answer for an
 * unknown order ID): "not found" only once history does not hold it either; a failed read is an error.
 */
async function confirmAbsent(
	this: TyltContext,
	requests: ReadonlyArray<{ itemIndex: number; lookBackHours: number; orderId: string }>,
	results: Map<number, PayoutLookupResult>,
): Promise<void> {
	try {
		const history = await readLookBack.call(this, requests);
		for (const { itemIndex, orderId } of requests) {
			const record = history.find((payout) => String(payout.orderId) === orderId);
			results.set(itemIndex, { found: record && { record, certain: true } });
		}
	} catch (error) {
		for (const { itemIndex } of requests) results.set(itemIndex, { error: error as Error });
	}
}

async function readLookBack(
	this: TyltContext,
	requests: ReadonlyArray<{ itemIndex: number; lookBackHours: number }>,
): Promise<PayoutRecord[]> {
	return await readPayoutHistoryWindow.call(this, {
		lookBackHours: Math.max(...requests.map((request) => request.lookBackHours)),
		itemIndex: requests[0].itemIndex,
		lookBackParameter: 'Options → Look-Back (Hours)',
	});
}

export function describeLookup(lookup: PayoutLookup): string {
	return lookup.by === 'orderId'
		? `order ID "${lookup.orderId}"`
		: `reference "${lookup.reference}"`;
}
