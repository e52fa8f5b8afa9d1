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
