/** The one reading of a request to sign: what is checked is what is signed is what is sent; no second reading. */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { CREDENTIAL, CredentialRefusal } from './credentialRefusal';
import { NODE_VOUCHER_HEADER } from './spendingLimits/nodeVouchers';
import { httpOrigin, normalizeBaseUrl } from './tyltAccount';

/** Request options as n8n hands them to a credential: `uri` and the rest are the legacy request helper's. */
export type AuthenticatableRequest = IHttpRequestOptions & {
	uri?: string | { toString(): string };
	form?: unknown;
	formData?: unknown;
	followRedirect?: boolean;
	followAllRedirects?: boolean;
};

/** A query value as it is signed: the URL's own parameters are text, the query options keep their JSON type. */
export type QueryValue = string | number | boolean;

export interface OutgoingRequest {
	/** In upper case. */
	method: string;
	/** The absolute URL that is sent: the Base URL's origin, the path, then `query`; never a fragment. */
	url: string;
	/** The path as the HTTP client sends it (dot segments resolved by `new URL`). */
	path: string;
	/** `path` after the Base URL's own path, as TYLT documents its paths; undefined when outside that path. */
	tyltPath?: string;
	/** Every query parameter in the order it is sent, each name once. */
	query: ReadonlyArray<readonly [string, QueryValue]>;
	/** The exact body text signed and sent; undefined for GET, HEAD and DELETE. */
	bodyText?: string;
	/** The names of the headers the request carries, in lower case. */
	headerNames: string[];
	/** The TYLT node's voucher token (NODE_VOUCHER_HEADER), taken off the request: it never reaches TYLT. */
	nodeVoucher?: string;
}

const QUERY_SIGNED_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

const READS_THE_KEY =
	'would read the API key and a signature it could replay at TYLT (TYLT has no nonce), so nothing was sent';

