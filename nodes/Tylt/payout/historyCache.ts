/**
 * The duplicate guard's view of TYLT payout history, kept between executions per TYLT account: the first
 * execution reads the whole look-back window, later ones only its top, down to the payouts already known with a
 * margin for payouts recorded late. A read that does not fit what is known is redone in full, and a failed read
 * is the item's error: nothing is decided from the cache alone (docs/money-safety.md, "History cache").
 */
import { keptBetweenExecutions } from '../../shared/memoryBetweenExecutions';
import { HISTORY_PAGE_SIZE_MAX } from '../transport/calls';
import type { TyltContext } from '../transport/credentials';
import {
	assertWindowFits,
	LATE_ARRIVAL_GRACE_MS,
	PAYOUT_HISTORY_MAX_RECORDS,
	payoutCreatedMs,
	readPayoutHistoryBackTo,
	type PayoutHistoryWindowRequest,
} from './history';
import { ReferenceIndex } from './ledger';
import type { PayoutRecord } from '../transport/records';

/** Tunable so tests can shrink them; not user options. */
export const HISTORY_CACHE_LIMITS = {
	/** How far below the newest known payout an incremental read goes: the polling trigger's grace. */
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
	/** When the read that gave this version started: a payout below later incremental reads keeps an older one. */
	readStartedMs: number;
}

/**
 * An account's window: every payout created at or after `coveredFromMs`. Updated in place only by a read known
 * to fit (a ledger may hold `index`, and must never see fewer payouts); a full read makes a new one.
 */
interface WindowState {
	byOrderId: Map<string, CachedPayout>;
	/** The payouts by reference, for the ledgers of the executions this window serves. */
	index: ReferenceIndex;
	coveredFromMs: number;
	fullReadAtMs: number;
	/** When the last read merged into this window started (a full or an incremental one). */
	lastReadStartedMs?: number;
	/** The newest createdAt known; undefined when no payout has a readable one. */
	newestMs: number | undefined;
	bytes: number;
}

interface Refresh {
	startedMs: number;
	cutoffMs: number;
	/** Whether it reads the whole window (an incremental read that does not fit becomes one too). */
	inFull: boolean;
	done: Promise<WindowState>;
}

/** What the cache holds for one account; it goes when its window goes and no read is under way. */
interface AccountHistory {
	state?: WindowState;
	refresh?: Refresh;
}

const accounts = keptBetweenExecutions('payoutHistory', new Map<string, AccountHistory>());

export function accountHistory(account: string): AccountHistory {
	const history = accounts.get(account) ?? {};
	// Map order: the account used longest ago first, for keepWithinLimits.
	accounts.delete(account);
	accounts.set(account, history);
	return history;
}

/**
 * Forgets the accounts used longest ago until the rest fit the limits; an account whose window alone does not
 * fit is not kept. One with a read under way keeps its entry (the read's executions wait on it), not its window.
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

export interface HistoryWindowAsk extends Omit<PayoutHistoryWindowRequest, 'cutoffMs'> {
	cutoffMs: number;
	/** Serve a read started at or after this (default: this call); an execution passes its own start. */
	freshSinceMs?: number;
	/** Read the whole window again, not only its top: every payout in it then shows TYLT's record as it is now. */
	inFull?: boolean;
}

/**
 * The payouts since `ask.cutoffMs` (and of unknown age; maybe older: the ledger applies each item's window) by
 * reference, shared: read, never change. Executions of an account take turns; one asking during a read waits,
 * then joins or starts the next, never served an older read.
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
	/** Of `records`, those below the incremental read that served them: TYLT may show another status now. */
	readEarlier: ReadonlySet<PayoutRecord>;
}

/** payoutHistoryWindow's payouts as a list, for Max Amount per 24 Hours. Shared: read, never change. */
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

/** What an incremental read builds on; undefined when asked in full or nothing known fits or is young enough. */
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

/** Rows per page of an incremental read: the known payouts it must see again, and room for new ones. */
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

/** The window's index, once it holds no more payouts than a read may (the full read's error otherwise). */
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

/**
 * Brings the known window up to date with a read down to `readBackToMs`, or returns false and changes nothing
 * when the two disagree (then only a full read can be trusted).
 */
function mergeRead(
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

/** A payout as read, kept as it is (the ledger outputs copies); its size measured once, when first kept. */
function cached(record: PayoutRecord, readStartedMs: number, before?: CachedPayout): CachedPayout {
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

/** What must never change about a payout between reads: its reference's sources, what it pays, when created. */
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
