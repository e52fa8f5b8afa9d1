/** The credential's Test: one read of the currency list, over the legacy `request` helper a test context has. */
import type { ICredentialTestFunctions, JsonObject } from 'n8n-workflow';

import { credentialRefusalIn } from '../../shared/credentialRefusal';
import { signTyltRequest } from '../../shared/signing';
import { httpOrigin, tyltAccountOf, type TyltCredentials } from '../../shared/tyltAccount';
import { TYLT_ENDPOINTS } from './calls';
import { isObject, type TyltEnvelope } from './envelopes';
import { redactSecrets, requestFailure, type RequestFailure } from './errors';

/** A test waits less than a payout: someone is looking at the dialog. */
const CHECK_TIMEOUT_MS = 20_000;

/** TYLT's answer to the key and secret: its currency list, or what is wrong as one or two sentences. */
export type CredentialCheck =
	| { accepted: true; currencies: unknown[] }
	| { accepted: false; problem: string };

export async function checkCredentialOnTylt(
	helpers: ICredentialTestFunctions['helpers'],
	credentials: TyltCredentials,
): Promise<CredentialCheck> {
	const { baseUrl, secrets } = tyltAccountOf(credentials);
	const where = httpOrigin(baseUrl) ?? credentials.baseUrl;
	let response: { statusCode: number; body: unknown };
	try {
		const signed = signTyltRequest(credentials, {
			method: 'GET',
			url: TYLT_ENDPOINTS.supportedCurrencies,
		});
		response = (await helpers.request({
			method: 'GET',
			uri: signed.url,
			headers: signed.headers,
			json: true,
			resolveWithFullResponse: true,
			// Every status is answered here, in words, instead of thrown as n8n's generic text.
			simple: false,
			followRedirect: false,
			followAllRedirects: false,
			timeout: CHECK_TIMEOUT_MS,
		})) as typeof response;
	} catch (error) {
		const refusal = credentialRefusalIn(error);
		const problem = refusal
			? refusal.message
			: failureInWords(requestFailure(error as JsonObject, secrets), where);
		return { accepted: false, problem };
	}
	const envelope = isObject(response.body) ? (response.body as TyltEnvelope) : undefined;
	const problem = problemInWords(response.statusCode, envelope, where, secrets);
	if (problem !== undefined) return { accepted: false, problem };
	return { accepted: true, currencies: envelope?.data as unknown[] };
}

function failureInWords(failure: RequestFailure, where: string): string {
	switch (failure.outcome) {
		case 'unreachable':
			return `TYLT could not be reached at ${where}: check the Base URL and the network.`;
		case 'transient':
			return `TYLT at ${where} did not answer (${failure.cause}): try again, and check the Base URL if it persists.`;
		case 'unexplained':
			return `The test request to TYLT failed with ${failure.cause}.`;
	}
}

function problemInWords(
	statusCode: number,
	envelope: TyltEnvelope | undefined,
	where: string,
	secrets: readonly string[],
): string | undefined {
	const said = envelope?.msg ? ` (TYLT said: ${redactSecrets(String(envelope.msg), secrets)})` : '';
	if (statusCode === 401) {
		return `TYLT rejected the API key or secret${said}: check both, and that they belong to this environment (Demo or Production).`;
	}
	if (statusCode === 403) {
		return `TYLT refused this API key${said}: it may be disabled or lack merchant API access.`;
	}
	if (statusCode >= 300 && statusCode <= 399) {
		return `${where} answered with a redirect (HTTP ${statusCode}), which the node never follows with signed headers: check the Base URL.`;
	}
	if (statusCode < 200 || statusCode > 299) {
		return `TYLT at ${where} answered HTTP ${statusCode}${said}: check the Base URL, or try again later.`;
	}
	if (envelope === undefined || !Array.isArray(envelope.data)) {
		return `${where} answered, but not as TYLT does (no currency list): check the Base URL.`;
	}
	if (typeof envelope.errorCode === 'number' && envelope.errorCode !== 0) {
		return `TYLT refused the test request with errorCode ${envelope.errorCode}${said}: check the API key and secret.`;
	}
	return undefined;
}
