/**
 * The duplicate guard's view of TYLT payout history, kept between executions of one n8n process, per TYLT
 * account (like the claims: module-level, keyed by the account hash). The first execution reads the whole
 * look-back window; later ones read history newest first only down to the payouts already known (with a
 * margin for payouts recorded late) and take the rest from here. So a form submission against an account
 * with 10,000 payouts in its window costs one history request, not fifty-one.
 *
 * Fail closed: what a read shows must agree with what is known, or the window is read in full again:
 * - every known payout created at or after the point the read goes down to is on the pages read;
 * - a payout seen again has the same identity (reference tags, recipient, network, currency, amounts,
 *   createdAt); only its status and the like may change, and the newest version is kept;
 * - no payout inside the known window appears on the pages read that the cache does not hold (a payout
 *   recorded later than the margin allows, when it shows up on a page that is read anyway).
 * A read that fails is the item's error, as it was before: nothing is guessed from the cache alone.
 * Payouts made outside this process (another worker, the dashboard) are seen by the incremental read as long
 * as TYLT lists them no later than the margin allows (lateArrivalMarginMs; docs/money-safety.md: "History cache").
 */
import { HISTORY_PAGE_SIZE_MAX } from '../transport/calls';
import type { TyltContext } from '../transport/credentials';
import {
	assertWindowFits,
	PAYOUT_HISTORY_MAX_RECORDS,
	readPayoutHistoryBackTo,
	type PayoutHistoryWindowRequest,
} from './history';
import { cached, mergeRead, newer, uniqueByOrderId } from './historyCacheMerge';
import {
	accountHistory,
	accounts,
	forgetStaleAccounts,
	HISTORY_CACHE_LIMITS,
	keepWithinLimits,
	type CachedPayout,
	type Refresh,
	type WindowState,
} from './historyCacheStore';
import { ReferenceIndex } from './ledger';
import type { PayoutRecord } from '../transport/records';

export interface HistoryWindowAsk extends Omit<PayoutHistoryWindowRequest, 'cutoffMs'> {
	cutoffMs: number;
	/**
	 * Serve a read that started at or after this time, one already done included (default: a read that starts
	 * after this call). An execution passes its own start, so its later decisions share the read it made.
	 */
	freshSinceMs?: number;
	/** Read the whole window again, not only its top: every payout in it then shows TYLT's record as it is now. */
	inFull?: boolean;
}

/**
 * The payouts TYLT has created at or after `ask.cutoffMs` (and those of unknown age, and maybe older ones: the
 * ledger applies each item's own window), by reference, shared with other executions (read, never change), from a
 * history read that started after this call did: the cache brought up to date by an incremental read, or a
 * full read when there is nothing to build on or what was read does not fit what is known. Executions of
 * the same account take turns; one that asks while a read is under way waits for it and then joins or
 * starts the next one, so no execution is served a read older than its own start.
 */
export async function payoutHistoryWindow(
	this: TyltContext,
	account: string,
	ask: HistoryWindowAsk,
): Promise<ReferenceIndex> {
	const { state, readStartedMs } = await freshWindow.call(this, account, ask);
	return windowOf.call(this, state, ask, readStartedMs);
}

/** The payouts of a window, and which of them the read that served it did not reach. */
export interface PayoutsSince {
	records: PayoutRecord[];
	/**
	 * Of `records`, those below the lower end of the incremental read that served them: each is the record as an
	 * earlier read showed it, and TYLT may show another status for it now.
	 */
	readEarlier: ReadonlySet<PayoutRecord>;
}

/**
 * The payouts TYLT has created at or after `ask.cutoffMs` (and those of unknown age), from the same fresh read
 * payoutHistoryWindow serves: what Max Amount per 24 Hours adds up. Shared records: read, never change.
 */
export async function payoutsCreatedSince(
	this: TyltContext,
	account: string,
	ask: HistoryWindowAsk,
): Promise<PayoutsSince> {
	const { state, readStartedMs } = await freshWindow.call(this, account, ask);
	windowOf.call(this, state, ask, readStartedMs);
	const records: PayoutRecord[] = [];
	const readEarlier = new Set<PayoutRecord>();
	for (const payout of state.byOrderId.values()) {
		if (payout.createdMs !== undefined && payout.createdMs < ask.cutoffMs) continue;
		records.push(payout.record);
		if (payout.readStartedMs < readStartedMs) readEarlier.add(payout.record);
	}
	return { records, readEarlier };
}

