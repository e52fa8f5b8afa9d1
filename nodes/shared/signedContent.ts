/** What the credential signs: the exact JSON text of a body, or the compact JSON of the query. */
import type { IDataObject } from 'n8n-workflow';

import { CREDENTIAL, refusal } from './credentialRefusal';
import type { AuthenticatableRequest } from './requestTarget';

export function hasBody(request: AuthenticatableRequest): boolean {
	const { body } = request;
	const emptyBody =
		body === undefined ||
		body === null ||
		body === '' ||
		(isPlainObject(body) && Object.keys(body).length === 0);
	return !emptyBody || request.form !== undefined || request.formData !== undefined;
}

/** The JSON text to sign and send; refuses every body n8n would send as something else. */
export function jsonBodyText(request: AuthenticatableRequest): string {
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

export function isPlainObject(value: unknown): value is IDataObject {
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
export function signedQueryString(url: string, qs?: IDataObject): string {
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

export function setHeader(request: AuthenticatableRequest, name: string, value: string) {
	const headers = request.headers as IDataObject;
	// Replace any differently-cased copy so exactly one value reaches the server.
	for (const existing of Object.keys(headers)) {
		if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
	}
	headers[name] = value;
}
