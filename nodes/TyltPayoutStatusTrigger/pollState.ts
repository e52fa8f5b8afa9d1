import type { IDataObject } from 'n8n-workflow';

/** The key under the node's static data; n8n saves static data with the workflow, so it outlives restarts. */
const STATE_KEY = 'payoutStatus';

/*
 * No count bounds the state: every payout in it is inside the history a poll reads, and a poll that would
 * read more than PAYOUT_HISTORY_MAX_RECORDS (10,000) payouts fails, saying which Max Age fits. Cutting the
 * state shorter would stop following payouts still pending without a word, and their settlement would never
 * be reported. About 60 bytes a payout: 10,000 pending payouts are some 600 kB of static data.
 */

/**
 * What the trigger remembers between polls: where history ended last time, the payouts it has already seen
 * near that end, and the payouts that are not final yet. Final payouts are forgotten once they leave the
 * grace window: TYLT does not change them again.
 */
export interface PollState {
	/** createdAt (epoch ms) of the newest payout history held at the last poll; 0 when it held none. */
	newestCreatedMs: number;
	/**
	 * Every payout created at or after this time that a poll has seen is in `known`. It trails the newest
	 * payout by a grace period, because a payout can show up in history after payouts created later than it.
	 */
	knownFromMs: number;
	/** Payouts seen, created at or after knownFromMs: TYLT order id → createdAt (epoch ms). */
	known: Record<string, number>;
	/** Payouts not final yet, by TYLT order id: the status last seen and when the payout was created. */
	waiting: Record<string, WaitingPayout>;
}

export type WaitingPayout = [status: string, createdMs: number];

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
	return {
		newestCreatedMs,
		knownFromMs,
		known: known as Record<string, number>,
		waiting: waiting as Record<string, WaitingPayout>,
	};
}

/**
 * Replaces the stored state in one assignment, after the poll has read everything it needed: a poll that
 * fails half-way leaves the previous state untouched. Assigning the key also marks n8n's observable static
 * data as changed, so n8n saves it.
 */
export function saveState(staticData: IDataObject, state: PollState): void {
	staticData[STATE_KEY] = state as unknown as IDataObject;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}
