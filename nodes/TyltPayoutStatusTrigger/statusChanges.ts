/**
 * What the payout status trigger remembers between polls, and how a poll turns history into status changes.
 * The state lives in the node's static data, which n8n saves with the workflow, so it outlives restarts.
 *
 * No count bounds the state: every payout in it is inside the history a poll reads, and a poll that would read
 * more than PAYOUT_HISTORY_MAX_RECORDS (10,000) payouts fails, saying which Max Age fits. Cutting the state
 * shorter would stop following payouts still pending without a word. About 60 bytes a payout: 10,000 pending
 * payouts are some 600 kB of static data.
 */
import type { IDataObject } from 'n8n-workflow';

import type { PayoutRecord } from '../Tylt/transport/records';
import { LATE_ARRIVAL_GRACE_MS, payoutCreatedMs } from '../Tylt/payout/history';
import { isFinalRecord, textOf } from '../shared/payoutEvents/orderEvent';

const STATE_KEY = 'payoutStatus';

/**
 * Where history ended last time, the payouts already seen near that end, and the payouts not final yet. Final
 * payouts are forgotten once they leave the grace window: TYLT does not change them again.
 */
export interface PollState {
	/** createdAt (epoch ms) of the newest payout history held at the last poll; 0 when it held none. */
	newestCreatedMs: number;
	/**
	 * Every payout created at or after this time that a poll has seen is in `known`. It trails the newest
	 * payout by a grace period, because a payout can show up in history after payouts created later than it.
	 */
	knownFromMs: number;
	/** TYLT order id → createdAt (epoch ms). */
	known: Record<string, number>;
	/** Payouts not final yet, by TYLT order id: the status last seen and when the payout was created. */
	waiting: Record<string, WaitingPayout>;
}

type WaitingPayout = [status: string, createdMs: number];

export function loadState(staticData: IDataObject): PollState | undefined {
	const stored = staticData[STATE_KEY] as unknown;
	if (!isObject(stored)) return undefined;
	const { newestCreatedMs, knownFromMs, known, waiting } = stored;
	if (
		typeof newestCreatedMs !== 'number' ||
		typeof knownFromMs !== 'number' ||
		!isObject(known) ||
		!isObject(waiting)
	) {
		return undefined;
	}
	return stored as unknown as PollState;
}

/**
 * In one assignment, after the poll has read everything it needed: a poll that fails half-way leaves the
 * previous state untouched. Assigning the key marks n8n's observable static data as changed, so n8n saves it.
 */
