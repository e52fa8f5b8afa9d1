import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

import { hmacSha256Hex } from './hmac';
import type { SpendingLimitTexts } from './spendingLimits/fields';
import { spendingLimitRefusal } from './spendingLimits/check';

export interface TyltCredentials {
	apiKey: string;
	apiSecret: string;
	baseUrl: string;
	/** Max Amount per Payout and Allowed Recipient Addresses bind every payout this credential signs. */
	spendingLimits?: SpendingLimitTexts;
}

export const DEFAULT_BASE_URL = 'https://api.tylt.money';

/**
 * Request options as n8n hands them to a credential: `url` (httpRequest) or `uri` (the legacy request helper
 * the HTTP Request node uses), with the legacy body and redirect options beside them.
 */
type AuthenticatableRequest = IHttpRequestOptions & {
	uri?: string | { toString(): string };
	form?: unknown;
	formData?: unknown;
	followRedirect?: boolean;
	followAllRedirects?: boolean;
};

const CREDENTIAL = 'The TYLT API credential';

/** Errors by which the credential refused to sign: the call was never sent. */
const refusals = new WeakSet<object>();

function refusal(message: string): UserError {
	const error = new UserError(message);
	refusals.add(error);
	return error;
}

/**
 * The credential's refusal to sign a call (so nothing left n8n) behind a failed call, looking through the error
 * n8n's request helpers wrap it in; undefined when the call failed for another reason.
 */
export function credentialRefusalIn(error: unknown): Error | undefined {
	for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 4; depth++) {
		if (refusals.has(cause) || isRefusalText((cause as { message?: unknown }).message)) {
			return cause as Error;
		}
		cause = (cause as { cause?: unknown }).cause;
	}
	return undefined;
}

/**
 * n8n 1.x loads the credential's module apart from the node's, so the refusal is another object there: it is
 * known by its words instead. Every refusal begins with them, and no network error does.
 */
function isRefusalText(message: unknown): boolean {
	return typeof message === 'string' && message.startsWith(CREDENTIAL);
}

const READS_THE_KEY =
	'would read the API key and a signature it could replay at TYLT (TYLT has no nonce), so nothing was sent';

/**
 * Request options that decide where the signed bytes go or which server is accepted as TYLT. Whoever may use the
 * credential in the HTTP Request node sets them (Options → Proxy, Ignore SSL Issues, SSL Certificates), and
 * n8n passes them through to the connection. A proxy the n8n administrator sets for the whole instance
 * (HTTP_PROXY, HTTPS_PROXY, ALL_PROXY) is not among them: n8n applies it when it connects, after signing.
 */
const TRANSPORT_OPTIONS: ReadonlyArray<{
	option: string;
	/** Whether the request's value for the option leaves the default connection. */
	changesTransport: (value: unknown) => boolean;
	reason: string;
}> = [
	{
		option: 'proxy',
		changesTransport: (value) => Boolean(value),
		reason: `does not send through a proxy set on the request (Options → Proxy, \`proxy\`): the proxy ${READS_THE_KEY}. Remove the proxy; a proxy the n8n administrator sets for the whole instance (HTTP_PROXY, HTTPS_PROXY) still applies`,
	},
	...['rejectUnauthorized', 'strictSSL'].map((option) => ({
		option,
		changesTransport: (value: unknown) => value !== undefined && value !== true,
		reason: `only sends with TLS certificate checks on, and this request turns them off (Options → Ignore SSL Issues, \`${option}: false\`): a server posing as TYLT ${READS_THE_KEY}. Turn Ignore SSL Issues off`,
	})),
	{
		option: 'skipSslCertificateValidation',
		changesTransport: (value) => value !== undefined && value !== false,
		reason: `only sends with TLS certificate checks on, and this request turns them off (\`skipSslCertificateValidation\`): a server posing as TYLT ${READS_THE_KEY}. Leave certificate validation on`,
	},
	{
		option: 'agentOptions',
		changesTransport: (value) =>
			isSet(value) && !(isPlainObject(value) && Object.keys(value).length === 0),
		reason: `only sends with the system's own TLS settings, and this request brings its own (Options → SSL Certificates, \`agentOptions\`): a server those settings accept as TYLT ${READS_THE_KEY}. Remove the SSL certificates from the request`,
	},
	...['agent', 'httpAgent', 'httpsAgent', 'socketPath', 'lookup'].map((option) => ({
		option,
		changesTransport: isSet,
		reason: `only sends over n8n's own connection, and this request brings its own (\`${option}\`): that connection may lead anywhere and ${READS_THE_KEY}. Remove \`${option}\` from the request`,
	})),
];

