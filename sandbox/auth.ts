import type { EndpointName } from './types';
import type { Reply } from './http';
import { errorReply } from './http';
import { hmacHex, safeEqual } from './signature';

/** Query parameters TYLT signs as JSON numbers (`{"rows":20,"page":1}`); every other parameter is a string. */
const NUMERIC_QUERY_PARAMETERS: Partial<Record<EndpointName, readonly string[]>> = {
	payoutHistory: ['rows', 'page'],
};

export interface SignedRequest {
	method: string;
	endpoint: EndpointName;
	/** Raw query string, without '?'. */
	query: string;
	rawBody: Buffer;
}

/**
 * The bytes a client must have signed, per the spec: a body-carrying request signs its exact raw body
 * (never a re-serialisation, so whitespace and escaping differences fail as they would at TYLT); a GET
 * signs the compact JSON of its query parameters in URL order, or the empty string when it has none.
 */
export function expectedSignedBytes(request: SignedRequest): Buffer {
	if (request.method !== 'GET') return request.rawBody;
	const parameters = [...new URLSearchParams(request.query)];
	if (parameters.length === 0) return Buffer.alloc(0);
	const numeric = NUMERIC_QUERY_PARAMETERS[request.endpoint] ?? [];
	const signedObject: Record<string, string | number> = {};
	for (const [name, value] of parameters) {
		// A non-numeric `rows` stays a string so the request still authenticates and gets a clear 400 instead.
		signedObject[name] =
			numeric.includes(name) && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
	}
	return Buffer.from(JSON.stringify(signedObject), 'utf8');
}

export interface Credentials {
	apiKey: string;
	apiSecret: string;
}

/** Undefined when the request is authentic; otherwise the 401 to send. Messages never echo a secret. */
export function authenticate(
	headers: Record<string, string>,
	signedBytes: Buffer,
	credentials: Credentials,
): Reply | undefined {
	const apiKey = headers['x-tlp-apikey'];
	if (apiKey === undefined || !safeEqual(apiKey, credentials.apiKey)) {
		return errorReply(401, 'Invalid API key.');
	}
	const signature = headers['x-tlp-signature'];
	// The spec says lowercase hex: an uppercase digest is a client bug worth surfacing, so it fails too.
	if (
		signature === undefined ||
		!safeEqual(signature, hmacHex(credentials.apiSecret, signedBytes))
	) {
		return errorReply(401, 'Invalid signature.');
	}
	return undefined;
}
