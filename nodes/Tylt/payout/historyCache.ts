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
 * as TYLT lists them no later than the margin allows (lateArrivalMarginMs; README: "History cache").
 */
import type { PayoutRecord } from '../helpers/types';
import type { TyltContext } from '../transport';
import {
	assertWindowFits,
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
	 * after a later one (a slow create) is still seen. Twice the node's default create timeout: a create
	 * answered later than that is an unknown outcome anyway. Not the polling trigger's 15 minutes: on an
	 * account paying every second that would be 900 payouts, five pages on every execution.
	 */
	lateArrivalMarginMs: 2 * 60_000,
	/** An account's window is read in full again when its last full read is older than this. */
	fullReadMaxAgeMs: 60 * 60_000,
	/** Payouts kept for all accounts together; past it, the accounts used longest ago are forgotten. */
	maxRecords: 20_000,
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
 * An account's window as one read left it, never changed afterwards (a later read makes a new one): every
 * payout TYLT listed created at or after `coveredFromMs`, newest first.
 */
interface WindowState {
	payouts: readonly CachedPayout[];
	/** The payouts by reference, for the ledgers of the executions this read serves. */
	index: ReferenceIndex;
	coveredFromMs: number;
	fullReadAtMs: number;
	bytes: number;
}

interface Refresh {
	startedMs: number;
	cutoffMs: number;
	done: Promise<WindowState>;
}

interface AccountHistory {
	state?: WindowState;
	refresh?: Refresh;
	usedAtMs: number;
}

const accounts = new Map<string, AccountHistory>();

/** How the cache met the last read, per account: for tests and the bench, never for decisions. */
export type HistoryReadKind = 'full' | 'incremental' | 'fullAfterMismatch';
const lastReadKinds = new Map<string, HistoryReadKind>();

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
	const history = accountHistory(account, askedMs);
	for (;;) {
		const under = history.refresh;
		if (under && under.startedMs >= askedMs && under.cutoffMs <= ask.cutoffMs) {
			return windowOf.call(this, await under.done, ask, under.startedMs);
		}
		if (!under) break;
		// A read that fails is its starter's error; this execution reads for itself next.
		await under.done.catch(() => undefined);
	}
	const refresh: Refresh = {
		startedMs: Date.now(),
		cutoffMs: ask.cutoffMs,
		done: refreshed.call(this, account, history.state, ask),
	};
	history.refresh = refresh;
	try {
		const state = await refresh.done;
		history.state = state;
		keepWithinLimits(account);
		return windowOf.call(this, state, ask, refresh.startedMs);
	} finally {
		if (history.refresh === refresh) history.refresh = undefined;
	}
}

async function refreshed(
	this: TyltContext,
	account: string,
	known: WindowState | undefined,
	ask: HistoryWindowAsk,
): Promise<WindowState> {
	const startedMs = Date.now();
	const newestMs = known && newestCreatedMs(known);
	if (
		known === undefined ||
		newestMs === undefined ||
		known.coveredFromMs > ask.cutoffMs ||
		startedMs - known.fullReadAtMs > HISTORY_CACHE_LIMITS.fullReadMaxAgeMs
	) {
		lastReadKinds.set(account, 'full');
		return await fullRead.call(this, ask, startedMs);
	}
	const readBackToMs = Math.max(
		newestMs - HISTORY_CACHE_LIMITS.lateArrivalMarginMs,
		known.coveredFromMs,
	);
	const read = await readPayoutHistoryBackTo.call(this, { ...ask, cutoffMs: readBackToMs });
	const merged = mergeRead(known, readBackToMs, read.inside, read.olderOnLastPage);
	if (merged) {
		lastReadKinds.set(account, 'incremental');
		return merged;
	}
	lastReadKinds.set(account, 'fullAfterMismatch');
	return await fullRead.call(this, ask, Date.now());
}

async function fullRead(
	this: TyltContext,
	ask: HistoryWindowAsk,
	startedMs: number,
): Promise<WindowState> {
	const { inside } = await readPayoutHistoryBackTo.call(this, ask);
	const payouts = uniqueByOrderId(inside).map(cached);
	return {
		payouts,
		index: ReferenceIndex.ofHistory(payouts.map((payout) => payout.record)),
		coveredFromMs: ask.cutoffMs,
		fullReadAtMs: startedMs,
		bytes: sizeOf(payouts),
	};
}

/**
 * The known window brought up to date by a read of history down to `readBackToMs`, or undefined when the
 * two disagree (then only a full read can be trusted).
 */
