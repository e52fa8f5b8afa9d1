import type { IDataObject } from 'n8n-workflow';

import type { PayoutRecord } from '../Tylt/transport/records';
import { LATE_ARRIVAL_GRACE_MS, payoutCreatedMs } from '../Tylt/payout/history';
import { isFinalRecord } from '../shared/payoutEvents/orderEvent';
import type { PollState, WaitingPayout } from './pollState';

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
 * TYLT's order id as the trigger keys payouts by: the text of it, so an id sent as a number in one answer and
 * as a string in the next is one payout. Undefined when the record has none.
 */
export function orderIdOf(record: IDataObject): string | undefined {
	const { orderId } = record;
	if (typeof orderId === 'number' && Number.isFinite(orderId)) return String(orderId);
	if (typeof orderId === 'string' && orderId.trim() !== '') return orderId.trim();
	return undefined;
}

/** createdAt in epoch ms (a time without a zone is UTC); undefined when it is not a time. */
export function createdMsOf(record: IDataObject): number | undefined {
	return payoutCreatedMs(record as PayoutRecord);
}

/**
 * A history record the trigger cannot follow: no orderId (it keys payouts by it) or a createdAt that is not a
 * time (it places payouts in time to tell what is new and how long to follow them). Such a record is neither
 * reported nor skipped: the poll fails naming it, so the trigger never goes quiet about a payout.
 */
export class UnfollowablePayout extends Error {
	constructor(record: IDataObject) {
		const orderId = orderIdOf(record);
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

function cutoffMs(rules: ChangeRules): number {
	return rules.nowMs - rules.maxAgeMs;
}

/**
 * How far back (createdAt, epoch ms) the next read of history, newest first, must reach: through the payouts
 * already seen near the newest (late arrivals land there), and to the oldest payout still waited on, but never
 * beyond Max Age.
 */
export function readBackTo(state: PollState | undefined, rules: ChangeRules): number {
	const cutoff = cutoffMs(rules);
	if (state === undefined) return cutoff;
	let oldest = state.knownFromMs;
	for (const [, createdMs] of Object.values(state.waiting)) oldest = Math.min(oldest, createdMs);
	return Math.max(oldest, cutoff);
}

/**
 * The first poll of an activation with no state: history as it is now reports nothing, and the payouts not
 * final yet (within Max Age) are followed from here on.
 */
export function baseline(records: IDataObject[], rules: ChangeRules): PollState {
	// Every payout is new to an empty state; what it would report is dropped.
	return findChanges(
		{ newestCreatedMs: -Infinity, knownFromMs: -Infinity, known: {}, waiting: {} },
		records,
		rules,
	).state;
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
	const cutoff = cutoffMs(rules);
	const waiting: Record<string, WaitingPayout> = { ...state.waiting };
	const known: Record<string, number> = { ...state.known };
	const changes: IDataObject[] = [];
	const seen = new Set<string>();
	let newestCreatedMs = Math.max(state.newestCreatedMs, 0);

	for (const record of records) {
		const orderId = orderIdOf(record);
		const createdMs = createdMsOf(record);
		if (orderId === undefined || createdMs === undefined) throw new UnfollowablePayout(record);
		// Pages can overlap when payouts are created while a poll reads: the first sighting counts.
		if (seen.has(orderId)) continue;
		seen.add(orderId);
		const status = statusOf(record);
		const final = isFinalRecord(record);
		const isNew = isNewSince(state, orderId, createdMs);
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

/** Not seen by an earlier poll: created inside the window the state remembers completely, and not in it. */
function isNewSince(state: PollState, orderId: string, createdMs: number): boolean {
	return (
		createdMs >= state.knownFromMs && !Object.prototype.hasOwnProperty.call(state.known, orderId)
	);
}
