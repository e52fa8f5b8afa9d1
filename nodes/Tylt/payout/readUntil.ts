import { pause } from '../../shared/pause';

export interface ReadSchedule {
	/** The pause after the first read; each later pause doubles, up to maxPauseMs. */
	firstPauseMs: number;
	maxPauseMs: number;
	/** No read starts after this time (epoch ms); the last pause is cut short to end here. */
	deadlineMs: number;
	/** The execution's cancel signal: once it aborts, no read starts and the last read is returned. */
	signal?: AbortSignal;
}

/**
 * Reads at once, then again after ever longer pauses, until `isDone` holds for what was read or the deadline
 * has passed; returns the last read. For looking a payout up in history while TYLT catches up: an unknown
 * outcome (the guard's In-Doubt Check) and a payout not final yet (Payout → Get, Wait Until Final).
 */
export async function readUntil<T>(
	read: () => Promise<T>,
	isDone: (value: T) => boolean,
	schedule: ReadSchedule,
): Promise<T> {
	let value = await read();
	let pauseMs = schedule.firstPauseMs;
	for (;;) {
		const leftMs = schedule.deadlineMs - Date.now();
		if (isDone(value) || leftMs <= 0 || schedule.signal?.aborted) return value;
		await pause(Math.min(pauseMs, leftMs), schedule.signal);
		if (schedule.signal?.aborted) return value;
		pauseMs = Math.min(pauseMs * 2, schedule.maxPauseMs);
		value = await read();
	}
}