export function saveState(staticData: IDataObject, state: PollState): void {
	staticData[STATE_KEY] = state as unknown as IDataObject;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** How a poll judges what it read. */
export interface ChangeRules {
	/** Whether a payout first seen by a poll is reported with its current status, as TYLT's creation callback is. */
	includeNewPayouts: boolean;
	/** Payouts created longer ago than this are neither followed nor reported. */
	maxAgeMs: number;
	nowMs: number;
}

/** The state TYLT gives every new payout (spec: "States and transitions"). */
const CREATION_STATUS = 'pending';

/**
 * A history record the trigger cannot follow: no orderId (it keys payouts by it) or a createdAt that is not a
 * time (it places payouts in time to tell what is new and how long to follow them). Such a record is neither
 * reported nor skipped: the poll fails naming it, so the trigger never goes quiet about a payout.
 */
export class UnfollowablePayout extends Error {
	constructor(record: IDataObject) {
		const orderId = textOf(record.orderId);
		super(
			orderId === undefined
				? `TYLT payout history holds a payout without an orderId (orderId ${shown(record.orderId)}, createdAt ${shown(record.createdAt)})`
				: `TYLT payout ${orderId} has a createdAt that is not a time: ${shown(record.createdAt)}`,
		);
	}
}

/** A value from TYLT's answer as an error shows it: JSON, cut short. */
function shown(value: unknown): string {
	const text = value === undefined ? 'missing' : (JSON.stringify(value) ?? String(value));
	return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function statusOf(record: IDataObject): string {
	return typeof record.status === 'string' ? record.status.trim() : String(record.status ?? '');
}

/** TYLT spells a status in any letter case (`Pending`, `PENDING`): the same status, not a change. */
function sameStatus(a: string, b: string): boolean {
	return a.toLowerCase() === b.toLowerCase();
}

/**
 * How far back (createdAt, epoch ms) the next read of history must reach: through the payouts seen near the
 * newest (late arrivals land there) and to the oldest payout still waited on, but never beyond Max Age.
 */
export function readBackTo(state: PollState | undefined, rules: ChangeRules): number {
	const cutoff = rules.nowMs - rules.maxAgeMs;
	if (state === undefined) return cutoff;
	let oldest = state.knownFromMs;
	for (const [, createdMs] of Object.values(state.waiting)) oldest = Math.min(oldest, createdMs);
	return Math.max(oldest, cutoff);
}

/**
 * The first poll of an activation with no state: history as it is now reports nothing (every payout is new to
 * an empty state, and what it would report is dropped), and the payouts not final yet are followed from here on.
 */
export function baseline(records: IDataObject[], rules: ChangeRules): PollState {
	const empty = { newestCreatedMs: -Infinity, knownFromMs: -Infinity, known: {}, waiting: {} };
	return findChanges(empty, records, rules).state;
}

/**
 * Compares history (newest first, read back to `readBackTo`) with what the last poll knew. A change is a payout
 * waited on whose status or finality differs from the last poll, or a payout new since the last poll that is
 * reported by Include New Payouts or already differs from how TYLT creates payouts (Pending, not final).
 * Returns the changed records oldest first, and the state for the next poll.
 */
export function findChanges(
	state: PollState,
	records: IDataObject[],
	rules: ChangeRules,
): { changes: IDataObject[]; state: PollState } {
	const cutoff = rules.nowMs - rules.maxAgeMs;
	const waiting: Record<string, WaitingPayout> = { ...state.waiting };
	const known: Record<string, number> = { ...state.known };
	const changes: IDataObject[] = [];
	const seen = new Set<string>();
	let newestCreatedMs = Math.max(state.newestCreatedMs, 0);

	for (const record of records) {
		// As text: an id sent as a number in one answer and as a string in the next is one payout.
		const orderId = textOf(record.orderId);
		const createdMs = payoutCreatedMs(record as PayoutRecord);
		if (orderId === undefined || createdMs === undefined) throw new UnfollowablePayout(record);
		// Pages can overlap when payouts are created while a poll reads: the first sighting counts.
		if (seen.has(orderId)) continue;
		seen.add(orderId);
		const status = statusOf(record);
		const final = isFinalRecord(record);
		// Not seen by an earlier poll: created inside the window the state remembers completely, and not in it.
		const isNew =
			createdMs >= state.knownFromMs && !Object.prototype.hasOwnProperty.call(state.known, orderId);
		if (createdMs >= state.knownFromMs) known[orderId] = createdMs;
		// A createdAt ahead of this clock (TYLT's clock ahead, a time written in another zone) counts as now:
		// taken as it is, it would move the remembered window past payouts not created yet, and silence them.
		newestCreatedMs = Math.max(newestCreatedMs, Math.min(createdMs, rules.nowMs));

		const followed = waiting[orderId];
		if (followed !== undefined) {
			if (final || !sameStatus(followed[0], status)) changes.push(record);
			if (final) delete waiting[orderId];
			else waiting[orderId] = [status, followed[1]];
			continue;
		}
		if (!isNew || createdMs < cutoff) continue;
		const changedSinceCreation = final || !sameStatus(status, CREATION_STATUS);
		if (rules.includeNewPayouts || changedSinceCreation) changes.push(record);
		if (!final) waiting[orderId] = [status, createdMs];
	}

	for (const [orderId, [, createdMs]] of Object.entries(waiting)) {
		if (createdMs < cutoff) delete waiting[orderId];
	}
	const knownFromMs = Math.max(state.knownFromMs, newestCreatedMs - LATE_ARRIVAL_GRACE_MS);
	for (const [orderId, createdMs] of Object.entries(known)) {
		if (createdMs < knownFromMs) delete known[orderId];
	}
	return {
		changes: changes.reverse(),
		state: { newestCreatedMs, knownFromMs, known, waiting },
	};
}
