/**
 * What a failed connection says about a call: whether it never left this machine (so even a create is known not
 * to have happened) or may have reached TYLT. Node names the system call that failed; n8n wraps that error.
 */
import type { JsonObject } from 'n8n-workflow';

import type { Attempt } from './attempt';

/** The name lookup fails before any connection is made. */
const NAME_LOOKUP_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN']);

/**
 * How deep n8n nests the system error: NodeApiError → n8n's error → Node's error (the one with `syscall`).
 */
const CAUSE_DEPTH = 4;

/** The network code and the system call it failed in, from the innermost error that names them. */
function systemErrorIn(error: JsonObject): { code: string; syscall?: string } {
	let code = String(error.code ?? error.httpCode ?? '');
	let syscall: string | undefined;
	let layer: JsonObject | undefined = error;
	for (let depth = 0; layer && depth < CAUSE_DEPTH; depth++) {
		if (typeof layer.code === 'string' && layer.code !== '') code = layer.code;
		if (typeof layer.syscall === 'string') syscall = layer.syscall;
		const cause: unknown = layer.cause;
		layer = cause !== null && typeof cause === 'object' ? (cause as JsonObject) : undefined;
	}
	return { code, syscall };
}

/**
 * Only a failure to connect proves the request never left: Node raises EHOSTUNREACH or ENETUNREACH on an
 * established connection too (`read EHOSTUNREACH`), after a create was written.
 */
function neverConnected({ code, syscall }: { code: string; syscall?: string }): boolean {
	if (code === 'ECONNREFUSED' || syscall === 'connect') return true;
	return NAME_LOOKUP_FAILURES.has(code) && (syscall === undefined || syscall === 'getaddrinfo');
}

export function networkFailure(error: JsonObject): Attempt {
	const system = systemErrorIn(error);
	const { code } = system;
	const cause = (error.cause ?? {}) as JsonObject;
	const words = `${String(cause.message ?? '')} ${String(error.message ?? '')}`;
	// Messages carry words, never the raw code: n8n swaps any message naming a network code for its own
	// generic text, which would hide whether a payout may exist.
	if (neverConnected(system)) {
		// The request never left this machine, so even a create is known not to have happened.
		return { outcome: 'unreachable', cause: 'TYLT could not be reached', code };
	}
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout|timed out/i.test(words)) {
		return { outcome: 'transient', cause: 'no answer within the timeout', code };
	}
	return { outcome: 'transient', cause: 'the connection was dropped', code };
}
