import type { PayoutRecord } from '../helpers/types';
import { findReference } from './references';

/** How Payout → Get names a payout: by TYLT's own order ID, or by the reference Payout → Create gave it. */
export type PayoutLookup =
	| { by: 'orderId'; orderId: string }
	| { by: 'reference'; reference: string };

export interface FoundPayout {
	record: PayoutRecord;
	/** False when only a doubtful reference tag matched (see references.ts). Always true for an order ID. */
	certain: boolean;
}

/** The payout `lookup` names, in history ordered newest first (the newest, when a reference was reused). */
export function findPayout(
	history: readonly PayoutRecord[],
	lookup: PayoutLookup,
): FoundPayout | undefined {
	if (lookup.by === 'reference') return findReference(history, lookup.reference);
	const record = history.find((payout) => String(payout.orderId) === lookup.orderId);
	return record === undefined ? undefined : { record, certain: true };
}

export function describeLookup(lookup: PayoutLookup): string {
	return lookup.by === 'orderId'
		? `order ID "${lookup.orderId}"`
		: `reference "${lookup.reference}"`;
}