/**
 * Signs a request the way TYLT verifies it, and returns the options to send:
 * - only a request to the credential's own Base URL (same scheme, host and port) is signed; any other target
 *   is refused before a header is added, because the HTTP Request node lets whoever may use the credential
 *   choose the URL;
 * - a body-carrying request (POST...) signs the exact JSON body text, and that same text is what goes on the
 *   wire; a body that is not JSON (form, multipart, binary, other text) is refused;
 * - a GET with query parameters signs the compact JSON of those parameters, in the order they are sent;
 * - a GET without parameters signs the empty string;
 * - redirects are never followed: every HTTP client carries the signed headers on to the next hop;
 * - a request that brings its own proxy, agent or TLS settings (certificate checks off, certificates of its
 *   own) is refused: the key and signature would go wherever those lead.
 */
export function signTyltRequest(
	credentials: TyltCredentials,
	requestOptions: AuthenticatableRequest,
): IHttpRequestOptions {
	refuseOwnTransport(requestOptions);
	const signed: AuthenticatableRequest = {
		...requestOptions,
		headers: { ...requestOptions.headers },
	};
	// One absolute URL and nothing to combine it with: what was checked is exactly where it goes.
	signed.url = targetOnBaseUrl(credentials.baseUrl, requestOptions);
	delete signed.uri;
	delete signed.baseURL;
	Object.assign(signed, {
		disableFollowRedirect: true,
		maxRedirects: 0,
		followRedirect: false,
		followAllRedirects: false,
	});

	const method = (signed.method ?? 'GET').toUpperCase();
	let signedString: string;
	if (method === 'GET' || method === 'HEAD' || method === 'DELETE') {
		if (hasBody(signed)) {
			throw refusal(
				`${CREDENTIAL} cannot sign a ${method} request with a body: TYLT signs ${method} requests over their query parameters only, so the body would travel unsigned. Send the values as query parameters`,
			);
		}
		signedString = signedQueryString(signed.url, signed.qs);
		refuseBeyondLimits(credentials, signed, method, undefined);
	} else {
		signedString = jsonBodyText(signed);
		signed.body = signedString;
		// The body is final text now: n8n must send it untouched, so it is no longer "JSON to serialise".
		setHeader(signed, 'Content-Type', 'application/json');
		refuseBeyondLimits(credentials, signed, method, signedString);
	}

	setHeader(signed, 'X-TLP-APIKEY', apiKeyAsSent(credentials.apiKey));
	setHeader(signed, 'X-TLP-SIGNATURE', hmacSha256Hex(credentials.apiSecret, signedString));
	return signed;
}

/** The spending limits are checked against exactly what is signed and sent: the resolved URL and body text. */
function refuseBeyondLimits(
	credentials: TyltCredentials,
	signed: AuthenticatableRequest,
	method: string,
	bodyText: string | undefined,
) {
	const reason = spendingLimitRefusal(credentials.spendingLimits ?? {}, {
		method,
		url: signed.url,
		qs: signed.qs,
		bodyText,
	});
	if (reason) throw refusal(`${CREDENTIAL} refused this payout, so nothing was sent: ${reason}`);
}

