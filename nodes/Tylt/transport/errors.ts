/** Attempt outcomes and one error class per kind; no error reads the request options (key, signature). */
import { type INode, type JsonObject, NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { TyltEnvelope } from './envelopes';

/** What one attempt came to. Transient failures may succeed if tried again; the others will not. */
export type Attempt =
	| { outcome: 'success'; data: unknown }
	/** Stopped before the request left (or, for a read, while it was under way). */
	| { outcome: 'stopped' }
	| { outcome: 'rejected'; statusCode: number; envelope?: TyltEnvelope }
	/** The credential refused to sign the call: nothing left n8n, and asking again gets the same answer. */
	| { outcome: 'notSigned'; cause: string }
	| { outcome: 'unreachable'; cause: string; code?: string }
	/** No network failure named (an error inside n8n, say): whether the request left n8n is unknown. */
	| { outcome: 'unexplained'; cause: string }
	| {
			outcome: 'transient';
			cause: string;
			code?: string;
			statusCode?: number;
			retryAfterMs?: number;
			envelope?: TyltEnvelope;
	  };

/** What an error says about the call that failed; never the headers or the signed body. */
export interface FailedCall {
	method: string;
	path: string;
	itemIndex?: number;
	movesMoney?: boolean;
}

interface ErrorDetails {
	message: string;
	description: string;
	statusCode?: number;
	envelope?: TyltEnvelope;
	networkCode?: string;
}

export abstract class TyltApiError extends NodeApiError {
	constructor(node: INode, call: FailedCall, details: ErrorDetails) {
		const errorResponse: JsonObject = {};
		if (details.statusCode !== undefined) errorResponse.httpCode = String(details.statusCode);
		if (details.envelope?.errorCode !== undefined)
			errorResponse.errorCode = details.envelope.errorCode;
		const msg = tyltMessage(details.envelope);
		if (msg) errorResponse.msg = msg;
		super(node, errorResponse, {
			message: details.message,
			description: details.networkCode
				? `${details.description} (network error ${details.networkCode})`
				: details.description,
			httpCode: details.statusCode !== undefined ? String(details.statusCode) : undefined,
			itemIndex: call.itemIndex,
		});
	}
}

/** TYLT answered and said no (a non-zero errorCode, HTTP 4xx, or a redirect on a read): nothing was done. */
export class TyltRefusedError extends TyltApiError {
	constructor(node: INode, call: FailedCall, statusCode: number, envelope?: TyltEnvelope) {
		const summary = tyltMessage(envelope) ?? `TYLT answered HTTP ${statusCode}`;
		const credentialRejected = statusCode === 401;
		super(node, call, {
			message: credentialRejected
				? `TYLT rejected the credential: ${summary} Check the API key and secret of the TYLT API credential.`
				: `TYLT error: ${summary}`,
			statusCode,
			envelope,
			description: [
				`${call.method} ${call.path} answered HTTP ${statusCode}`,
				envelope?.errorCode !== undefined ? `errorCode ${String(envelope.errorCode)}` : undefined,
				credentialRejected ? 'Check the API key and secret of the TYLT credential' : undefined,
				statusCode >= 300 && statusCode <= 399
					? 'a redirect, which the node never follows with signed headers: check the Base URL of the TYLT credential'
					: undefined,
				call.movesMoney ? 'TYLT refused the payout, so nothing was sent' : undefined,
			]
				.filter(Boolean)
				.join('; '),
		});
	}
}

/** The TYLT API credential refused to sign the call (a forbidden request option): nothing left n8n. */
export class TyltCredentialRefusedError extends TyltApiError {
	constructor(node: INode, call: FailedCall, cause: string) {
		super(node, call, {
			message: cause,
			description: `Nothing was sent to TYLT: the TYLT API credential refused to sign ${call.method} ${call.path}.`,
		});
	}
}

/** No credential reached the request: known before any call, so not a TyltApiError (docs/operations.md). */
export class TyltCredentialMissingError extends NodeOperationError {
	constructor(node: INode) {
		super(node, 'Select a TYLT API credential, or reopen this node if one is selected', {
			description:
				'No TYLT API credential reached this request, so nothing was sent to TYLT. Choose one in Credential to connect with at the top of the node; if one is chosen, close and reopen the node to load the list.',
			level: 'warning',
		});
	}
}

/** A create whose answer was lost or could not be read: TYLT may or may not have made the payout. */
export class TyltOutcomeUnknownError extends TyltApiError {
	constructor(node: INode, call: FailedCall, failure: TransientAttempt | UnexplainedAttempt) {
		const transient = failure.outcome === 'transient' ? failure : undefined;
		super(node, call, {
			message: `The outcome of this payout is unknown (${failure.cause}): TYLT may have created it`,
			statusCode: transient?.statusCode,
			envelope: transient?.envelope,
			networkCode: transient?.code,
			description:
				'The node does not repeat a payout whose answer was lost. Do not create it again by hand: run the workflow again with Duplicate Guard on (the default), which finds the payout in TYLT history by its reference and sends it only if TYLT does not have it. After a timeout, wait a few minutes first: a slow payout may still be on its way into the history.',
		});
	}
}

/** A create answered HTTP 429: an unknown outcome (a gateway may count it), and a call to slow down. */
export class TyltRateLimitedError extends TyltOutcomeUnknownError {
	/** The wait TYLT asked for (Retry-After), when it named one. */
	readonly retryAfterMs?: number;

	constructor(node: INode, call: FailedCall, failure: TransientAttempt) {
		super(node, call, failure);
		this.retryAfterMs = failure.retryAfterMs;
	}
}

/** A create that never left this machine (connection refused, no such host): known not to have happened. */
export class TyltUnreachableError extends TyltApiError {
	constructor(node: INode, call: FailedCall, failure: UnreachableAttempt) {
		super(node, call, {
			message: `${failure.cause}: the payout was not sent`,
			networkCode: failure.code,
			description:
				'Nothing reached TYLT. Check the Base URL of the TYLT credential and the network.',
		});
	}
}

/** A read that failed every time it was tried. */
export class TyltUnavailableError extends TyltApiError {
	constructor(
		node: INode,
		call: FailedCall,
		failure: TransientAttempt | UnreachableAttempt,
		attempts: number,
	) {
		const transient = failure.outcome === 'transient' ? failure : undefined;
		super(node, call, {
			message: `TYLT did not answer usefully: ${tyltMessage(transient?.envelope) ?? failure.cause}`,
			networkCode: failure.code,
			statusCode: transient?.statusCode,
			envelope: transient?.envelope,
			description: `${call.method} ${call.path} failed ${attempts} times in a row; try again later`,
		});
	}
}

/** A read that failed with no network failure and no answer from TYLT; not tried again. */
export class TyltRequestFailedError extends TyltApiError {
	constructor(node: INode, call: FailedCall, failure: UnexplainedAttempt) {
		super(node, call, {
			message: `The request to TYLT failed with ${failure.cause}`,
			description: `${call.method} ${call.path} failed without a network error or an answer from TYLT, so it was not tried again`,
		});
	}
}

export class TyltStoppedError extends TyltApiError {
	constructor(node: INode, call: FailedCall) {
		super(
			node,
			call,
			call.movesMoney
				? {
						message: 'The execution was stopped before this payout was sent',
						description:
							'Nothing reached TYLT: the payout was not sent. Run the workflow again to send it.',
					}
				: {
						message: 'The execution was stopped',
						description: `${call.method} ${call.path} was not completed because the execution was stopped.`,
					},
		);
	}
}

type TransientAttempt = Extract<Attempt, { outcome: 'transient' }>;
type UnreachableAttempt = Extract<Attempt, { outcome: 'unreachable' }>;
type UnexplainedAttempt = Extract<Attempt, { outcome: 'unexplained' }>;
type FailedAttempt = Exclude<Attempt, { outcome: 'success' }>;

/** The error for a failed call; a create that may have reached TYLT is an unknown outcome, never "failed". */
export function errorForAttempt(
	node: INode,
	call: FailedCall,
	failure: FailedAttempt,
	attempts: number,
): TyltApiError {
	switch (failure.outcome) {
		case 'stopped':
			return new TyltStoppedError(node, call);
		case 'rejected':
			return new TyltRefusedError(node, call, failure.statusCode, failure.envelope);
		case 'notSigned':
			return new TyltCredentialRefusedError(node, call, failure.cause);
		case 'unreachable':
			return call.movesMoney
				? new TyltUnreachableError(node, call, failure)
				: new TyltUnavailableError(node, call, failure, attempts);
		case 'transient':
			if (!call.movesMoney) return new TyltUnavailableError(node, call, failure, attempts);
			return failure.statusCode === 429
				? new TyltRateLimitedError(node, call, failure)
				: new TyltOutcomeUnknownError(node, call, failure);
		case 'unexplained':
			// Nothing shows that a create never left n8n, so TYLT may have it.
			return call.movesMoney
				? new TyltOutcomeUnknownError(node, call, failure)
				: new TyltRequestFailedError(node, call, failure);
	}
}

function tyltMessage(envelope: TyltEnvelope | undefined): string | undefined {
	return envelope?.msg ? String(envelope.msg) : undefined;
}

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

/** How deep n8n nests the system error: NodeApiError → n8n's error → Node's error (the one with `syscall`). */
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

/** Only a failure to connect proves the request never left: EHOSTUNREACH also comes after a create was written. */
function neverConnected({ code, syscall }: SystemError): boolean {
	if (code === 'ECONNREFUSED' || syscall === 'connect') return true;
	return NAME_LOOKUP_FAILURES.has(code) && (syscall === undefined || syscall === 'getaddrinfo');
}

export type RequestFailure = TransientAttempt | UnreachableAttempt | UnexplainedAttempt;

/** A request that threw: its network code tells whether it never left; with none, its words go on, scrubbed. */
export function requestFailure(error: JsonObject, secrets: readonly string[]): RequestFailure {
	const system = systemErrorIn(error);
	const { code } = system;
	const words = `${system.message} ${String(error.message ?? '')}`;
	// Words, never the raw code: n8n swaps a message naming a code for generic text, hiding a payout's fate.
	if (neverConnected(system)) {
		// Even a create is known not to have happened.
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

/** The signature's shape (HMAC-SHA256 in hex): TYLT has no nonce, so an echoed signature could be replayed. */
const HEX_RUN = /[0-9a-f]{64,}/gi;

/** `text` with every secret (TyltAccount.secrets, in any letter case) and signature-shaped run replaced. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
	let redacted = text;
	for (const secret of secrets) {
		if (secret === '') continue;
		const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		redacted = redacted.replace(new RegExp(escaped, 'gi'), '[redacted]');
	}
	return redacted.replace(HEX_RUN, '[redacted]');
}
