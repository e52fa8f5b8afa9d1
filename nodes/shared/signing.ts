import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { hmacSha256Hex } from './hmac';

export interface TyltCredentials {
	apiKey: string;
	apiSecret: string;
	baseUrl: string;
}

export const DEFAULT_BASE_URL = 'https://api.tylt.money';

/** Request options as n8n hands them to a credential: `url` (httpRequest) or `uri` (legacy request helper). */
type AuthenticatableRequest = IHttpRequestOptions & { uri?: string };

/**
 * Signs a request the way TYLT verifies it, and returns the options to send:
 * - a body-carrying request (POST...) signs the exact body text, and that same text is what goes on the wire;
 * - a GET with query parameters signs the compact JSON of those parameters, in the order they are sent;
 * - a GET without parameters signs the empty string.
 */
export function signTyltRequest(
	credentials: TyltCredentials,
	requestOptions: AuthenticatableRequest,
): IHttpRequestOptions {
	const signed: AuthenticatableRequest = {
		...requestOptions,
		headers: { ...requestOptions.headers },
	};
	const method = (signed.method ?? 'GET').toUpperCase();

	let signedString: string;
	if (method === 'GET' || method === 'HEAD' || method === 'DELETE') {
		signedString = signedQueryString(signed);
	} else {
		signedString = serializeBody(signed.body);
		signed.body = signedString;
		// The body is final text now: n8n must send it untouched, so it is no longer "JSON to serialise".
		setHeader(signed, 'Content-Type', 'application/json');
	}

	setHeader(signed, 'X-TLP-APIKEY', credentials.apiKey);
	setHeader(signed, 'X-TLP-SIGNATURE', hmacSha256Hex(credentials.apiSecret, signedString));

	// Our own calls use paths relative to the credential's base URL; absolute URLs (HTTP Request node) pass through.
	const target = signed.url || signed.uri || '';
	if (!signed.baseURL && !/^https?:\/\//i.test(target)) {
		signed.baseURL = normalizeBaseUrl(credentials.baseUrl);
	}
	return signed;
}

export function normalizeBaseUrl(baseUrl: string): string {
	return (baseUrl.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

function serializeBody(body: unknown): string {
	if (body === undefined || body === null || body === '') return '';
	// axios sends a JSON string trimmed, so the trimmed text is what TYLT receives and must be what is signed.
	if (typeof body === 'string') return isJson(body) ? body.trim() : body;
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return JSON.stringify(body);
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
function signedQueryString(request: AuthenticatableRequest): string {
	const query: IDataObject = {};
	const target = request.url || request.uri || '';
	const queryStart = target.indexOf('?');
	if (queryStart !== -1) {
		for (const [name, value] of new URLSearchParams(target.slice(queryStart + 1)))
			query[name] = value;
	}
	Object.assign(query, request.qs ?? {});
	return Object.keys(query).length === 0 ? '' : JSON.stringify(query);
}

function setHeader(request: AuthenticatableRequest, name: string, value: string) {
	const headers = request.headers as IDataObject;
	// Replace any differently-cased copy so exactly one value reaches the server.
	for (const existing of Object.keys(headers)) {
		if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
	}
	headers[name] = value;
}
