/** A TYLT call and its retries (none for a create); what each failure means is decided here. */
import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	JsonObject,
	NodeApiError,
} from 'n8n-workflow';

import { cancelSignalOf, pause } from '../../shared/pause';
import { credentialsOnce, type TyltContext } from './credentials';
import { type Attempt, errorForAttempt, redactSecrets, requestFailure } from './errors';
import { credentialRefusalIn } from '../../shared/credentialRefusal';
import { isObject, type EnvelopeCheck, type TyltEnvelope } from './envelopes';
import { credentialAccount } from '../../shared/tyltAccount';

/** Bounded exponential back-off for reads; exported so tests can shorten the waits. */
export const RETRY_POLICY = {
	maxRetries: 3,
	baseDelayMs: 1000,
	maxDelayMs: 30_000,
};

/** Sends one signed read and returns the envelope's `data`; every failure is thrown as an errors.ts class. */
export async function tyltApiRequest(this: TyltContext, request: TyltCall): Promise<unknown> {
	const signal = cancelSignalOf(this);
	for (let attempt = 0; ; attempt++) {
		const result = await attemptOnce.call(this, request, signal);
		if (result.outcome === 'success') return result.data;
		if (
			result.outcome === 'rejected' &&
			request.refusalMeansAbsent?.(result.statusCode, result.envelope)
		) {
			return null;
		}
		const retryable =
			attempt < RETRY_POLICY.maxRetries &&
			(result.outcome === 'transient' || result.outcome === 'unreachable');
		if (!retryable) throw errorForAttempt(this.getNode(), request, result, attempt + 1);
		await pause(
			backoffMs(attempt, result.outcome === 'transient' ? result.retryAfterMs : undefined),
			signal,
		);
		if (signal?.aborted)
			throw errorForAttempt(this.getNode(), request, { outcome: 'stopped' }, attempt + 1);
	}
}

/**
 * What a create came to, decided here once and read by the guard, the sender and the 24-hour room: `notMade` only
 * where the attempt proves it; every other end, a failure of a kind nobody listed included, is `unknown`.
 */
export type CreateOutcome<Made = unknown> =
	| { outcome: 'made'; record: Made }
	| { outcome: 'notMade'; error: NodeApiError }
	| { outcome: 'unknown'; error: NodeApiError };

/** Sends one create, once, and says what came of it; it never throws. */
export async function tyltCreate(this: TyltContext, request: TyltCall): Promise<CreateOutcome> {
	// TYLT has no idempotency key: a create whose answer was lost may exist, and sending it again could pay twice.
	const create = { ...request, movesMoney: true };
	const attempt = await attemptOnce.call(this, create, cancelSignalOf(this)).catch(
		// No classified path threw it (a fault in n8n or in this code): nothing proves the create never left.
		(error: unknown): Attempt => ({
			outcome: 'unexplained',
			cause: `an unexpected ${(error as Error | undefined)?.name ?? 'failure'}`,
		}),
	);
	if (attempt.outcome === 'success') return { outcome: 'made', record: attempt.data };
	const error = errorForAttempt(this.getNode(), create, attempt, 1);
	// The proofs that nothing was made: TYLT refused it, it never connected, it was stopped or refused unsigned.
	const proven = ['rejected', 'unreachable', 'stopped', 'notSigned'].includes(attempt.outcome);
	return proven ? { outcome: 'notMade', error } : { outcome: 'unknown', error };
}

function backoffMs(attempt: number, retryAfterMs: number | undefined): number {
	const exponential = RETRY_POLICY.baseDelayMs * 2 ** attempt;
	return Math.min(Math.max(exponential, retryAfterMs ?? 0), RETRY_POLICY.maxDelayMs);
}

/** One call to TYLT. Only this file reads status codes, network codes and errorCode; callers speak in outcomes. */
export interface TyltRequest {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	headers?: Record<string, string>;
	itemIndex?: number;
	timeoutMs?: number;
	/** A payout create: sent once, and a failure that may have reached TYLT is an unknown outcome. */
	movesMoney?: boolean;
	/** What a usable HTTP 200 answer must look like; anything else is treated as no answer. */
	envelope?: EnvelopeCheck;
	/** For a read by id: the refusals that only say it does not exist, returned as `null` instead of thrown. */
	refusalMeansAbsent?: (statusCode: number, envelope: TyltEnvelope | undefined) => boolean;
}

/** A call as its caller names it; whether it moves money is which function sends it (tyltCreate or not). */
export type TyltCall = Omit<TyltRequest, 'movesMoney'>;

export const REQUEST_TIMEOUT_MS = 60_000;

/** The client's timeout fires only on an idle socket; this deadline, a little later, ends a trickling answer. */
const DEADLINE_GRACE_MS = 1000;

interface TyltResponse {
	statusCode: number;
	headers?: Record<string, string | string[] | undefined>;
	body: unknown;
}

