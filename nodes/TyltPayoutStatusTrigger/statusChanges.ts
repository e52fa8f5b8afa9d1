import type { IDataObject } from 'n8n-workflow';

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

export function createdMsOf(record: IDataObject): number {
	return typeof record.createdAt === 'string' ? Date.parse(record.createdAt) : NaN;
}

function statusOf(record: IDataObject): string {
	return typeof record.status === 'string' ? record.status : String(record.status ?? '');
}

function cutoffMs(rules: ChangeRules): number {
	return rules.nowMs - rules.maxAgeMs;
}

/**
 * How far back (createdAt, epoch ms) the next read of history, newest first, must reach: past the newest payout
 * of the last poll, and to the oldest payout still waited on, but never beyond Max Age.
 */
export function readBackTo(state: PollState | undefined, rules: ChangeRules): number {
	const cutoff = cutoffMs(rules);
	if (state === undefined) return cutoff;
	let oldest = state.newestCreatedMs;
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
		{ newestCreatedMs: -Infinity, newestOrderIds: [], waiting: {} },
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
	const changes: IDataObject[] = [];
	const seen = new Set<string>();
	let newestCreatedMs = Math.max(state.newestCreatedMs, 0);
	let newestOrderIds = [...state.newestOrderIds];

	for (const record of records) {
		const orderId = typeof record.orderId === 'string' ? record.orderId : '';
		// Pages can overlap when payouts are created while a poll reads: the first sighting counts.
		if (orderId === '' || seen.has(orderId)) continue;
		seen.add(orderId);
		const createdMs = createdMsOf(record);
		const status = statusOf(record);
		const final = isFinalRecord(record);

		if (createdMs > newestCreatedMs) {
			newestCreatedMs = createdMs;
			newestOrderIds = [orderId];
		} else if (createdMs === newestCreatedMs && !newestOrderIds.includes(orderId)) {
			newestOrderIds.push(orderId);
		}

		const followed = waiting[orderId];
		if (followed !== undefined) {
			if (final || followed[0] !== status) changes.push(record);
			if (final) delete waiting[orderId];
			else waiting[orderId] = [status, followed[1]];
			continue;
		}
		if (!isNewSince(state, orderId, createdMs) || createdMs < cutoff) continue;
		const changedSinceCreation = final || status.toLowerCase() !== CREATION_STATUS;
		if (rules.includeNewPayouts || changedSinceCreation) changes.push(record);
		if (!final) waiting[orderId] = [status, createdMs];
	}

	for (const [orderId, [, createdMs]] of Object.entries(waiting)) {
		if (createdMs < cutoff) delete waiting[orderId];
	}
	return {
		changes: changes.reverse(),
		state: { newestCreatedMs, newestOrderIds, waiting },
	};
}

/** Created after the newest payout of the last poll (NaN, an unreadable createdAt, is never new). */
function isNewSince(state: PollState, orderId: string, createdMs: number): boolean {
	if (createdMs > state.newestCreatedMs) return true;
	return createdMs === state.newestCreatedMs && !state.newestOrderIds.includes(orderId);
}
