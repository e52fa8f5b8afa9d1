import type { IDataObject } from 'n8n-workflow';

/** The key under the node's static data; n8n saves static data with the workflow, so it outlives restarts. */
const STATE_KEY = 'payoutStatus';

/**
 * Payouts followed at most. Each costs about 60 bytes of static data, which n8n writes to its database with the
 * workflow after every poll that starts a run; beyond this the payouts created longest ago are let go.
 */
export const MAX_WAITING_PAYOUTS = 2000;

/** Order ids kept for the newest second; more than this many payouts within one second is not expected. */
const MAX_NEWEST_ORDER_IDS = 500;

/**
 * What the trigger remembers between polls: where history ended last time, and the payouts that are not final
 * yet. Final payouts are never remembered: TYLT does not change them again.
 */
export interface PollState {
	/** createdAt (epoch ms) of the newest payout history held at the last poll; 0 when it held none. */
	newestCreatedMs: number;
	/** The payouts created in that second: createdAt has second precision, so a later payout may share it. */
	newestOrderIds: string[];
	/** Payouts not final yet, by TYLT order id: the status last seen and when the payout was created. */
	waiting: Record<string, WaitingPayout>;
}

export type WaitingPayout = [status: string, createdMs: number];

export function loadState(staticData: IDataObject): PollState | undefined {
	const stored = staticData[STATE_KEY] as unknown;
	if (!isObject(stored)) return undefined;
	const { newestCreatedMs, newestOrderIds, waiting } = stored;
	if (typeof newestCreatedMs !== 'number' || !Array.isArray(newestOrderIds) || !isObject(waiting)) {
		return undefined;
	}
	return {
		newestCreatedMs,
		newestOrderIds: newestOrderIds.map(String),
		waiting: waiting as Record<string, WaitingPayout>,
	};
}

/**
 * Replaces the stored state in one assignment, after the poll has read everything it needed: a poll that
 * fails half-way leaves the previous state untouched. Assigning the key also marks n8n's observable static
 * data as changed, so n8n saves it.
 */
export function saveState(staticData: IDataObject, state: PollState): void {
	staticData[STATE_KEY] = bounded(state) as unknown as IDataObject;
}

function bounded(state: PollState): PollState {
	const ids = Object.keys(state.waiting);
	let waiting = state.waiting;
	if (ids.length > MAX_WAITING_PAYOUTS) {
		const newestFirst = ids.sort((a, b) => state.waiting[b][1] - state.waiting[a][1]);
		waiting = Object.fromEntries(
			newestFirst.slice(0, MAX_WAITING_PAYOUTS).map((id) => [id, state.waiting[id]]),
		);
	}
	return {
		newestCreatedMs: state.newestCreatedMs,
		newestOrderIds: state.newestOrderIds.slice(0, MAX_NEWEST_ORDER_IDS),
		waiting,
	};
}

function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}
