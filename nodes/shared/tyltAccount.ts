/** Which TYLT account a credential names: its Base URL and API key, in every spelling TYLT takes. */
import { createHash } from 'crypto';

import { spendingLimitTexts, type SpendingLimitTexts } from './spendingLimits/fields';

export interface TyltCredentials {
	apiKey: string;
	apiSecret: string;
	baseUrl: string;
	/** Max Amount per Payout and Allowed Recipient Addresses bind every payout this credential signs. */
	spendingLimits?: SpendingLimitTexts;
}

/** The credential's fields as signing reads them; anything that is not text is read as its string form. */
export function tyltCredentialsOf(data: Record<string, unknown>): TyltCredentials {
	return {
		apiKey: String(data.apiKey ?? ''),
		apiSecret: String(data.apiSecret ?? ''),
		baseUrl: String(data.baseUrl ?? ''),
		spendingLimits: spendingLimitTexts(data),
	};
}

export const DEFAULT_BASE_URL = 'https://api.tylt.money';

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

/** `scheme://host[:port]` of an http(s) URL, default port left out; undefined for anything else. */
export function httpOrigin(url: string): string | undefined {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The account as a hash of tyltAccountIdentity: what process-wide memories are keyed by. Never the API key
 * itself, so nothing such a memory holds could be reused to sign.
 */
export function tyltAccountHash(credentials: Pick<TyltCredentials, 'apiKey' | 'baseUrl'>): string {
	return createHash('sha256').update(tyltAccountIdentity(credentials)).digest('hex').slice(0, 32);
}
