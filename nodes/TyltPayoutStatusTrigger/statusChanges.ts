import type { IDataObject } from 'n8n-workflow';

import type { PayoutRecord } from '../Tylt/helpers/types';
import { payoutCreatedMs } from '../Tylt/payout/history';
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

/**
 * How long after later payouts a payout may still show up in history (a slow create is recorded after payouts
 * created after it) and be reported as new. Each poll reads this much further back than the newest payout.
 */
export const LATE_ARRIVAL_GRACE_MS = 15 * 60_000;

/** The state TYLT gives every new payout (spec: "States and transitions"). */
const CREATION_STATUS = 'pending';

/** createdAt in epoch ms; NaN when unreadable, so it compares false with every bound. */
export function createdMsOf(record: IDataObject): number {
	return payoutCreatedMs(record as PayoutRecord) ?? NaN;
}

function statusOf(record: IDataObject): string {
	return typeof record.status === 'string' ? record.status : String(record.status ?? '');
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
		const orderId = typeof record.orderId === 'string' ? record.orderId : '';
		// Pages can overlap when payouts are created while a poll reads: the first sighting counts.
		if (orderId === '' || seen.has(orderId)) continue;
		seen.add(orderId);
		const createdMs = createdMsOf(record);
		const status = statusOf(record);
		const final = isFinalRecord(record);
		const isNew = isNewSince(state, orderId, createdMs);
		if (createdMs >= state.knownFromMs) known[orderId] = createdMs;
		if (createdMs > newestCreatedMs) newestCreatedMs = createdMs;

		const followed = waiting[orderId];
		if (followed !== undefined) {
			if (final || followed[0] !== status) changes.push(record);
			if (final) delete waiting[orderId];
			else waiting[orderId] = [status, followed[1]];
			continue;
		}
		if (!isNew || createdMs < cutoff) continue;
		const changedSinceCreation = final || status.toLowerCase() !== CREATION_STATUS;
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

/**
 * Not seen by an earlier poll: created inside the window the state remembers completely, and not in it (NaN,
 * an unreadable createdAt, is never new).
 */
function isNewSince(state: PollState, orderId: string, createdMs: number): boolean {
	return (
		createdMs >= state.knownFromMs && !Object.prototype.hasOwnProperty.call(state.known, orderId)
	);
}
