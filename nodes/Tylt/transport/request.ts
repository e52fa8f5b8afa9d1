import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { createHash } from 'crypto';

import { NodeApiError } from 'n8n-workflow';

import { cancelSignalOf, pause } from '../../shared/pause';
import { credentialRefusalIn, tyltAccountIdentity } from '../../shared/signing';
import type { EnvelopeCheck, TyltEnvelope } from './envelopes';

/** Every n8n context that calls TYLT: node executions, dropdown loaders, and polling triggers. */
export type TyltContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface TyltRequest {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	itemIndex?: number;
	timeoutMs?: number;
	/**
	 * Reads are repeated after transient failures. A payout create never is: TYLT has no idempotency key,
	 * so a create whose answer was lost may exist, and sending it again could pay twice.
	 */
	movesMoney?: boolean;
	/** What a usable HTTP 200 answer must look like; anything else is treated as no answer. */
	envelope?: EnvelopeCheck;
	/**
	 * For a read of one thing by its id: the refusals that only say it does not exist. Such a refusal is
	 * returned as `null` (the `data` of "nothing there") instead of thrown.
	 */
	refusalMeansAbsent?: (statusCode: number, envelope: TyltEnvelope | undefined) => boolean;
}

/** Bounded exponential back-off for reads; exported so tests can shorten the waits. */
export const RETRY_POLICY = {
	maxRetries: 3,
	baseDelayMs: 1000,
	maxDelayMs: 30_000,
};

export const REQUEST_TIMEOUT_MS = 60_000;

interface TyltResponse {
	statusCode: number;
	headers?: Record<string, string | string[] | undefined>;
	body: unknown;
}

/**
 * What one attempt came to. Transient failures may succeed if tried again; the others will not. `stopped`:
 * the execution was stopped before the request left (or, for a read, while it was under way).
 */
type Attempt =
	| { outcome: 'success'; data: unknown }
	| { outcome: 'stopped' }
	| { outcome: 'rejected'; statusCode: number; envelope?: TyltEnvelope }
	/** The credential refused to sign the call: nothing left n8n, and asking again gets the same answer. */
	| { outcome: 'notSigned'; cause: string }
	| { outcome: 'unreachable'; cause: string; code?: string }
	| {
			outcome: 'transient';
			cause: string;
			code?: string;
			statusCode?: number;
			retryAfterMs?: number;
			envelope?: TyltEnvelope;
	  };

/**
 * Sends one signed call (the credential signs it) and returns the envelope's `data`.
 * Every failure becomes a NodeApiError built from TYLT's own `msg` and the status alone:
 * the request options, which hold the key and the signature, never reach an error.
 */
export async function tyltApiRequest(this: TyltContext, request: TyltRequest): Promise<unknown> {
	const retries = request.movesMoney ? 0 : RETRY_POLICY.maxRetries;
	const signal = cancelSignalOf(this);
	for (let attempt = 0; ; attempt++) {
		const result = await attemptOnce.call(this, request, signal);
		if (result.outcome === 'success') return result.data;
		if (result.outcome === 'stopped') throw stoppedError.call(this, request);
		if (result.outcome === 'rejected') {
			if (request.refusalMeansAbsent?.(result.statusCode, result.envelope)) return null;
			throw rejectedError.call(this, request, result.statusCode, result.envelope);
		}
		if (result.outcome === 'notSigned') {
			throw apiError.call(this, request, result.cause, {
				description: `Nothing was sent to TYLT: the TYLT API credential refused to sign ${request.method} ${request.path}.`,
			});
		}
		if (request.movesMoney) {
			if (result.outcome === 'unreachable') {
				throw apiError.call(this, request, `${result.cause}: the payout was not sent`, {
					networkCode: result.code,
					description:
						'Nothing reached TYLT. Check the Base URL of the TYLT credential and the network.',
				});
			}
			// Every transient create may exist at TYLT, HTTP 429 included: neither the spec nor the facts say
			// TYLT turns a create away before processing it, and a gateway that counts requests after the answer
			// would turn a made payout into a 429. A 429 also asks the execution to slow down.
			const error = unknownOutcomeError.call(this, request, result);
			outcomeUnknown.add(error);
			if (result.statusCode === 429) rateLimited.set(error, { retryAfterMs: result.retryAfterMs });
			throw error;
		}
		if (attempt >= retries) throw gaveUpError.call(this, request, result, attempt + 1);
		await pause(
			backoffMs(attempt, result.outcome === 'transient' ? result.retryAfterMs : undefined),
			signal,
		);
		if (signal?.aborted) throw stoppedError.call(this, request);
	}
}

/**
 * n8n reads and decrypts the credential from its database on every authenticated request unless it is
 * handed over; a 1,000-row payout run would read it 1,000 times. The execution context lives exactly as long
 * as one execution, so the credential is read once per execution (and re-read by the next one).
 */
