/**
 * What a request that threw says about the call. A network failure names itself by a code (Node names the
 * system call that failed; n8n wraps that error): then the code tells whether the request never left this
 * machine (so even a create is known not to have happened) or may have reached TYLT. An error without a code
 * is no network failure (an error inside n8n, say), and shows nothing about whether the request left.
 */
import type { JsonObject } from 'n8n-workflow';

import type { Attempt } from './errors';
import { redactSecrets } from './redaction';

/** The name lookup fails before any connection is made. */
const NAME_LOOKUP_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN']);

/** An established connection that ended before the answer: the request may have been read. */
const DROPPED_CONNECTION = new Set([
	'ECONNRESET',
	'EPIPE',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ERR_STREAM_PREMATURE_CLOSE',
	'UND_ERR_SOCKET',
	'UND_ERR_CLOSED',
]);

/**
 * How deep n8n nests the system error: NodeApiError → n8n's error → Node's error (the one with `syscall`).
 */
const CAUSE_DEPTH = 4;

interface SystemError {
	code: string;
	syscall?: string;
	/** The innermost message, for an error that names no code. */
	message: string;
}

/** The network code and the system call it failed in, from the innermost error that names them. */
function systemErrorIn(error: JsonObject): SystemError {
	// n8n's NodeApiError may carry the code as `httpCode` only; a status there is no network code.
	let code =
		[error.code, error.httpCode].find(
			(candidate): candidate is string => typeof candidate === 'string' && /^[A-Z]/.test(candidate),
		) ?? '';
	let syscall: string | undefined;
	let message = '';
	let layer: JsonObject | undefined = error;
	for (let depth = 0; layer && depth < CAUSE_DEPTH; depth++) {
		if (typeof layer.code === 'string' && layer.code !== '') code = layer.code;
		if (typeof layer.syscall === 'string') syscall = layer.syscall;
		if (typeof layer.message === 'string' && layer.message !== '') message = layer.message;
		const cause: unknown = layer.cause;
		layer = cause !== null && typeof cause === 'object' ? (cause as JsonObject) : undefined;
	}
	return { code, syscall, message };
}

/**
 * Only a failure to connect proves the request never left: Node raises EHOSTUNREACH or ENETUNREACH on an
 * established connection too (`read EHOSTUNREACH`), after a create was written.
 */
function neverConnected({ code, syscall }: SystemError): boolean {
	if (code === 'ECONNREFUSED' || syscall === 'connect') return true;
	return NAME_LOOKUP_FAILURES.has(code) && (syscall === undefined || syscall === 'getaddrinfo');
}

/** What a request that threw can come to. */
export type RequestFailure = Extract<
	Attempt,
	{ outcome: 'unreachable' | 'transient' | 'unexplained' }
>;

/**
 * `error` as an attempt's outcome. `secrets` (the credential's key and secrets) are scrubbed from the one
 * message that is passed on: that of an error without a code, which may be anyone's words.
 */
export function requestFailure(error: JsonObject, secrets: readonly string[]): RequestFailure {
	const system = systemErrorIn(error);
	const { code } = system;
	const words = `${system.message} ${String(error.message ?? '')}`;
	// Messages carry words, never the raw code: n8n swaps any message naming a network code for its own
	// generic text, which would hide whether a payout may exist.
	if (neverConnected(system)) {
		// The request never left this machine, so even a create is known not to have happened.
		return { outcome: 'unreachable', cause: 'TYLT could not be reached', code };
	}
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout|timed out/i.test(words)) {
		return { outcome: 'transient', cause: 'no answer within the timeout', code: code || undefined };
	}
	if (DROPPED_CONNECTION.has(code)) {
		return { outcome: 'transient', cause: 'the connection was dropped', code };
	}
	if (code) return { outcome: 'transient', cause: 'the connection failed', code };
	const said = redactSecrets(system.message || String(error.message ?? ''), secrets).trim();
	return {
		outcome: 'unexplained',
		cause: said
			? `an error that is not a network failure: ${said}`
			: 'an error that is not a network failure',
	};
}
