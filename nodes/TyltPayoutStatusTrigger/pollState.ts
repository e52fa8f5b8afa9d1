import type { IDataObject } from 'n8n-workflow';

/** The key under the node's static data; n8n saves static data with the workflow, so it outlives restarts. */
const STATE_KEY = 'payoutStatus';

/**
 * Payouts followed at most. Each costs about 60 bytes of static data, which n8n writes to its database with the
 * workflow after every poll that starts a run; beyond this the payouts created longest ago are let go.
 */
export const MAX_WAITING_PAYOUTS = 2000;

/**
 * Payouts remembered as seen at most. A busier account shortens the late-arrival grace instead (knownFromMs
 * moves up): a payout is then never reported twice, only a very late one could be missed.
 */
export const MAX_KNOWN_PAYOUTS = 2000;

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
	return { ...state, ...boundedKnown(state), waiting };
}

/** Keeps the newest MAX_KNOWN_PAYOUTS seen payouts, moving knownFromMs past every one let go. */
function boundedKnown(state: PollState): Pick<PollState, 'known' | 'knownFromMs'> {
	const entries = Object.entries(state.known);
	if (entries.length <= MAX_KNOWN_PAYOUTS) return state;
	entries.sort((a, b) => b[1] - a[1]);
	const firstLetGoMs = entries[MAX_KNOWN_PAYOUTS][1];
	return {
		knownFromMs: firstLetGoMs + 1,
		known: Object.fromEntries(entries.filter(([, createdMs]) => createdMs > firstLetGoMs)),
	};
}

function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}
