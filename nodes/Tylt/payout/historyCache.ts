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
import type { PayoutRecord } from '../helpers/types';
import { HISTORY_PAGE_SIZE_MAX, type TyltContext } from '../transport';
import {
	assertWindowFits,
	LATE_ARRIVAL_GRACE_MS,
	PAYOUT_HISTORY_MAX_RECORDS,
	payoutCreatedMs,
	readPayoutHistoryBackTo,
	type PayoutHistoryWindowRequest,
} from './history';
import { ReferenceIndex } from './ledger';

/** Tunable so tests can shrink them; not user options. */
export const HISTORY_CACHE_LIMITS = {
	/**
	 * Each incremental read goes this far below the newest payout known: a payout TYLT lists up to this long
	 * after a later one (a slow create) is still seen. The polling trigger's grace, for one notion of "late"
	 * across the package. It costs what the account paid in that time, not its history: at one payout a minute
	 * one page, at one a second five.
	 */
	lateArrivalMarginMs: LATE_ARRIVAL_GRACE_MS,
	/** Room for payouts new since the last read on an incremental read's first page. */
	newPayoutsPerPage: 25,
	/** An account's window is read in full again when its last full read is older than this. */
	fullReadMaxAgeMs: 60 * 60_000,
	/** Payouts kept for all accounts together; past it, the accounts used longest ago are forgotten. */
	maxRecords: 20_000,
	/** Accounts kept; past it, the accounts used longest ago are forgotten (each costs a little, even empty). */
	maxAccounts: 100,
	/** The same for the payouts' size as JSON (characters, about bytes). */
	maxBytes: 32 * 1024 * 1024,
};

/** One payout as the cache holds it. */
interface CachedPayout {
	orderId: string;
	record: PayoutRecord;
	createdMs: number | undefined;
	/** What must never change about a payout between two reads (see identityOf). */
	identity: string;
	bytes: number;
}

/**
 * An account's window: every payout TYLT listed created at or after `coveredFromMs`. Brought up to date in
 * place by incremental reads (only once a read is known to fit: an execution's ledger may hold `index`, and
 * it then sees newer versions and newer payouts, never fewer); a full read makes a new one.
 */
interface WindowState {
	byOrderId: Map<string, CachedPayout>;
	/** The payouts by reference, for the ledgers of the executions this window serves. */
	index: ReferenceIndex;
	coveredFromMs: number;
	fullReadAtMs: number;
	/** The newest createdAt known; undefined when no payout has a readable one. */
	newestMs: number | undefined;
	bytes: number;
}

interface Refresh {
	startedMs: number;
	cutoffMs: number;
	done: Promise<WindowState>;
}

/**
 * What the cache holds for one account. It goes as a whole when its window goes (too old to build on, or
 * forgotten for the limits) and no read is under way: a process that has seen many Base URLs or keys holds
 * nothing for the old ones.
 */
interface AccountHistory {
	state?: WindowState;
	refresh?: Refresh;
	/**
	 * The largest page TYLT served this account: its cap, if it has one, is at least this, so a first page
	 * shorter than asked and than this is the end of history (see payoutHistoryPages).
	 */
	servesAtLeast?: number;
}

const accounts = new Map<string, AccountHistory>();

export interface HistoryWindowAsk extends Omit<PayoutHistoryWindowRequest, 'cutoffMs'> {
	cutoffMs: number;
}

/**
 * History by reference, holding every payout created at or after the cut-off asked for (and maybe older
 * ones: the ledger applies each item's own window). Shared with other executions: read, never change.
 */
export type HistoryWindow = ReferenceIndex;

/**
 * The payouts TYLT has created at or after `ask.cutoffMs` (and those of unknown age), by reference, from a
 * history read that started after this call did: the cache brought up to date by an incremental read, or a
 * full read when there is nothing to build on or what was read does not fit what is known. Executions of
 * the same account take turns; one that asks while a read is under way waits for it and then joins or
 * starts the next one, so no execution is served a read older than its own start.
 */
export async function payoutHistoryWindow(
	this: TyltContext,
	account: string,
	ask: HistoryWindowAsk,
): Promise<HistoryWindow> {
	const askedMs = Date.now();
	forgetStaleAccounts(askedMs);
	let history = accountHistory(account);
	for (;;) {
		const under = history.refresh;
		if (under && under.startedMs >= askedMs && under.cutoffMs <= ask.cutoffMs) {
			return windowOf.call(this, await under.done, ask, under.startedMs);
		}
		if (!under) break;
		// A read that fails is its starter's error; this execution reads for itself next.
		await under.done.catch(() => undefined);
		// The entry may have gone with a failed read's window: take the account's entry as it is now.
		history = accountHistory(account);
	}
	const refresh: Refresh = {
		startedMs: Date.now(),
		cutoffMs: ask.cutoffMs,
		done: refreshed.call(this, history, ask),
	};
	history.refresh = refresh;
	try {
		const state = await refresh.done;
		history.state = state;
		keepWithinLimits(account);
		return windowOf.call(this, state, ask, refresh.startedMs);
	} finally {
		if (history.refresh === refresh) history.refresh = undefined;
		if (!history.state && !history.refresh && accounts.get(account) === history) {
			accounts.delete(account);
		}
	}
}