/** The account's window from a read that started after this call did (see payoutHistoryWindow). */
async function freshWindow(
	this: TyltContext,
	account: string,
	ask: HistoryWindowAsk,
): Promise<{ state: WindowState; readStartedMs: number }> {
	const askedMs = ask.freshSinceMs ?? Date.now();
	forgetStaleAccounts(Date.now());
	let history = accountHistory(account);
	for (;;) {
		const under = history.refresh;
		if (
			under &&
			under.startedMs >= askedMs &&
			under.cutoffMs <= ask.cutoffMs &&
			(under.inFull || !ask.inFull)
		) {
			return { state: await under.done, readStartedMs: under.startedMs };
		}
		if (!under) break;
		// A read that fails is its starter's error; this execution reads for itself next.
		await under.done.catch(() => undefined);
		// The entry may have gone with a failed read's window: take the account's entry as it is now.
		history = accountHistory(account);
	}
	const known = history.state;
	if (
		ask.freshSinceMs !== undefined &&
		known?.lastReadStartedMs !== undefined &&
		known.lastReadStartedMs >= askedMs &&
		known.coveredFromMs <= ask.cutoffMs &&
		(known.fullReadAtMs >= askedMs || !ask.inFull)
	) {
		return { state: known, readStartedMs: known.lastReadStartedMs };
	}
	const startedMs = Date.now();
	const basis = incrementalBasis(known, ask, startedMs);
	const refresh: Refresh = {
		startedMs,
		cutoffMs: ask.cutoffMs,
		inFull: basis === undefined,
		done: basis
			? incrementalRead.call(this, basis, ask, startedMs)
			: fullRead.call(this, ask, startedMs),
	};
	history.refresh = refresh;
	try {
		const state = await refresh.done;
		state.lastReadStartedMs = refresh.startedMs;
		history.state = state;
		keepWithinLimits(account);
		return { state, readStartedMs: refresh.startedMs };
	} finally {
		if (history.refresh === refresh) history.refresh = undefined;
		if (!history.state && !history.refresh && accounts.get(account) === history) {
			accounts.delete(account);
		}
	}
}

/**
 * What an incremental read builds on, or undefined when the window is read in full: asked to, nothing known,
 * or what is known is too old or too short to build on.
 */
function incrementalBasis(
	known: WindowState | undefined,
	ask: HistoryWindowAsk,
	startedMs: number,
): { known: WindowState; newestMs: number } | undefined {
	if (
		ask.inFull === true ||
		known?.newestMs === undefined ||
		known.coveredFromMs > ask.cutoffMs ||
		startedMs - known.fullReadAtMs > HISTORY_CACHE_LIMITS.fullReadMaxAgeMs
	) {
		return undefined;
	}
	return { known, newestMs: known.newestMs };
}

/** The known window brought up to date by a read of its top, or read in full when the two do not fit. */
async function incrementalRead(
	this: TyltContext,
	{ known, newestMs: knownNewestMs }: { known: WindowState; newestMs: number },
	ask: HistoryWindowAsk,
	startedMs: number,
): Promise<WindowState> {
	// A payout dated ahead of this clock counts as dated now: taken as it is, it would lift the lower end above
	// every payout made since, and each would then force a full read. (Reading further down is always safe.)
	const newestMs = Math.min(knownNewestMs, startedMs);
	const readBackToMs = Math.max(
		newestMs - HISTORY_CACHE_LIMITS.lateArrivalMarginMs,
		known.coveredFromMs,
	);
	const read = await readPayoutHistoryBackTo.call(this, {
		...ask,
		cutoffMs: readBackToMs,
		pageSize: incrementalPageSize(known, readBackToMs),
	});
	if (mergeRead(known, readBackToMs, read.inside, read.olderOnLastPage, startedMs)) return known;
	return await fullRead.call(this, ask, Date.now());
}

/**
 * Rows to ask per page of an incremental read: the known payouts it must see again, and room for the new
 * ones since the last read (HISTORY_CACHE_LIMITS.newPayoutsPerPage); at most HISTORY_PAGE_SIZE_MAX. Pages
 * are read on to the lower end whatever their size: a smaller page only costs less to send and parse.
 */
function incrementalPageSize(known: WindowState, readBackToMs: number): number {
	let again = 0;
	for (const payout of known.byOrderId.values()) {
		if (payout.createdMs === undefined || payout.createdMs >= readBackToMs) again++;
	}
	return Math.min(again + HISTORY_CACHE_LIMITS.newPayoutsPerPage, HISTORY_PAGE_SIZE_MAX);
}

async function fullRead(
	this: TyltContext,
	ask: HistoryWindowAsk,
	startedMs: number,
): Promise<WindowState> {
	const { inside } = await readPayoutHistoryBackTo.call(this, ask);
	const payouts = uniqueByOrderId(inside).map((record) => cached(record, startedMs));
	let newestMs: number | undefined;
	let bytes = 0;
	for (const payout of payouts) {
		newestMs = newer(newestMs, payout.createdMs);
		bytes += payout.bytes;
	}
	return {
		byOrderId: new Map(payouts.map((payout) => [payout.orderId, payout])),
		index: ReferenceIndex.ofHistory(payouts.map((payout) => payout.record)),
		coveredFromMs: ask.cutoffMs,
		fullReadAtMs: startedMs,
		newestMs,
		bytes,
	};
}

/**
 * The window's index for the ask, after the check that the window asked for holds no more payouts than a
 * read may (the same error as a full read's, with the look-back that fits).
 */
function windowOf(
	this: TyltContext,
	state: WindowState,
	ask: HistoryWindowAsk,
	readStartedMs: number,
): ReferenceIndex {
	const inside = (payout: CachedPayout) =>
		payout.createdMs === undefined || payout.createdMs >= ask.cutoffMs;
	let count = 0;
	for (const payout of state.byOrderId.values()) if (inside(payout)) count++;
	if (count > (ask.maxRecords ?? PAYOUT_HISTORY_MAX_RECORDS)) {
		const newestFirst = [...state.byOrderId.values()]
			.filter(inside)
			.sort((a, b) => (b.createdMs ?? Infinity) - (a.createdMs ?? Infinity))
			.map((payout) => payout.record);
		assertWindowFits(this.getNode(), ask, newestFirst, readStartedMs);
	}
	return state.index;
}