const credentialsPerExecution = new WeakMap<
	TyltContext,
	Promise<ICredentialsDecrypted | undefined>
>();

async function credentialsOnce(this: TyltContext): Promise<ICredentialsDecrypted | undefined> {
	// n8n keeps one poll context for as long as a polling trigger stays active: reading the credential once
	// per context there would keep an old secret until the workflow is activated again.
	if (isPollContext(this)) return await readCredentials.call(this);
	let credentials = credentialsPerExecution.get(this);
	if (!credentials) {
		credentials = readCredentials.call(this);
		credentialsPerExecution.set(this, credentials);
	}
	return await credentials;
}

async function readCredentials(this: TyltContext): Promise<ICredentialsDecrypted | undefined> {
	const reference = this.getNode().credentials?.tyltApi;
	if (!reference?.id) return undefined;
	return {
		id: reference.id,
		name: reference.name,
		type: 'tyltApi',
		data: await this.getCredentials<ICredentialDataDecryptedObject>('tyltApi'),
	};
}

function isPollContext(context: TyltContext): context is IPollFunctions {
	return typeof (context as Partial<IPollFunctions>).__emit === 'function';
}

/**
 * Which TYLT account a call goes to: a hash of the Base URL's origin and the API key, one for every spelling
 * TYLT takes for the same account (see tyltAccountIdentity). Never the secret, and never the key itself, so
 * process-wide memories keyed by account hold nothing a memory dump could reuse.
 */
export async function tyltAccountKey(this: TyltContext): Promise<string> {
	const credentials = ((await credentialsOnce.call(this))?.data ??
		(await this.getCredentials('tyltApi'))) as ICredentialDataDecryptedObject | undefined;
	const identity = tyltAccountIdentity({
		baseUrl: String(credentials?.baseUrl ?? ''),
		apiKey: String(credentials?.apiKey ?? ''),
	});
	return createHash('sha256').update(identity).digest('hex').slice(0, 32);
}

/** Creates whose answer was lost: TYLT may or may not have made the payout. */
const outcomeUnknown = new WeakSet<object>();

/** Whether a create failed in a way that leaves open whether TYLT made the payout. */
export function isOutcomeUnknown(error: unknown): boolean {
	return typeof error === 'object' && error !== null && outcomeUnknown.has(error);
}

/** Creates TYLT answered with HTTP 429, with the wait TYLT asked for. */
const rateLimited = new WeakMap<object, { retryAfterMs?: number }>();

/**
 * The wait TYLT asked for when it answered a create with HTTP 429 (rate limiting): the execution's later
 * creates slow down. The create itself is an unknown outcome like any other (isOutcomeUnknown). Undefined for
 * every other error.
 */
export function rateLimitOf(error: unknown): { retryAfterMs?: number } | undefined {
	return typeof error === 'object' && error !== null ? rateLimited.get(error) : undefined;
}

async function attemptOnce(
	this: TyltContext,
	request: TyltRequest,
	signal: AbortSignal | undefined,
): Promise<Attempt> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.path,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: request.timeoutMs ?? REQUEST_TIMEOUT_MS,
	};
	if (request.body) options.body = request.body;
	if (request.qs) options.qs = request.qs;

	// Outside the try below: a credential that cannot be read is not a network failure.
	const credentialsDecrypted = await credentialsOnce.call(this);
	// A stopped execution sends nothing more, and a request that never left is known not to have happened.
	if (signal?.aborted) return { outcome: 'stopped' };
	let response: TyltResponse;
	try {
		response = await this.helpers.httpRequestWithAuthentication.call(this, 'tyltApi', options, {
			credentialsDecrypted,
		});
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
		return networkFailure(error as JsonObject);
	}

	const { statusCode } = response;
	const envelope = parseEnvelope(response.body);
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
		// The credential never follows a redirect with the signed headers. What a create met behind it is
		// unknown, so it is not called refused; a read is simply pointed at the wrong place.
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
		// The spec's create answer has no errorCode. One that carries a record as well contradicts itself:
		// TYLT may have made the payout, so it is no refusal.
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

const NEVER_CONNECTED = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);

function networkFailure(error: JsonObject): Attempt {
	// n8n wraps the transport error: the network code and words are on its cause.
	const cause = (error.cause ?? {}) as JsonObject;
	const code = String(cause.code ?? error.code ?? error.httpCode ?? '');
	const words = `${String(cause.message ?? '')} ${String(error.message ?? '')}`;
	// Messages carry words, never the raw code: n8n swaps any message naming a network code for its own
	// generic text, which would hide whether a payout may exist.
	if (NEVER_CONNECTED.has(code)) {
		// The request never left this machine, so even a create is known not to have happened.
		return { outcome: 'unreachable', cause: 'TYLT could not be reached', code };
	}
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout|timed out/i.test(words)) {
		return { outcome: 'transient', cause: 'no answer within the timeout', code };
	}
	return { outcome: 'transient', cause: 'the connection was dropped', code };
}

