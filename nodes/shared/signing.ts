/** The one place that signs a TYLT request (the TYLT API credential's authenticate). */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { CREDENTIAL, refusal } from './credentialRefusal';
import { hmacSha256Hex } from './hmac';
import { spendingLimitRefusal } from './spendingLimits/check';
import { refuseOwnTransport, targetOnBaseUrl, type AuthenticatableRequest } from './requestTarget';
import { hasBody, jsonBodyText, setHeader, signedQueryString } from './signedContent';
import { apiKeyAsSent, tyltAccountHash, type TyltCredentials } from './tyltAccount';

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
	const reason = spendingLimitRefusal(
		credentials.spendingLimits ?? {},
		{ method, url: signed.url, qs: signed.qs, bodyText },
		tyltAccountHash(credentials),
	);
	if (reason) throw refusal(`${CREDENTIAL} refused this payout, so nothing was sent: ${reason}`);
}
