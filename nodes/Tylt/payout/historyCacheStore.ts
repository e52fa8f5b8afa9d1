/** The history cache's store, one entry per TYLT account, and its bounds (the logic: historyCache.ts). */
import { keptBetweenExecutions } from '../../shared/memoryBetweenExecutions';
import type { PayoutRecord } from '../transport/records';
import { LATE_ARRIVAL_GRACE_MS } from './history';
import type { ReferenceIndex } from './ledger';

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
export interface CachedPayout {
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
export interface WindowState {
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

export interface Refresh {
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

export const accounts = keptBetweenExecutions('payoutHistory', new Map<string, AccountHistory>());

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
export function keepWithinLimits(current: string) {
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
export function forgetStaleAccounts(nowMs: number) {
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
