import { sleep } from 'n8n-workflow';

export interface ReadSchedule<T> {
	/** The pause after the first read; each later pause doubles, up to maxPauseMs. */
	firstPauseMs: number;
	maxPauseMs: number;
	/**
	 * No read starts after this time (epoch ms); the last pause is cut short to end here. A function is asked
	 * again after every read, for reads whose deadline depends on what is still awaited.
	 */
	deadlineMs: number | ((value: T) => number);
}

/**
 * Reads at once, then again after ever longer pauses, until `isDone` holds for what was read or the deadline
 * has passed; returns the last read. For looking a payout up in history while TYLT catches up: an unknown
 * outcome (the guard's In-Doubt Check) and payouts not final yet (Payout → Get, Wait Until Final).
 */
export async function readUntil<T>(
	read: () => Promise<T>,
	isDone: (value: T) => boolean,
	schedule: ReadSchedule<T>,
): Promise<T> {
	let value = await read();
	let pauseMs = schedule.firstPauseMs;
	for (;;) {
		const deadlineMs =
			typeof schedule.deadlineMs === 'function' ? schedule.deadlineMs(value) : schedule.deadlineMs;
		const leftMs = deadlineMs - Date.now();
		if (isDone(value) || leftMs <= 0) return value;
		await sleep(Math.min(pauseMs, leftMs));
		pauseMs = Math.min(pauseMs * 2, schedule.maxPauseMs);
		value = await read();
	}
}
