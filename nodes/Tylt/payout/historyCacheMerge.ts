/**
 * The history cache's consistency checks: whether an incremental read agrees with the payouts already known
 * (mergeRead), and what of a payout must never change between two reads (identityOf). Fail closed: a read
 * that does not fit changes nothing, and the caller reads the window in full again.
 */
import type { PayoutRecord } from '../transport/records';
import { payoutCreatedMs } from './history';
import type { CachedPayout, WindowState } from './historyCacheStore';

/**
 * Brings the known window up to date with a read of history down to `readBackToMs` and returns true, or
 * returns false and changes nothing when the two disagree (then only a full read can be trusted). Costs
 * what was read, plus one pass over the known payouts without allocating.
 */
export function mergeRead(
	known: WindowState,
	readBackToMs: number,
	top: readonly PayoutRecord[],
	olderOnLastPage: readonly PayoutRecord[],
	readStartedMs: number,
): boolean {
	const fresh = uniqueByOrderId(top).map((record) =>
		cached(record, readStartedMs, known.byOrderId.get(String(record.orderId))),
	);
	const freshIds = new Set<string>();
	for (const payout of fresh) {
		const before = known.byOrderId.get(payout.orderId);
		if (before && before.identity !== payout.identity) return false;
		freshIds.add(payout.orderId);
	}
	// Every known payout from the read's lower end up must have been read again: else the pages skipped it.
	for (const payout of known.byOrderId.values()) {
		if (
			payout.createdMs !== undefined &&
			payout.createdMs >= readBackToMs &&
			!freshIds.has(payout.orderId)
		) {
			return false;
		}
	}
	const updated: CachedPayout[] = [];
	for (const record of uniqueByOrderId(olderOnLastPage)) {
		const payout = cached(record, readStartedMs, known.byOrderId.get(String(record.orderId)));
		if (payout.createdMs !== undefined && payout.createdMs < known.coveredFromMs) continue;
		if (freshIds.has(payout.orderId)) continue;
		const before = known.byOrderId.get(payout.orderId);
		// Inside the window but unknown: recorded later than the margin allows, and seen only by chance.
		if (!before || before.identity !== payout.identity) return false;
		updated.push(payout);
	}

	// It fits: changed versions where they are indexed, then the newest payouts, oldest of them first.
	for (const payout of updated) {
		known.bytes += payout.bytes - (known.byOrderId.get(payout.orderId)?.bytes ?? 0);
		known.byOrderId.set(payout.orderId, payout);
		known.index.update(payout.record);
	}
	for (let position = fresh.length - 1; position >= 0; position--) {
		const payout = fresh[position];
		known.bytes += payout.bytes - (known.byOrderId.get(payout.orderId)?.bytes ?? 0);
		known.byOrderId.set(payout.orderId, payout);
		known.index.add(payout.record);
		known.newestMs = newer(known.newestMs, payout.createdMs);
	}
	return true;
}

export function newer(a: number | undefined, b: number | undefined): number | undefined {
	if (a === undefined) return b;
	return b === undefined ? a : Math.max(a, b);
}

/** Pages shift while payouts are created during a read: the first sighting (newest version) counts. */
export function uniqueByOrderId(records: readonly PayoutRecord[]): PayoutRecord[] {
	const seen = new Set<string>();
	return records.filter((record) => {
		const orderId = String(record.orderId);
		if (seen.has(orderId)) return false;
		seen.add(orderId);
		return true;
	});
}

/**
 * A payout as read, kept as it is: the records of a history read reach no one but the cache (the ledger
 * outputs copies). Its size is measured once, when it is first kept.
 */
export function cached(
	record: PayoutRecord,
	readStartedMs: number,
	before?: CachedPayout,
): CachedPayout {
	const identity = identityOf(record);
	return {
		orderId: String(record.orderId),
		record,
		createdMs: payoutCreatedMs(record),
		identity,
		bytes: before?.identity === identity ? before.bytes : JSON.stringify(record).length,
		readStartedMs,
	};
}

/**
 * What makes a payout the payout it is for the guard: where its references come from (comments, merchant
 * order ID), what it pays (recipient, network, currency, amounts) and when it was created (its window).
 * Status, finality and amounts sent change as it settles; these never should.
 */
function identityOf(record: PayoutRecord): string {
	return JSON.stringify([
		record.createdAt,
		record.comments,
		record.merchantOrderId,
		record.toAddress,
		record.network,
		record.settledCurrency,
		record.settledAmountRequested,
		record.baseAmount,
		record.baseCurrency,
	]);
}
