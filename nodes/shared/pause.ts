/** Waiting that a stopped execution cuts short: one pause, and reading again after ever longer pauses. */
import { sleep } from 'n8n-workflow';

/** Waits `ms`, or less when the execution stops; resolves either way (the caller reads `signal.aborted`). */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal === undefined) return await sleep(ms);
	if (signal.aborted) return;
	let onAbort!: () => void;
	const aborted = new Promise<void>((resolve) => {
		onAbort = resolve;
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		// n8n-workflow 2.x's sleep clears its timer on abort (and then rejects); 1.x ignores the signal: race it.
		await Promise.race([sleep(ms, signal).catch(() => undefined), aborted]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

export function cancelSignalOf(context: object): AbortSignal | undefined {
	const withSignal = context as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function'
		? withSignal.getExecutionCancelSignal()
		: undefined;
}

interface ReadPauses {
	/** The pause after the first read; each later pause doubles, up to maxPauseMs. */
	firstPauseMs: number;
	maxPauseMs: number;
	signal?: AbortSignal;
}

/** Reads now, then after ever longer pauses, until `isDone` or the deadline (epoch ms): the last read. */
export async function readUntil<T>(
	read: () => Promise<T>,
	isDone: (value: T) => boolean,
	schedule: ReadPauses & { deadlineMs: number },
): Promise<T> {
	return await readInRounds(
		read,
		(value) =>
			isDone(value) || Date.now() >= schedule.deadlineMs ? undefined : schedule.deadlineMs,
		schedule,
	);
}

/** The same while `nextDeadline` names a time (a pause ends there), for reads serving several waits. */
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
