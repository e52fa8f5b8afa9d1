/** Which TYLT account a credential names: its Base URL and API key, in every spelling TYLT takes. */
import { createHash } from 'crypto';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { ForgettableWeakMap, keptBetweenExecutions } from './memoryBetweenExecutions';
import { spendingLimitTexts, type SpendingLimitTexts } from './spendingLimits/fields';

export interface TyltCredentials {
	apiKey: string;
	apiSecret: string;
	baseUrl: string;
	spendingLimits?: SpendingLimitTexts;
}

/** The credential's fields as n8n hands them over, read one way for every caller. */
export function credentialFields(
	data: ICredentialDataDecryptedObject,
): TyltCredentials & { additionalSecret: string } {
	return {
		apiKey: String(data.apiKey ?? ''),
		apiSecret: String(data.apiSecret ?? ''),
		additionalSecret: String(data.additionalSecret ?? ''),
		baseUrl: String(data.baseUrl ?? ''),
		spendingLimits: spendingLimitTexts(data),
	};
}

export type CredentialFields = ReturnType<typeof credentialFields>;

/** A credential object's fields and the account they name, read once (n8n hands every request the same object). */
export interface CredentialAccount {
	fields: CredentialFields;
	account: TyltAccount;
}

const accountsOfCredentials = keptBetweenExecutions(
	'accountsOfCredentials',
	new ForgettableWeakMap<ICredentialDataDecryptedObject, CredentialAccount>(),
);

/**
 * credentialFields and tyltAccountOf of `data`, once per object: a 1,000-row run signs 1,000 creates with the one
 * credential its execution decrypted. n8n changes a decrypted credential in place only for a type with
 * preAuthentication, which the TYLT API credential has not; otherwise it decrypts a new one.
 */
export function credentialAccount(data: ICredentialDataDecryptedObject): CredentialAccount {
	let known = accountsOfCredentials.get(data);
	if (!known) {
		const fields = credentialFields(data);
		known = { fields, account: tyltAccountOf(fields) };
		accountsOfCredentials.set(data, known);
	}
	return known;
}

export const DEFAULT_BASE_URL = 'https://api.tylt.money';

export function normalizeBaseUrl(baseUrl: string): string {
	return (baseUrl.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** The account as requests are sent to it: signing, memory keys and redaction read this, not the stored fields. */
export interface TyltAccount {
	/** As sent (apiKeyAsSent). */
	apiKey: string;
	apiSecret: string;
	baseUrl: string;
	hash: string;
	/** Every spelling of the key and secrets that must never be shown: as stored, and as sent. */
	secrets: string[];
}

export function tyltAccountOf(
	credentials: TyltCredentials & { additionalSecret?: unknown },
): TyltAccount {
	const stored = [credentials.apiKey, credentials.apiSecret, credentials.additionalSecret];
	const secrets = stored
		.flatMap((value) => (typeof value === 'string' ? [value, value.trim()] : []))
		.filter((value) => value !== '');
	return {
		apiKey: apiKeyAsSent(credentials.apiKey),
		apiSecret: credentials.apiSecret,
		baseUrl: normalizeBaseUrl(credentials.baseUrl),
		hash: tyltAccountHash(credentials),
		secrets: [...new Set(secrets)],
	};
}

/** The API key as TYLT reads it: HTTP drops whitespace around a header value; a line break is not sendable. */
export function apiKeyAsSent(apiKey: string): string {
	return apiKey.trim();
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

/** The account's hash, keying process memories: every spelling of one account alike (docs/money-safety.md). */
export function tyltAccountHash(credentials: Pick<TyltCredentials, 'apiKey' | 'baseUrl'>): string {
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	const origin = httpOrigin(baseUrl);
	let server = baseUrl;
	if (origin !== undefined) {
		const url = new URL(origin);
		url.hostname = url.hostname.replace(/\.$/, '');
		server = url.origin;
	}
	const identity = JSON.stringify([server, apiKeyAsSent(credentials.apiKey).toLowerCase()]);
	return createHash('sha256').update(identity).digest('hex').slice(0, 32);
}