/** One signed call, classified: this function never throws for anything TYLT or the network does. */
export async function attemptOnce(
	this: TyltContext,
	request: TyltRequest,
	signal: AbortSignal | undefined,
): Promise<Attempt> {
	const timeoutMs = request.timeoutMs ?? REQUEST_TIMEOUT_MS;
	// Aborted at the deadline, so n8n versions that honour it close the socket too; others ignore it.
	const deadline = new AbortController();
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.path,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
		abortSignal: deadline.signal,
	};
	if (request.body) options.body = request.body;
	if (request.qs) options.qs = request.qs;
	if (request.headers) options.headers = { ...request.headers };

	// Outside the try below: a credential that cannot be read is not a network failure.
	const credentialsDecrypted = await credentialsOnce.call(this);
	const secrets = credentialsDecrypted?.data
		? credentialAccount(credentialsDecrypted.data).account.secrets
		: [];
	// A stopped execution sends nothing more, and a request that never left is known not to have happened.
	if (signal?.aborted) return { outcome: 'stopped' };
	let response: TyltResponse;
	try {
		const answer = await withinDeadline(
			this.helpers.httpRequestWithAuthentication.call(this, 'tyltApi', options, {
				credentialsDecrypted,
			}) as Promise<TyltResponse>,
			timeoutMs + DEADLINE_GRACE_MS,
			deadline,
		);
		if (answer === PAST_DEADLINE) {
			// A create may have reached TYLT (its answer is still on the way); a read simply has no answer.
			return { outcome: 'transient', cause: 'no answer within the timeout' };
		}
		response = answer;
	} catch (error) {
		const refusal = credentialRefusalIn(error);
		if (refusal) return { outcome: 'notSigned', cause: refusal.message };
		if (signal?.aborted) {
			// Stopped while the request was under way: a read is abandoned, a create may have reached TYLT.
			return request.movesMoney
				? { outcome: 'transient', cause: 'the execution was stopped while it was on its way' }
				: { outcome: 'stopped' };
		}
		// Only a classification is kept: the error's config would carry the signed headers.
		return requestFailure(error as JsonObject, secrets);
	}

	const { statusCode } = response;
	// TYLT's words reach errors; a msg echoing what was sent must not show the key or the signature.
	const envelope = redactedEnvelope(parseEnvelope(response.body), secrets);
	if (statusCode === 429 || statusCode >= 500) {
		return {
			outcome: 'transient',
			cause: `HTTP ${statusCode}`,
			statusCode,
			envelope,
			retryAfterMs: parseRetryAfter(response.headers?.['retry-after']),
		};
	}
	if (statusCode >= 300 && statusCode <= 399) {
		// Never followed: a create's fate behind it is unknown, so not refused; a read is pointed wrong.
		const cause = `TYLT answered with a redirect (HTTP ${statusCode}), which the node does not follow`;
		return request.movesMoney
			? { outcome: 'transient', cause, statusCode, envelope }
			: { outcome: 'rejected', statusCode, envelope };
	}
	if (statusCode < 200 || statusCode > 299) return { outcome: 'rejected', statusCode, envelope };
	if (envelope === undefined) {
		return {
			outcome: 'transient',
			cause: 'the answer was not a readable JSON envelope',
			statusCode,
		};
	}
	if (typeof envelope.errorCode === 'number' && envelope.errorCode !== 0) {
		// The spec's create answer has no errorCode; one carrying a record too may have made the payout.
		if (request.movesMoney && envelope.data !== null && typeof envelope.data === 'object') {
			return {
				outcome: 'transient',
				cause: `the answer holds a payout record and errorCode ${envelope.errorCode}`,
				statusCode,
				envelope,
			};
		}
		return { outcome: 'rejected', statusCode, envelope };
	}
	const problem = request.envelope?.(envelope);
	// Not a refusal: for a create, TYLT may have made the payout and answered oddly.
	if (problem) return { outcome: 'transient', cause: problem, statusCode };
	return { outcome: 'success', data: envelope.data };
}

const PAST_DEADLINE = Symbol('past the deadline');

/**
 * The reason every attempt's deadline is aborted with when the attempt ends. One made once: aborted without a
 * reason, a controller makes a DOMException, capturing a stack, for every request (about 40 µs a create).
 * Nothing reads it: the pause and a request still under way are no longer listened to.
 */
const ATTEMPT_ENDED = new Error('The attempt has ended');

/** `request`, or PAST_DEADLINE after `ms`; `deadline` is aborted on return, so no timer outlives the attempt. */
async function withinDeadline<T>(
	request: Promise<T>,
	ms: number,
	deadline: AbortController,
): Promise<T | typeof PAST_DEADLINE> {
	// A request that settles after the deadline is no longer listened to; its failure is expected, not news.
	request.catch(() => undefined);
	try {
		return await Promise.race([
			request,
			pause(ms, deadline.signal).then((): typeof PAST_DEADLINE => PAST_DEADLINE),
		]);
	} finally {
		deadline.abort(ATTEMPT_ENDED);
	}
}

/** The envelope with each top-level value but `data` scrubbed, whatever its type; records stay as sent. */
function redactedEnvelope(
	envelope: TyltEnvelope | undefined,
	secrets: readonly string[],
): TyltEnvelope | undefined {
	if (envelope === undefined) return undefined;
	const redacted: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(envelope)) {
		redacted[key] =
			key === 'data' || value === null || typeof value === 'number' || typeof value === 'boolean'
				? value
				: redactSecrets(typeof value === 'string' ? value : JSON.stringify(value), secrets);
	}
	return redacted as TyltEnvelope;
}

function parseEnvelope(body: unknown): TyltEnvelope | undefined {
	if (typeof body === 'string') {
		try {
			body = JSON.parse(body);
		} catch {
			return undefined;
		}
	}
	return isObject(body) ? (body as TyltEnvelope) : undefined;
}

/** Retry-After is either delta-seconds or an HTTP date. */
function parseRetryAfter(header: string | string[] | undefined): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (!value) return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
