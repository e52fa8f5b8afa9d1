/**
 * Where a signed request may go: only to the credential's own Base URL, over n8n's own connection, never on
 * through a redirect. Each rule refuses before a header is added.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { CREDENTIAL, refusal } from './credentialRefusal';
import { isPlainObject } from './signedContent';
import { httpOrigin, normalizeBaseUrl } from './tyltAccount';

/**
 * Request options as n8n hands them to a credential: `url` (httpRequest) or `uri` (the legacy request helper
 * the HTTP Request node uses), with the legacy body and redirect options beside them.
 */
export type AuthenticatableRequest = IHttpRequestOptions & {
	uri?: string | { toString(): string };
	form?: unknown;
	formData?: unknown;
	followRedirect?: boolean;
	followAllRedirects?: boolean;
};

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
 * The absolute URL the request goes to, resolved the way axios resolves it (an absolute or protocol-relative
 * URL stands alone; anything else is appended to the base URL), provided it is on the Base URL's origin.
 */
export function targetOnBaseUrl(baseUrl: string, request: AuthenticatableRequest): string {
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

export function refuseOwnTransport(request: AuthenticatableRequest) {
	const options = request as unknown as IDataObject;
	for (const { option, changesTransport, reason } of TRANSPORT_OPTIONS) {
		if (changesTransport(options[option])) throw refusal(`${CREDENTIAL} ${reason}`);
	}
}

function isSet(value: unknown): boolean {
	return value !== undefined && value !== null && value !== false;
}

/** Names where a refused request would have gone, without its path or query (they may carry data). */
function describeOrigin(url: string): string {
	return httpOrigin(url) ?? 'an address that is not an absolute http(s) URL';
}