function parseEnvelope(body: unknown): TyltEnvelope | undefined {
	if (typeof body === 'string') {
		try {
			body = JSON.parse(body);
		} catch {
			return undefined;
		}
	}
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
	return body as TyltEnvelope;
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

function backoffMs(attempt: number, retryAfterMs: number | undefined): number {
	const exponential = RETRY_POLICY.baseDelayMs * 2 ** attempt;
	return Math.min(Math.max(exponential, retryAfterMs ?? 0), RETRY_POLICY.maxDelayMs);
}

function tyltMessage(envelope: TyltEnvelope | undefined): string | undefined {
	return envelope?.msg ? String(envelope.msg) : undefined;
}

function apiError(
	this: TyltContext,
	request: TyltRequest,
	message: string,
	details: {
		statusCode?: number;
		envelope?: TyltEnvelope;
		networkCode?: string;
		description: string;
	},
): NodeApiError {
	const errorResponse: JsonObject = {};
	if (details.statusCode !== undefined) errorResponse.httpCode = String(details.statusCode);
	if (details.envelope?.errorCode !== undefined)
		errorResponse.errorCode = details.envelope.errorCode;
	const msg = tyltMessage(details.envelope);
	if (msg) errorResponse.msg = msg;
	return new NodeApiError(this.getNode(), errorResponse, {
		message,
		description: details.networkCode
			? `${details.description} (network error ${details.networkCode})`
			: details.description,
		httpCode: details.statusCode !== undefined ? String(details.statusCode) : undefined,
		itemIndex: request.itemIndex,
	});
}

function rejectedError(
	this: TyltContext,
	request: TyltRequest,
	statusCode: number,
	envelope: TyltEnvelope | undefined,
): NodeApiError {
	const summary = tyltMessage(envelope) ?? `TYLT answered HTTP ${statusCode}`;
	const message =
		statusCode === 401
			? `TYLT rejected the credential: ${summary} Check the API key and secret of the TYLT API credential.`
			: `TYLT error: ${summary}`;
	return apiError.call(this, request, message, {
		statusCode,
		envelope,
		description: [
			`${request.method} ${request.path} answered HTTP ${statusCode}`,
			envelope?.errorCode !== undefined ? `errorCode ${String(envelope.errorCode)}` : undefined,
			statusCode === 401 ? 'Check the API key and secret of the TYLT credential' : undefined,
			statusCode >= 300 && statusCode <= 399
				? 'a redirect, which the node never follows with signed headers: check the Base URL of the TYLT credential'
				: undefined,
			request.movesMoney ? 'TYLT refused the payout, so nothing was sent' : undefined,
		]
			.filter(Boolean)
			.join('; '),
	});
}

function gaveUpError(
	this: TyltContext,
	request: TyltRequest,
	failure: Extract<Attempt, { outcome: 'transient' | 'unreachable' }>,
	attempts: number,
): NodeApiError {
	const transient = failure.outcome === 'transient' ? failure : undefined;
	const summary = tyltMessage(transient?.envelope) ?? failure.cause;
	return apiError.call(this, request, `TYLT did not answer usefully: ${summary}`, {
		networkCode: failure.code,
		statusCode: transient?.statusCode,
		envelope: transient?.envelope,
		description: `${request.method} ${request.path} failed ${attempts} times in a row; try again later`,
	});
}

function stoppedError(this: TyltContext, request: TyltRequest): NodeApiError {
	return request.movesMoney
		? apiError.call(this, request, 'The execution was stopped before this payout was sent', {
				description:
					'Nothing reached TYLT: the payout was not sent. Run the workflow again to send it.',
			})
		: apiError.call(this, request, 'The execution was stopped', {
				description: `${request.method} ${request.path} was not completed because the execution was stopped.`,
			});
}

function unknownOutcomeError(
	this: TyltContext,
	request: TyltRequest,
	failure: Extract<Attempt, { outcome: 'transient' }>,
): NodeApiError {
	return apiError.call(
		this,
		request,
		`The outcome of this payout is unknown (${failure.cause}): TYLT may have created it`,
		{
			statusCode: failure.statusCode,
			envelope: failure.envelope,
			networkCode: failure.code,
			description:
				'The node does not repeat a payout whose answer was lost. Do not create it again by hand: run the workflow again with Duplicate Guard on (the default), which finds the payout in TYLT history by its reference and sends it only if TYLT does not have it. After a timeout, wait a few minutes first: a slow payout may still be on its way into the history.',
		},
	);
}
