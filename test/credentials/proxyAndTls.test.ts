/**
 * Issue #17, point 1: whoever may use the credential in the HTTP Request node also chooses its Options. A proxy
 * of theirs (Options → Proxy) would receive the API key and a valid signature over a body of their choosing;
 * Ignore SSL Issues (or certificates of their own) would let a server of theirs pose as TYLT. The credential
 * refuses every such request before anything is sent, naming the option. Proved through n8n-core's real request
 * helpers against a local proxy that records whatever reaches it, as a plain HTTP proxy and as a CONNECT tunnel.
 */
import type { IHttpRequestOptions, IRequestOptions } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { startRecordingProxy, type RecordingProxy } from '../../tools/harness/recordingProxy';
import { credentialsFor, useSandbox } from '../support/sandboxKit';

const CREATE = '/transactions/merchant/createPayoutRequest';
const CURRENCIES = '/transactions/merchant/getSupportedCryptoCurrenciesList';
/** A TYLT that only exists behind a proxy: without the proxy, nothing can reach it. */
const HTTPS_ONLY_BEHIND_PROXY = 'https://api.tylt.invalid';

const sandbox = useSandbox({ autoSettle: false });
let proxy: RecordingProxy;

beforeAll(async () => {
	proxy = await startRecordingProxy();
});
afterAll(async () => await proxy.close());
beforeEach(() => {
	proxy.received.length = 0;
});

const context = (baseUrl = sandbox.url) =>
	createExecuteContext({
		parameters: {},
		credentials: { ...credentialsFor(sandbox), baseUrl },
	});

/** The options the HTTP Request node (v4.2) builds for a JSON POST, plus what its Options add. */
const httpRequestNode = (
	baseUrl: string,
	options: Record<string, unknown>,
	method: 'POST' | 'GET' = 'POST',
): IRequestOptions =>
	({
		headers: {},
		method,
		uri: baseUrl + (method === 'POST' ? CREATE : CURRENCIES),
		gzip: true,
		rejectUnauthorized: true,
		followRedirect: true,
		followAllRedirects: true,
		resolveWithFullResponse: true,
		timeout: 300_000,
		...(method === 'POST' ? { body: { baseAmount: 10, address: 'T-of-their-choice' } } : {}),
		json: true,
		...options,
	}) as IRequestOptions;

/** Options → Proxy in the HTTP Request node, or a proxy in the shape axios and the request library take. */
const PROXY_OPTIONS: Array<[string, () => Record<string, unknown>]> = [
	['Options → Proxy (a URL)', () => ({ proxy: proxy.url })],
	['a proxy object', () => ({ proxy: { protocol: 'http', host: '127.0.0.1', port: proxy.port } })],
];

describe('HTTP Request node (requestWithAuthentication): a proxy of the workflow author', () => {
	it.each(PROXY_OPTIONS)(
		'%s: refused naming the option; the proxy receives nothing (plain HTTP and CONNECT)',
		async (_case, proxyOption) => {
			for (const baseUrl of [sandbox.url, HTTPS_ONLY_BEHIND_PROXY]) {
				for (const method of ['POST', 'GET'] as const) {
					const ctx = context(baseUrl);
					await expect(
						ctx.helpers.requestWithAuthentication.call(
							ctx,
							'tyltApi',
							httpRequestNode(baseUrl, proxyOption(), method),
						),
					).rejects.toThrow(/TYLT API credential.*proxy/i);
				}
			}
			expect(proxy.received).toEqual([]);
			expect(sandbox.requests).toEqual([]);
		},
	);
});

describe('httpRequestWithAuthentication: a proxy in the request options', () => {
	it.each(PROXY_OPTIONS)(
		'%s: refused naming the option; the proxy receives nothing',
		async (_case, proxyOption) => {
			for (const baseUrl of [sandbox.url, HTTPS_ONLY_BEHIND_PROXY]) {
				const ctx = context(baseUrl);
				await expect(
					ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tyltApi', {
						method: 'POST',
						url: CREATE,
						body: { baseAmount: 10 },
						json: true,
						...proxyOption(),
					} as IHttpRequestOptions),
				).rejects.toThrow(/TYLT API credential.*proxy/i);
			}
			expect(proxy.received).toEqual([]);
			expect(sandbox.requests).toEqual([]);
		},
	);
});

