import { pause } from '../../shared/pause';

export interface ReadPauses {
	/** The pause after the first read; each later pause doubles, up to maxPauseMs. */
	firstPauseMs: number;
	maxPauseMs: number;
	/** The execution's cancel signal: once it aborts, no read starts and the last read is returned. */
	signal?: AbortSignal;
}

export interface ReadSchedule extends ReadPauses {
	/** No read starts after this time (epoch ms); the last pause is cut short to end here. */
	deadlineMs: number;
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
	return await readInRounds(
		read,
		(value) =>
			isDone(value) || Date.now() >= schedule.deadlineMs ? undefined : schedule.deadlineMs,
		schedule,
	);
}

/**
 * Reads at once, then again after ever longer pauses, as long as `nextDeadline` names a time to wait for
 * (epoch ms; a pause is cut short to end there); returns the last read. For reads that serve several waits
 * with deadlines of their own (Wait Until Final for all items at once): each read says which deadline comes
 * next, and one already passed only means reading again at once.
 */
export async function readInRounds<T>(
	read: () => Promise<T>,
	nextDeadline: (value: T) => number | undefined,
	pauses: ReadPauses,
): Promise<T> {
	let value = await read();
	let pauseMs = pauses.firstPauseMs;
	for (;;) {
		const deadlineMs = nextDeadline(value);
		if (deadlineMs === undefined || pauses.signal?.aborted) return value;
		await pause(Math.max(0, Math.min(pauseMs, deadlineMs - Date.now())), pauses.signal);
		if (pauses.signal?.aborted) return value;
		pauseMs = Math.min(pauseMs * 2, pauses.maxPauseMs);
		value = await read();
	}
}