/** Options a workflow sets that decide where the signed bytes go or who passes for TYLT (docs/credential.md). */
const TRANSPORT_OPTIONS: ReadonlyArray<{
	option: string;
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

/** Reads the request once; throws the credential's refusal when it cannot be read one way only. */
export function readOutgoingRequest(
	baseUrl: string,
	request: AuthenticatableRequest,
): OutgoingRequest {
	refuseOwnTransport(request);
	const method = (request.method ?? 'GET').toUpperCase();
	const { origin, path, urlQuery, basePath } = targetOnBaseUrl(baseUrl, request);
	const query = queryAsSent(urlQuery, request.qs);
	const search = new URLSearchParams(
		query.map(([name, value]): [string, string] => [name, String(value)]),
	);
	const outgoing: OutgoingRequest = {
		method,
		url: `${origin}${path}${query.length === 0 ? '' : `?${search}`}`,
		path,
		tyltPath: path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined,
		query,
		headerNames: Object.keys(request.headers ?? {}).map((name) => name.toLowerCase()),
		nodeVoucher: headerValue(request, NODE_VOUCHER_HEADER),
	};
	if (!QUERY_SIGNED_METHODS.has(method)) return { ...outgoing, bodyText: jsonBodyText(request) };
	if (hasBody(request)) {
		throw new CredentialRefusal(
			`${CREDENTIAL} cannot sign a ${method} request with a body: TYLT signs ${method} requests over their query parameters only, so the body would travel unsigned. Send the values as query parameters`,
		);
	}
	return outgoing;
}

/** What TYLT verifies the signature over: the exact body text, or the compact JSON of the query (GET). */
export function signedText(outgoing: OutgoingRequest): string {
	if (outgoing.bodyText !== undefined) return outgoing.bodyText;
	return outgoing.query.length === 0 ? '' : JSON.stringify(Object.fromEntries(outgoing.query));
}

/** The options n8n sends, built from the reading; redirects off, as a client carries signed headers on. */
export function optionsToSend(
	request: AuthenticatableRequest,
	outgoing: OutgoingRequest,
): AuthenticatableRequest {
	const options: AuthenticatableRequest = {
		...request,
		headers: { ...request.headers },
		url: outgoing.url,
		disableFollowRedirect: true,
		maxRedirects: 0,
		followRedirect: false,
		followAllRedirects: false,
	};
	delete options.uri;
	delete options.baseURL;
	delete options.qs;
	removeHeader(options, NODE_VOUCHER_HEADER);
	if (outgoing.bodyText !== undefined) {
		options.body = outgoing.bodyText;
		// The body is final text now: n8n must send it untouched, so it is no longer "JSON to serialise".
		setHeader(options, 'Content-Type', 'application/json');
	}
	return options;
}

export function setHeader(request: AuthenticatableRequest, name: string, value: string) {
	// Replace any differently-cased copy so exactly one value reaches the server.
	removeHeader(request, name);
	(request.headers as IDataObject)[name] = value;
}

function removeHeader(request: AuthenticatableRequest, name: string) {
	const headers = request.headers as IDataObject;
	for (const existing of Object.keys(headers)) {
		if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
	}
}

function refuseOwnTransport(request: AuthenticatableRequest) {
	const options = request as unknown as IDataObject;
	for (const { option, changesTransport, reason } of TRANSPORT_OPTIONS) {
		if (changesTransport(options[option])) throw new CredentialRefusal(`${CREDENTIAL} ${reason}`);
	}
}

/** The target as axios resolves it, on the Base URL's origin, with no `#` (the client drops it) or second `?`. */
function targetOnBaseUrl(
	baseUrl: string,
	request: AuthenticatableRequest,
): { origin: string; path: string; urlQuery: string; basePath: string } {
	const base = normalizeBaseUrl(baseUrl);
	const baseOrigin = httpOrigin(base);
	if (baseOrigin === undefined) {
		throw new CredentialRefusal(
			`${CREDENTIAL}'s Base URL "${base}" is not an http:// or https:// URL: fix it in the credential`,
		);
	}
	// Turned into text once: an object's toString could name another host the next time it is read.
	const target = String(request.url || request.uri || '');
	const full = /^([a-z][a-z\d+\-.]*:)?\/\//i.test(target)
		? target
		: combineUrls(String(request.baseURL || base), target);
	if (httpOrigin(full) !== baseOrigin) {
		throw new CredentialRefusal(
			`${CREDENTIAL} only signs requests to its Base URL (${baseOrigin}); this request goes to ${httpOrigin(full) ?? 'an address that is not an absolute http(s) URL'}, so nothing was sent. Use a path on ${baseOrigin}, or change the credential's Base URL`,
		);
	}
	if (full.includes('#')) {
		throw new CredentialRefusal(
			`${CREDENTIAL} does not sign a URL with a fragment ("#…"): the HTTP client drops it while a check could read it, so nothing was sent. Remove the "#" and what follows it`,
		);
	}
	const queryStart = full.indexOf('?');
	const urlQuery = queryStart === -1 ? '' : full.slice(queryStart + 1);
	if (urlQuery.includes('?')) {
		throw new CredentialRefusal(
			`${CREDENTIAL} does not sign a URL with a second "?": servers split such a query differently, so nothing was sent. Write a "?" inside a value as %3F`,
		);
	}
	return {
		origin: baseOrigin,
		path: new URL(full).pathname,
		urlQuery,
		basePath: new URL(base).pathname.replace(/\/$/, ''),
	};
}

/** axios' combineURLs: the base without trailing slashes, one slash, the path without leading slashes. */
function combineUrls(base: string, path: string): string {
	return path ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : base;
}

/** The URL's own parameters, then the query options', as sent: each name once, only text, numbers or booleans. */
function queryAsSent(
	urlQuery: string,
	options: IDataObject | undefined,
): Array<[string, QueryValue]> {
	const query: Array<[string, QueryValue]> = [...new URLSearchParams(urlQuery)];
	for (const [name, value] of Object.entries(options ?? {})) {
		if (value === undefined) continue;
		if (
			typeof value !== 'string' &&
			typeof value !== 'boolean' &&
			!(typeof value === 'number' && Number.isFinite(value))
		) {
			throw new CredentialRefusal(
				`${CREDENTIAL} only signs query parameters that are text or numbers, and "${name}" is ${value === null ? 'null' : `a ${Array.isArray(value) ? 'list' : typeof value}`}, so nothing was sent`,
			);
		}
		query.push([name, value]);
	}
	const seen = new Set<string>();
	for (const [name] of query) {
		if (seen.has(name)) {
			throw new CredentialRefusal(
				`${CREDENTIAL} does not sign a query that names "${name}" twice: servers differ on which value they read, so nothing was sent. Give each parameter once`,
			);
		}
		seen.add(name);
	}
	return query;
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
		new CredentialRefusal(
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
		try {
			JSON.parse(body);
		} catch {
			throw refuse('this request body is text that is not JSON');
		}
		// axios sends JSON text trimmed, so the trimmed text is what TYLT receives and must be what is signed.
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

function isSet(value: unknown): boolean {
	return value !== undefined && value !== null && value !== false;
}

function headerValue(request: AuthenticatableRequest, name: string): string | undefined {
	const headers = (request.headers ?? {}) as IDataObject;
	const key = Object.keys(headers).find(
		(existing) => existing.toLowerCase() === name.toLowerCase(),
	);
	return key === undefined ? undefined : String(headers[key]);
}