async function refreshed(
	this: TyltContext,
	history: AccountHistory,
	ask: HistoryWindowAsk,
): Promise<WindowState> {
	const known = history.state;
	const startedMs = Date.now();
	if (
		known === undefined ||
		known.newestMs === undefined ||
		known.coveredFromMs > ask.cutoffMs ||
		startedMs - known.fullReadAtMs > HISTORY_CACHE_LIMITS.fullReadMaxAgeMs
	) {
		return await fullRead.call(this, history, ask, startedMs);
	}
	// A payout dated ahead of this clock counts as dated now: taken as it is, it would lift the lower end above
	// every payout made since, and each would then force a full read. (Reading further down is always safe.)
	const newestMs = Math.min(known.newestMs, startedMs);
	const readBackToMs = Math.max(
		newestMs - HISTORY_CACHE_LIMITS.lateArrivalMarginMs,
		known.coveredFromMs,
	);
	const read = await readPayoutHistoryBackTo.call(this, {
		...ask,
		cutoffMs: readBackToMs,
		pageSize: incrementalPageSize(known, readBackToMs),
		servesAtLeast: history.servesAtLeast,
	});
	learnPageSize(history, read.largestPage);
	if (mergeRead(known, readBackToMs, read.inside, read.olderOnLastPage)) return known;
	return await fullRead.call(this, history, ask, Date.now());
}

function learnPageSize(history: AccountHistory, served: number) {
	history.servesAtLeast = Math.max(history.servesAtLeast ?? 0, served);
}

/**
 * Rows to ask per page of an incremental read: the known payouts it must see again, and room for the new
 * ones since the last read (HISTORY_CACHE_LIMITS.newPayoutsPerPage); at most TYLT's largest page. Pages
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
	history: AccountHistory,
	ask: HistoryWindowAsk,
	startedMs: number,
): Promise<WindowState> {
	const { inside, largestPage } = await readPayoutHistoryBackTo.call(this, {
		...ask,
		servesAtLeast: history.servesAtLeast,
	});
	learnPageSize(history, largestPage);
	const payouts = uniqueByOrderId(inside).map((record) => cached(record));
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
 * Brings the known window up to date with a read of history down to `readBackToMs` and returns true, or
 * returns false and changes nothing when the two disagree (then only a full read can be trusted). Costs
 * what was read, plus one pass over the known payouts without allocating.
 */
function mergeRead(
	known: WindowState,
	readBackToMs: number,
	top: readonly PayoutRecord[],
	olderOnLastPage: readonly PayoutRecord[],
): boolean {
	const fresh = uniqueByOrderId(top).map((record) =>
		cached(record, known.byOrderId.get(String(record.orderId))),
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
		const payout = cached(record, known.byOrderId.get(String(record.orderId)));
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

/**
 * The window's index for the ask, after the check that the window asked for holds no more payouts than a
 * read may (the same error as a full read's, with the look-back that fits).
 */
function windowOf(
	this: TyltContext,
	state: WindowState,
	ask: HistoryWindowAsk,
	readStartedMs: number,
): HistoryWindow {
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

function newer(a: number | undefined, b: number | undefined): number | undefined {
	if (a === undefined) return b;
	return b === undefined ? a : Math.max(a, b);
}

/** Pages shift while payouts are created during a read: the first sighting (newest version) counts. */
function uniqueByOrderId(records: readonly PayoutRecord[]): PayoutRecord[] {
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
function cached(record: PayoutRecord, before?: CachedPayout): CachedPayout {
	const identity = identityOf(record);
	return {
		orderId: String(record.orderId),
		record,
		createdMs: payoutCreatedMs(record),
		identity,
		bytes: before?.identity === identity ? before.bytes : JSON.stringify(record).length,
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

function accountHistory(account: string): AccountHistory {
	const history = accounts.get(account) ?? {};
	// Map order: the account used longest ago first, for keepWithinLimits.
	accounts.delete(account);
	accounts.set(account, history);
	return history;
}

/**
 * Forgets the accounts used longest ago until all kept payouts and accounts fit the limits; an account whose
 * window alone does not fit is not kept (its executions read in full, as without a cache). An account with a
 * read under way keeps its entry (the read's executions wait on it) but not its window.
 */
function keepWithinLimits(current: string) {
	let records = 0;
	let bytes = 0;
	for (const history of accounts.values()) {
		records += history.state?.byOrderId.size ?? 0;
		bytes += history.state?.bytes ?? 0;
	}
	const fits = () =>
		records <= HISTORY_CACHE_LIMITS.maxRecords &&
		bytes <= HISTORY_CACHE_LIMITS.maxBytes &&
		accounts.size <= HISTORY_CACHE_LIMITS.maxAccounts;
	for (const [account, history] of accounts) {
		if (fits()) return;
		if (account === current) continue;
		records -= history.state?.byOrderId.size ?? 0;
		bytes -= history.state?.bytes ?? 0;
		forgetAccount(account, history);
	}
	if (!fits()) {
		const history = accounts.get(current);
		if (history) history.state = undefined;
	}
}

/** Forgets the accounts whose window is too old to build on (the next read is a full one anyway). */
function forgetStaleAccounts(nowMs: number) {
	for (const [account, history] of accounts) {
		if (
			history.state &&
			nowMs - history.state.fullReadAtMs <= HISTORY_CACHE_LIMITS.fullReadMaxAgeMs
		) {
			continue;
		}
		forgetAccount(account, history);
	}
}

function forgetAccount(account: string, history: AccountHistory) {
	history.state = undefined;
	if (!history.refresh) accounts.delete(account);
}

/** How many accounts the cache holds anything for (tests check that it stays bounded). */
export function cachedAccounts(): number {
	return accounts.size;
}

/** Forgets every account's window (tests start each case from a fresh process). */
export function forgetHistoryCache() {
	accounts.clear();
}