function mergeRead(
	known: WindowState,
	readBackToMs: number,
	top: readonly PayoutRecord[],
	olderOnLastPage: readonly PayoutRecord[],
): WindowState | undefined {
	const byOrderId = new Map(known.payouts.map((payout) => [payout.orderId, payout]));
	const fresh = uniqueByOrderId(top).map(cached);
	const freshIds = new Set(fresh.map((payout) => payout.orderId));
	for (const payout of fresh) {
		const before = byOrderId.get(payout.orderId);
		if (before && before.identity !== payout.identity) return undefined;
	}
	// Every known payout from the read's lower end up must have been read again: else the pages skipped it.
	for (const payout of known.payouts) {
		if (
			payout.createdMs !== undefined &&
			payout.createdMs >= readBackToMs &&
			!freshIds.has(payout.orderId)
		) {
			return undefined;
		}
	}
	const updated = new Map<string, CachedPayout>();
	for (const record of uniqueByOrderId(olderOnLastPage)) {
		const payout = cached(record);
		if (payout.createdMs !== undefined && payout.createdMs < known.coveredFromMs) continue;
		const before = byOrderId.get(payout.orderId);
		// Inside the window but unknown: recorded later than the margin allows, and seen only by chance.
		if (!before || before.identity !== payout.identity) return undefined;
		updated.set(payout.orderId, payout);
	}
	const rest = known.payouts
		.filter((payout) => !freshIds.has(payout.orderId))
		.map((payout) => updated.get(payout.orderId) ?? payout);
	const payouts = [...fresh, ...rest];
	// The known index, brought up to date: changed versions where they are indexed, then the newest payouts.
	const index = new ReferenceIndex(known.index);
	for (const payout of updated.values()) index.update(payout.record);
	for (let position = fresh.length - 1; position >= 0; position--)
		index.add(fresh[position].record);
	return {
		payouts,
		index,
		coveredFromMs: known.coveredFromMs,
		fullReadAtMs: known.fullReadAtMs,
		bytes: sizeOf(payouts),
	};
}

/**
 * The state's index for the ask, after the check that the window asked for holds no more payouts than a
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
	for (const payout of state.payouts) if (inside(payout)) count++;
	if (count > (ask.maxRecords ?? PAYOUT_HISTORY_MAX_RECORDS)) {
		const records = state.payouts.filter(inside).map((payout) => payout.record);
		assertWindowFits(this.getNode(), ask, records, readStartedMs);
	}
	return state.index;
}

function newestCreatedMs(state: WindowState): number | undefined {
	let newest: number | undefined;
	for (const { createdMs } of state.payouts) {
		if (createdMs !== undefined && (newest === undefined || createdMs > newest)) newest = createdMs;
	}
	return newest;
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

function cached(record: PayoutRecord): CachedPayout {
	// A deep copy as JSON: the cache outlives the execution whose output items share the read's objects.
	const json = JSON.stringify(record);
	const kept = JSON.parse(json) as PayoutRecord;
	return {
		orderId: String(record.orderId),
		record: kept,
		createdMs: payoutCreatedMs(kept),
		identity: identityOf(kept),
		bytes: json.length,
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

function sizeOf(payouts: readonly CachedPayout[]): number {
	return payouts.reduce((total, payout) => total + payout.bytes, 0);
}

function accountHistory(account: string, nowMs: number): AccountHistory {
	let history = accounts.get(account);
	if (!history) {
		history = { usedAtMs: nowMs };
		accounts.set(account, history);
	}
	history.usedAtMs = nowMs;
	// Map order: the account used longest ago first, for keepWithinLimits.
	accounts.delete(account);
	accounts.set(account, history);
	return history;
}

/**
 * Forgets the windows of the accounts used longest ago until all kept payouts fit the limits; an account
 * whose window alone does not fit is not kept (its executions read in full, as without a cache).
 */
function keepWithinLimits(current: string) {
	let records = 0;
	let bytes = 0;
	for (const history of accounts.values()) {
		records += history.state?.payouts.length ?? 0;
		bytes += history.state?.bytes ?? 0;
	}
	for (const [account, history] of accounts) {
		if (records <= HISTORY_CACHE_LIMITS.maxRecords && bytes <= HISTORY_CACHE_LIMITS.maxBytes) {
			return;
		}
		if (!history.state || account === current) continue;
		records -= history.state.payouts.length;
		bytes -= history.state.bytes;
		history.state = undefined;
	}
	if (records > HISTORY_CACHE_LIMITS.maxRecords || bytes > HISTORY_CACHE_LIMITS.maxBytes) {
		const history = accounts.get(current);
		if (history) history.state = undefined;
	}
}

/** How the last read for the account went (tests, bench). */
export function lastHistoryRead(account: string): HistoryReadKind | undefined {
	return lastReadKinds.get(account);
}

/** What the cache holds, for tests: payouts and size per account. */
export function cachedHistorySize(account: string): { records: number; bytes: number } | undefined {
	const state = accounts.get(account)?.state;
	return state && { records: state.payouts.length, bytes: state.bytes };
}

/** Forgets every account's window (tests start each case from a fresh process). */
export function forgetHistoryCache() {
	accounts.clear();
	lastReadKinds.clear();
}