describe('TLS verification stays on, with the system’s own certificate authorities', () => {
	it.each<[string, Record<string, unknown>, RegExp]>([
		[
			'Ignore SSL Issues (rejectUnauthorized: false)',
			{ rejectUnauthorized: false },
			/Ignore SSL Issues/,
		],
		['strictSSL: false', { strictSSL: false }, /strictSSL/],
		[
			'SSL Certificates of the author (agentOptions.ca)',
			{ agentOptions: { ca: '-----BEGIN CERTIFICATE-----' } },
			/SSL Certificates|agentOptions/,
		],
		[
			'agentOptions turning verification off',
			{ agentOptions: { rejectUnauthorized: false } },
			/agentOptions/,
		],
		['an agent of its own', { agent: {} }, /agent/],
		[
			'Ignore SSL Issues together with a proxy',
			{ rejectUnauthorized: false, proxy: 'http://x' },
			/proxy/i,
		],
	])('HTTP Request node with %s: refused, nothing sent', async (_case, options, named) => {
		const ctx = context();
		await expect(
			ctx.helpers.requestWithAuthentication.call(
				ctx,
				'tyltApi',
				httpRequestNode(sandbox.url, options),
			),
		).rejects.toThrow(named);
		expect(sandbox.requests).toEqual([]);
		expect(proxy.received).toEqual([]);
	});

	it.each<[string, Record<string, unknown>, RegExp]>([
		[
			'skipSslCertificateValidation',
			{ skipSslCertificateValidation: true },
			/skipSslCertificateValidation/,
		],
		['agentOptions', { agentOptions: { rejectUnauthorized: false } }, /agentOptions/],
		['an https agent of its own', { httpsAgent: {} }, /httpsAgent/],
		['an http agent of its own', { httpAgent: {} }, /httpAgent/],
	])(
		'httpRequestWithAuthentication with %s: refused, nothing sent',
		async (_case, options, named) => {
			const ctx = context();
			await expect(
				ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tyltApi', {
					method: 'GET',
					url: CURRENCIES,
					...options,
				} as IHttpRequestOptions),
			).rejects.toThrow(named);
			expect(sandbox.requests).toEqual([]);
		},
	);

	it('the HTTP Request node’s defaults (verification on, no proxy) still reach TYLT, signed', async () => {
		const ctx = context();
		const response = await ctx.helpers.requestWithAuthentication.call(
			ctx,
			'tyltApi',
			httpRequestNode(sandbox.url, { proxy: '', strictSSL: true }, 'GET'),
		);
		expect(response.statusCode).toBe(200);
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0].status).toBe(200);
	});
});

describe('a proxy the n8n administrator sets in the environment (HTTP_PROXY)', () => {
	const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
	afterEach(() => {
		for (const [name, value] of Object.entries(saved)) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	});

	it('never reaches authenticate() as an option: n8n-core applies it after signing, so it is honoured', async () => {
		process.env.HTTP_PROXY = proxy.url;
		delete process.env.NO_PROXY;
		const authenticate = jest.spyOn(TyltApi.prototype, 'authenticate');
		try {
			const ctx = context();
			await ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tyltApi', {
				method: 'GET',
				url: CURRENCIES,
				json: true,
			});
			const [, optionsGiven] = authenticate.mock.calls[0];
			expect(Object.keys(optionsGiven)).not.toContain('proxy');
		} finally {
			authenticate.mockRestore();
		}
		// The administrator's proxy carried the request: the credential does not stand in its way.
		expect(proxy.received).toHaveLength(1);
		expect(proxy.received[0]).toMatchObject({ kind: 'request', url: sandbox.url + CURRENCIES });
	});
});

describe('authenticate(): every option that leaves n8n’s own verified connection', () => {
	const credential = new TyltApi();
	const secrets = { apiKey: 'key-1', apiSecret: 'secret-1', baseUrl: 'https://api.tylt.money' };
	const sign = async (options: Record<string, unknown>) =>
		await credential.authenticate(secrets, {
			method: 'GET',
			url: CURRENCIES,
			...options,
		} as IHttpRequestOptions);

	it.each<[string, unknown]>([
		['proxy', 'http://127.0.0.1:3128'],
		['proxy', { host: '127.0.0.1', port: 3128 }],
		['rejectUnauthorized', false],
		['strictSSL', false],
		['skipSslCertificateValidation', true],
		['agentOptions', { checkServerIdentity: () => undefined }],
		['agent', {}],
		['httpAgent', {}],
		['httpsAgent', {}],
		['socketPath', '/tmp/elsewhere.sock'],
		['lookup', () => undefined],
	])('%s = %p is refused, naming the option', async (option, value) => {
		await expect(sign({ [option]: value })).rejects.toThrow(`\`${option}`);
	});

	it.each<[string, unknown]>([
		['proxy', undefined],
		['proxy', ''],
		['proxy', false],
		['rejectUnauthorized', true],
		['strictSSL', true],
		['skipSslCertificateValidation', false],
		['agentOptions', {}],
		['httpsAgent', undefined],
	])('%s = %p (the default connection) is signed', async (option, value) => {
		const signed = await sign({ [option]: value });
		expect(signed.headers?.['X-TLP-SIGNATURE']).toMatch(/^[0-9a-f]{64}$/);
	});

	it('never repeats the proxy address, which may carry a password', async () => {
		const error = await sign({ proxy: 'http://someone:proxy-password-9d1@127.0.0.1:3128' }).catch(
			(caught: Error) => caught,
		);
		expect(String((error as Error).message)).toMatch(/does not send through a proxy/);
		expect(JSON.stringify(error) + String((error as Error).message)).not.toContain(
			'proxy-password-9d1',
		);
	});
});
