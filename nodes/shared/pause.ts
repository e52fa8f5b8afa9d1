/** Waiting that a stopped execution cuts short: one pause, and reading again after ever longer pauses. */
import { sleep } from 'n8n-workflow';

/**
 * Waits `ms`, or less when `signal` aborts first (the user stopped the execution). Resolves either way: the
 * caller looks at `signal.aborted` to tell which. n8n's own `sleep` cannot be cut short, so it is raced.
 */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal === undefined) return await sleep(ms);
	if (signal.aborted) return;
	let onAbort!: () => void;
	const aborted = new Promise<void>((resolve) => {
		onAbort = resolve;
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		// n8n-workflow 2.x's sleep clears its timer on abort (and then rejects); 1.x ignores the signal.
		await Promise.race([sleep(ms, signal).catch(() => undefined), aborted]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/** The execution's cancel signal, for the contexts that have one (a node's execution). */
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
	/** Once it aborts, no read starts and the last read is returned. */
	signal?: AbortSignal;
}

/**
 * Reads at once, then again after ever longer pauses, until `isDone` holds for what was read or the deadline
 * (epoch ms) has passed; returns the last read. For looking a payout up in history while TYLT catches up: an
 * unknown outcome (the guard's In-Doubt Check) and a payout not final yet (Payout → Get, Wait Until Final).
 */
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

/**
 * The same, as long as `nextDeadline` names a time to wait for (a pause is cut short to end there): for reads
 * that serve several waits with deadlines of their own (Wait Until Final for all items at once). A deadline
 * already passed only means reading again at once.
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