export function normalizeBaseUrl(baseUrl: string): string {
	return (baseUrl.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/**
 * The API key as TYLT reads it: HTTP drops the whitespace around a header value, so a key pasted with a space or
 * line break is the same key. Trimmed before it is sent too: a line break inside a header is not sendable.
 */
export function apiKeyAsSent(apiKey: string): string {
	return apiKey.trim();
}

/**
 * Which TYLT account a credential pays from, as text every spelling of it shares: the Base URL's origin as
 * `new URL` gives it (scheme and host lower-cased, default port dropped), without a fully qualified host's
 * trailing dot, and the API key as sent, in lower case (TYLT does not say whether letter case tells keys apart;
 * taking two spellings for one account can only make one execution wait for another, never pay twice).
 */
export function tyltAccountIdentity(
	credentials: Pick<TyltCredentials, 'apiKey' | 'baseUrl'>,
): string {
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	const origin = httpOrigin(baseUrl);
	const server = origin === undefined ? baseUrl : withoutTrailingDot(new URL(origin));
	return JSON.stringify([server, apiKeyAsSent(credentials.apiKey).toLowerCase()]);
}

function withoutTrailingDot(origin: URL): string {
	if (origin.hostname.endsWith('.')) origin.hostname = origin.hostname.slice(0, -1);
	return origin.origin;
}

/**
 * The absolute URL the request goes to, resolved the way axios resolves it (an absolute or protocol-relative
 * URL stands alone; anything else is appended to the base URL), provided it is on the Base URL's origin.
 */
function targetOnBaseUrl(baseUrl: string, request: AuthenticatableRequest): string {
	const base = normalizeBaseUrl(baseUrl);
	const baseOrigin = httpOrigin(base);
	if (baseOrigin === undefined) {
		throw refusal(
			`${CREDENTIAL}'s Base URL "${base}" is not an http:// or https:// URL: fix it in the credential`,
		);
	}
	// Each turned into text once: an object's toString could name another host the next time it is read, and
	// what goes on the wire must be exactly what was checked.
	const target = String(request.url || request.uri || '');
	const full = /^([a-z][a-z\d+\-.]*:)?\/\//i.test(target)
		? target
		: combineUrls(String(request.baseURL || base), target);
	if (httpOrigin(full) !== baseOrigin) {
		throw refusal(
			`${CREDENTIAL} only signs requests to its Base URL (${baseOrigin}); this request goes to ${describeOrigin(full)}, so nothing was sent. Use a path on ${baseOrigin}, or change the credential's Base URL`,
		);
	}
	return full;
}

/** axios' combineURLs: the base without trailing slashes, one slash, the path without leading slashes. */
function combineUrls(base: string, path: string): string {
	return path ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : base;
}

function refuseOwnTransport(request: AuthenticatableRequest) {
	const options = request as unknown as IDataObject;
	for (const { option, changesTransport, reason } of TRANSPORT_OPTIONS) {
		if (changesTransport(options[option])) throw refusal(`${CREDENTIAL} ${reason}`);
	}
}

function isSet(value: unknown): boolean {
	return value !== undefined && value !== null && value !== false;
}

/** `scheme://host[:port]` of an http(s) URL, default port left out; undefined for anything else. */
function httpOrigin(url: string): string | undefined {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
	} catch {
		return undefined;
	}
}

/** Names where a refused request would have gone, without its path or query (they may carry data). */
function describeOrigin(url: string): string {
	return httpOrigin(url) ?? 'an address that is not an absolute http(s) URL';
}

function hasBody(request: AuthenticatableRequest): boolean {
	const { body } = request;
	const emptyBody =
		body === undefined ||
		body === null ||
		body === '' ||
		(isPlainObject(body) && Object.keys(body).length === 0);
	return !emptyBody || request.form !== undefined || request.formData !== undefined;
}

/** The JSON text to sign and send; refuses every body n8n would send as something else. */
function jsonBodyText(request: AuthenticatableRequest): string {
	const refuse = (what: string) =>
		refusal(
			`${CREDENTIAL} only sends JSON bodies, because TYLT verifies the signature over the exact JSON text; ${what}. Choose Body Content Type JSON (or Raw with content type application/json)`,
		);
	if (request.form !== undefined) throw refuse('this request has a form-urlencoded body');
	if (request.formData !== undefined) throw refuse('this request has a multipart (form-data) body');
	const contentType = headerValue(request, 'Content-Type');
	if (contentType !== undefined && contentType.trim() !== '' && !isJsonMediaType(contentType)) {
		throw refuse(`this request declares Content-Type "${contentType}"`);
	}

	const { body } = request;
	if (body === undefined || body === null || body === '') return '';
	if (typeof body === 'string') {
		// axios sends JSON text trimmed, so the trimmed text is what TYLT receives and must be what is signed.
		if (!isJson(body)) throw refuse('this request body is text that is not JSON');
		return body.trim();
	}
	if (Buffer.isBuffer(body) || body instanceof Uint8Array) {
		throw refuse('this request has a binary body (a file or Buffer)');
	}
	if (!isPlainObject(body) && !Array.isArray(body)) {
		throw refuse('this request body is not a JSON object (it is a stream, form or other object)');
	}
	return JSON.stringify(body);
}

function isJsonMediaType(contentType: string): boolean {
	const mediaType = contentType.split(';')[0].trim().toLowerCase();
	return mediaType === 'application/json' || /^application\/[^/]+\+json$/.test(mediaType);
}

function isPlainObject(value: unknown): value is IDataObject {
	if (value === null || typeof value !== 'object') return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

function isJson(text: string): boolean {
	try {
		JSON.parse(text);
		return true;
	} catch {
		return false;
	}
}

/** Parameters already written into the URL are sent first, then `qs`: sign them in that same order. */
function signedQueryString(url: string, qs?: IDataObject): string {
	const query: IDataObject = {};
	const queryStart = url.indexOf('?');
	if (queryStart !== -1) {
		for (const [name, value] of new URLSearchParams(url.slice(queryStart + 1))) query[name] = value;
	}
	Object.assign(query, qs ?? {});
	return Object.keys(query).length === 0 ? '' : JSON.stringify(query);
}

function headerValue(request: AuthenticatableRequest, name: string): string | undefined {
	const headers = request.headers as IDataObject;
	const key = Object.keys(headers).find(
		(existing) => existing.toLowerCase() === name.toLowerCase(),
	);
	return key === undefined ? undefined : String(headers[key]);
}

function setHeader(request: AuthenticatableRequest, name: string, value: string) {
	const headers = request.headers as IDataObject;
	// Replace any differently-cased copy so exactly one value reaches the server.
	for (const existing of Object.keys(headers)) {
		if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
	}
	headers[name] = value;
}
