// What the trigger remembers between polls (in static data), and how a poll turns history into changes. The
// read bounds the state, not a count: cutting it would drop pending payouts unreported (docs/triggers.md).
import type { IDataObject } from 'n8n-workflow';

import type { PayoutRecord } from '../Tylt/transport/records';
import { LATE_ARRIVAL_GRACE_MS, payoutCreatedMs } from '../Tylt/payout/history';
import { isFinalRecord, textOf } from '../shared/payoutEvents/orderEvent';

const STATE_KEY = 'payoutStatus';

export interface PollState {
	/** createdAt (epoch ms) of the newest payout history held at the last poll; 0 when it held none. */
	newestCreatedMs: number;
	/** Every payout seen that was created since this is in `known`: the newest less the late-arrival grace. */
	knownFromMs: number;
	/** Order id → createdAt (epoch ms). */
	known: Record<string, number>;
	/** Payouts not final yet, by order id. */
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

// One assignment after every read, so a poll failing half-way leaves the state as it was. Assigning the key
// marks n8n's observable static data as changed, so n8n saves it.
export function saveState(staticData: IDataObject, state: PollState): void {
	staticData[STATE_KEY] = state as unknown as IDataObject;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export interface ChangeRules {
	/** Whether a payout first seen by a poll is reported with its current status, as TYLT's creation callback is. */
	includeNewPayouts: boolean;
	maxAgeMs: number;
	nowMs: number;
}

/** The state TYLT gives every new payout (spec: "States and transitions"). */
const CREATION_STATUS = 'pending';

/** No orderId, or a createdAt that is not a time: the poll fails naming it rather than go quiet about it. */
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

/** How far back (createdAt, epoch ms) the next read must reach: late arrivals, payouts waited on, Max Age. */
export function readBackTo(state: PollState | undefined, rules: ChangeRules): number {
	const cutoff = rules.nowMs - rules.maxAgeMs;
	if (state === undefined) return cutoff;
	let oldest = state.knownFromMs;
	for (const [, createdMs] of Object.values(state.waiting)) oldest = Math.min(oldest, createdMs);
	return Math.max(oldest, cutoff);
}

/** The first poll: history as it is reports nothing, and the payouts not final yet are followed from here. */
export function baseline(records: IDataObject[], rules: ChangeRules): PollState {
	const empty = { newestCreatedMs: -Infinity, knownFromMs: -Infinity, known: {}, waiting: {} };
	return findChanges(empty, records, rules).state;
}

/** History (newest first) against the last poll's state: the changes oldest first, and the next state. */
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
