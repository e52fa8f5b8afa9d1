import { createHmac } from 'crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import type { IHttpRequestOptions, IRequestOptions } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { startSandbox, type TyltSandbox } from '../../sandbox';

const credential = new TyltApi();
const hmac = (secret: string, text: string) =>
	createHmac('sha256', secret).update(text).digest('hex');
const CURRENCIES = '/transactions/merchant/getSupportedCryptoCurrenciesList';
const HISTORY = '/transactions/merchant/getPayoutTransactionHistory';
const CREATE = '/transactions/merchant/createPayoutRequest';

describe('TYLT API credential: authenticate() signs what is sent', () => {
	const secrets = { apiKey: 'key-1', apiSecret: 'secret-1', baseUrl: 'https://api.tylt.money/' };

	const sign = async (options: Partial<IHttpRequestOptions> & { uri?: string }) =>
		await credential.authenticate(secrets, { url: '', ...options } as IHttpRequestOptions);

	it('turns an object body into compact JSON, sends that exact text and signs it', async () => {
		const body = { baseAmount: 12.5, address: 'TQ4', customerName: 'Zoë 東京' };
		const signed = await sign({ method: 'POST', url: CREATE, body, json: true });

		expect(signed.body).toBe('{"baseAmount":12.5,"address":"TQ4","customerName":"Zoë 東京"}');
		expect(signed.headers?.['Content-Type']).toBe('application/json');
		expect(signed.headers?.['X-TLP-APIKEY']).toBe('key-1');
		expect(signed.headers?.['X-TLP-SIGNATURE']).toBe(hmac('secret-1', signed.body as string));
	});

	it('signs a string body as given, trimmed the way axios trims JSON text before sending', async () => {
		const signed = await sign({ method: 'POST', url: CREATE, body: '  {"a": 1}\n' });
		expect(signed.body).toBe('{"a": 1}');
		expect(signed.headers?.['X-TLP-SIGNATURE']).toBe(hmac('secret-1', '{"a": 1}'));
	});

	it('signs GET query parameters as compact JSON in the order they are sent, numbers as numbers', async () => {
		const signed = await sign({ method: 'GET', url: HISTORY, qs: { rows: 20, page: 1 } });
		expect(signed.headers?.['X-TLP-SIGNATURE']).toBe(hmac('secret-1', '{"rows":20,"page":1}'));
	});

	it('signs a GET without parameters over the empty string', async () => {
		const signed = await sign({ method: 'GET', url: CURRENCIES });
		expect(signed.headers?.['X-TLP-SIGNATURE']).toBe(hmac('secret-1', ''));
		expect(signed.body).toBeUndefined();
	});

	it('signs parameters written into the URL first, then qs, as strings the way they travel', async () => {
		const signed = await sign({
			method: 'GET',
			url: 'https://api.tylt.money/p2pRampsMerchant/getInstanceDetails?merchantOrderId=abc',
			qs: { extra: 'x' },
		});
		expect(signed.headers?.['X-TLP-SIGNATURE']).toBe(
			hmac('secret-1', '{"merchantOrderId":"abc","extra":"x"}'),
		);
	});

	it('replaces signature headers the caller set in another letter case', async () => {
		const signed = await sign({
			method: 'GET',
			url: CURRENCIES,
			headers: { 'x-tlp-signature': 'forged', 'x-tlp-apikey': 'other' },
		});
		expect(signed.headers).toEqual({
			'X-TLP-APIKEY': 'key-1',
			'X-TLP-SIGNATURE': hmac('secret-1', ''),
		});
	});

	it('points relative paths at the base URL without a trailing slash, as one absolute URL', async () => {
		expect((await sign({ method: 'GET', url: CURRENCIES })).url).toBe(
			`https://api.tylt.money${CURRENCIES}`,
		);
		expect((await sign({ method: 'GET', uri: 'https://api.tylt.money/x' })).url).toBe(
			'https://api.tylt.money/x',
		);
	});

	it('falls back to the production base URL when none is stored', async () => {
		const signed = await credential.authenticate(
			{ ...secrets, baseUrl: '' },
			{ method: 'GET', url: CURRENCIES },
		);
		expect(signed.url).toBe(`https://api.tylt.money${CURRENCIES}`);
	});

	it('does not change the options object it was given', async () => {
		const original: IHttpRequestOptions = {
			method: 'POST',
			url: CREATE,
			body: { a: 1 },
			headers: {},
		};
		await credential.authenticate(secrets, original);
		expect(original).toEqual({ method: 'POST', url: CREATE, body: { a: 1 }, headers: {} });
	});
});

/**
 * The same function, reached the way n8n reaches it: n8n-core's request helpers call the credential and send
 * with axios. The sandbox verifies every signature over the raw bytes it received.
 */
describe('TYLT API credential through n8n-core request helpers, against the sandbox', () => {
	let sandbox: TyltSandbox;
	const context = (apiSecret?: string, baseUrl?: string) =>
		createExecuteContext({
			parameters: {},
			credentials: {
				apiKey: sandbox.apiKey,
				apiSecret: apiSecret ?? sandbox.apiSecret,
				baseUrl: baseUrl ?? sandbox.url,
			},
		});

	beforeAll(async () => {
		sandbox = await startSandbox({ autoSettle: false });
	});
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.reset());

	const lastRequest = () => sandbox.requests[sandbox.requests.length - 1];
	const payoutBody = {
		baseAmount: 15.25,
		address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		customerName: 'Zoë Ñúñez',
	};

	it('HTTP Request node (v3+, legacy request API): JSON body object, absolute URI', async () => {
		const ctx = context();
		const options: IRequestOptions = {
			method: 'POST',
			uri: sandbox.url + CREATE,
			body: payoutBody,
			json: true,
		};
		const response = await ctx.helpers.requestWithAuthentication.call(ctx, 'tyltApi', options);

		expect(response.data.status).toBe('Pending');
		expect(lastRequest().status).toBe(200);
		expect(lastRequest().rawBody).toBe(JSON.stringify(payoutBody));
		expect(lastRequest().headers['x-tlp-signature']).toBe(
			hmac(sandbox.apiSecret, lastRequest().rawBody),
		);
	});

	it('HTTP Request node: raw JSON string body with its own content type', async () => {
		const ctx = context();
		const text = JSON.stringify(payoutBody, null, 2);
		await ctx.helpers.requestWithAuthentication.call(ctx, 'tyltApi', {
			method: 'POST',
			uri: sandbox.url + CREATE,
			body: text,
			headers: { 'content-type': 'application/json' },
		});
		expect(lastRequest().status).toBe(200);
		expect(lastRequest().rawBody).toBe(text);
	});

	it('HTTP Request node: GET with query parameters (strings, as the node sends them)', async () => {
		sandbox.seedPayIn('order-77');
		const ctx = context();
		const response = await ctx.helpers.requestWithAuthentication.call(ctx, 'tyltApi', {
			method: 'GET',
			uri: sandbox.url + '/p2pRampsMerchant/getInstanceDetails',
			qs: { merchantOrderId: 'order-77' },
			json: true,
		});
		expect(lastRequest().status).toBe(200);
		expect(response.errorCode).toBe(0);
	});

	it('httpRequestWithAuthentication: history with numeric qs, signed {"rows":N,"page":P}', async () => {
		sandbox.seedPayouts(3);
		const ctx = context();
		const response = await ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tyltApi', {
			method: 'GET',
			url: sandbox.url + HISTORY,
			qs: { rows: 2, page: 1 },
			json: true,
		});
		expect(response.data).toHaveLength(2);
		expect(lastRequest().query).toBe('rows=2&page=1');
		expect(lastRequest().signedString).toBe('{"rows":2,"page":1}');
	});

	it('a relative url resolved against a base URL with a trailing slash', async () => {
		const ctx = context(undefined, sandbox.url + '/');
		const response = await ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tyltApi', {
			method: 'GET',
			url: CURRENCIES,
			json: true,
		});
		expect(response.errorCode).toBe(0);
		expect(lastRequest().path).toBe(CURRENCIES);
		expect(lastRequest().headers['x-tlp-signature']).toBe(hmac(sandbox.apiSecret, ''));
	});
});

/**
 * Issue #10, point 8: whoever may use the credential in the HTTP Request node chooses the URL and the body.
 * The credential must sign only what goes to its own Base URL, never follow a redirect with the signed
 * headers, and never send a body other than the JSON text it signed.
 */
describe('TYLT API credential: signs only for its own Base URL', () => {
	const secrets = { apiKey: 'key-1', apiSecret: 'secret-1', baseUrl: 'https://api.tylt.money/' };
	const sign = async (options: Partial<IHttpRequestOptions> & Record<string, unknown>) =>
		await credential.authenticate(secrets, { url: '', ...options } as IHttpRequestOptions);

	it.each([
		['another host', 'https://evil.example/transactions/merchant/createPayoutRequest'],
		['another scheme', 'http://api.tylt.money/x'],
		['another port', 'https://api.tylt.money:8443/x'],
		['a look-alike host', 'https://api.tylt.money.evil.example/x'],
		['user info that hides the real host', 'https://api.tylt.money@evil.example/x'],
		['a protocol-relative URL', '//evil.example/x'],
	])('refuses %s, with a clear error and no signature', async (_case, url) => {
		await expect(sign({ method: 'POST', url, body: { a: 1 } })).rejects.toThrow(
			/only signs requests to its Base URL \(https:\/\/api\.tylt\.money\)/,
		);
		await expect(sign({ method: 'GET', uri: url })).rejects.toThrow(/only signs requests to/);
	});

	it('refuses a caller-supplied baseURL on another origin', async () => {
		await expect(
			sign({ method: 'GET', url: CURRENCIES, baseURL: 'https://evil.example' }),
		).rejects.toThrow(/only signs requests to/);
	});

	it('signs absolute URLs on the Base URL origin (any case, default port) and relative paths', async () => {
		for (const url of [
			'https://API.tylt.money/x',
			'https://api.tylt.money:443/x',
			CURRENCIES,
			'x?y=1',
		]) {
			const signed = await sign({ method: 'GET', url });
			expect(signed.headers?.['X-TLP-SIGNATURE']).toMatch(/^[0-9a-f]{64}$/);
		}
	});

	it('sends to exactly the URL it checked: absolute, without a baseURL to combine', async () => {
		const signed = await sign({ method: 'GET', uri: CURRENCIES });
		expect(signed.url).toBe(`https://api.tylt.money${CURRENCIES}`);
		expect(signed.baseURL).toBeUndefined();
		expect((signed as { uri?: string }).uri).toBeUndefined();
	});

	it('turns off every redirect option n8n knows, for both request helpers', async () => {
		const signed = (await sign({
			method: 'GET',
			uri: `https://api.tylt.money${CURRENCIES}`,
			followRedirect: true,
			followAllRedirects: true,
			maxRedirects: 21,
		})) as IHttpRequestOptions & Record<string, unknown>;
		expect(signed).toMatchObject({
			disableFollowRedirect: true,
			maxRedirects: 0,
			followRedirect: false,
			followAllRedirects: false,
		});
	});

	it('refuses a credential whose Base URL is not an http(s) URL', async () => {
		await expect(
			credential.authenticate({ ...secrets, baseUrl: 'file:///etc' }, { method: 'GET', url: 'x' }),
		).rejects.toThrow(/Base URL/);
	});
});

describe('TYLT API credential: sends only the JSON it signed', () => {
	const secrets = { apiKey: 'key-1', apiSecret: 'secret-1', baseUrl: 'https://api.tylt.money' };
	const sign = async (options: Record<string, unknown>) =>
		await credential.authenticate(secrets, {
			method: 'POST',
			url: CREATE,
			...options,
		} as unknown as IHttpRequestOptions);

	it.each<[string, Record<string, unknown>, RegExp]>([
		['a form-urlencoded body (form)', { form: { a: '1' } }, /form-urlencoded/],
		['a multipart body (formData)', { formData: { a: '1' } }, /multipart/],
		['a raw string that is not JSON', { body: 'a=1&b=2' }, /not JSON/],
		['a Buffer (binary file)', { body: Buffer.from('{"a":1}') }, /binary/],
		['URLSearchParams', { body: new URLSearchParams({ a: '1' }) }, /JSON object/],
		[
			'an object declared form-urlencoded',
			{ body: { a: 1 }, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
			/Content-Type/,
		],
		[
			'JSON text declared as text/plain',
			{ body: '{"a":1}', headers: { 'Content-Type': 'text/plain' } },
			/Content-Type/,
		],
		['a GET with a body', { method: 'GET', url: CURRENCIES, body: { a: 1 } }, /body/],
	])('refuses %s', async (_case, options, reason) => {
		await expect(sign(options)).rejects.toThrow(reason);
	});

	it('accepts JSON declared as application/json with a charset, sending it as application/json', async () => {
		const signed = await sign({
			body: '{"a":1}',
			headers: { 'content-type': 'application/json; charset=utf-8' },
		});
		expect(signed.body).toBe('{"a":1}');
		expect(signed.headers?.['Content-Type']).toBe('application/json');
	});
});

/** A second local server that only records what reaches it: nothing of the credential may arrive there. */
function startRecorder(answer?: (response: ServerResponse) => void) {
	const received: { method?: string; url?: string; headers: IncomingHttpHeaders }[] = [];
	const server = createServer((request, response) => {
		received.push({ method: request.method, url: request.url, headers: request.headers });
		request.resume();
		if (answer) answer(response);
		else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
	});
	return new Promise<{ url: string; received: typeof received; close: () => Promise<void> }>(
		(resolve) => {
			server.listen(0, '127.0.0.1', () => {
				const { port } = server.address() as AddressInfo;
				resolve({
					url: `http://127.0.0.1:${port}`,
					received,
					close: async () => await new Promise<void>((done) => server.close(() => done())),
				});
			});
		},
	);
}

describe('TYLT API credential through n8n-core: nothing signed leaves for another server', () => {
	let sandbox: TyltSandbox;
	let elsewhere: Awaited<ReturnType<typeof startRecorder>>;
	let redirector: Awaited<ReturnType<typeof startRecorder>>;

	beforeAll(async () => {
		sandbox = await startSandbox({ autoSettle: false });
		elsewhere = await startRecorder();
		// Stands where TYLT would (the credential's Base URL) and sends every request on to `elsewhere`.
		redirector = await startRecorder((response) =>
			response.writeHead(302, { location: `${elsewhere.url}/collected` }).end(),
		);
	});
	afterAll(async () => {
		await sandbox.close();
		await elsewhere.close();
		await redirector.close();
	});
	beforeEach(() => {
		sandbox.reset();
		elsewhere.received.length = 0;
		redirector.received.length = 0;
	});

	const context = (baseUrl: string) =>
		createExecuteContext({
			parameters: {},
			credentials: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl },
		});
	/** The options the HTTP Request node (v4.2) builds by default: redirects followed, for every method. */
	const httpRequestNode = (uri: string, extra: Partial<IRequestOptions> = {}): IRequestOptions =>
		({
			headers: {},
			method: 'POST',
			uri,
			gzip: true,
			rejectUnauthorized: true,
			followRedirect: true,
			followAllRedirects: true,
			resolveWithFullResponse: true,
			body: { baseAmount: 10 },
			json: true,
			...extra,
		}) as IRequestOptions;

	it('HTTP Request node aimed at another server: refused, and that server receives nothing', async () => {
		const ctx = context(sandbox.url);
		await expect(
			ctx.helpers.requestWithAuthentication.call(
				ctx,
				'tyltApi',
				httpRequestNode(`${elsewhere.url}/steal`),
			),
		).rejects.toThrow(/only signs requests to its Base URL/);
		await expect(
			ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tyltApi', {
				method: 'GET',
				url: `${elsewhere.url}/steal`,
			}),
		).rejects.toThrow();
		expect(elsewhere.received).toEqual([]);
		expect(sandbox.requests).toEqual([]);
	});

	it.each(['POST', 'GET'] as const)(
		'a %s answered 302 to another server is not followed: the other server receives nothing',
		async (method) => {
			const ctx = context(redirector.url);
			await expect(
				ctx.helpers.requestWithAuthentication.call(
					ctx,
					'tyltApi',
					httpRequestNode(`${redirector.url}${CREATE}`, {
						method,
						...(method === 'GET' ? { body: undefined } : {}),
					}),
				),
			).rejects.toThrow();
			await expect(
				ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tyltApi', {
					method,
					url: CURRENCIES,
				}),
			).rejects.toThrow();

			expect(redirector.received).toHaveLength(2);
			expect(redirector.received[0].headers['x-tlp-signature']).toMatch(/^[0-9a-f]{64}$/);
			expect(elsewhere.received).toEqual([]);
		},
	);

	it.each<[string, Partial<IRequestOptions>]>([
		['form-urlencoded', { body: undefined, form: { baseAmount: '10' } }],
		['multipart', { body: undefined, formData: { baseAmount: '10' } }],
		['raw text', { body: 'baseAmount=10', json: false, headers: { 'content-type': 'text/plain' } }],
	])('HTTP Request node with a %s body: refused, nothing reaches TYLT', async (_case, extra) => {
		const ctx = context(sandbox.url);
		await expect(
			ctx.helpers.requestWithAuthentication.call(
				ctx,
				'tyltApi',
				httpRequestNode(sandbox.url + CREATE, extra),
			),
		).rejects.toThrow(/TYLT API credential/);
		expect(sandbox.requests).toEqual([]);
	});
});

/**
 * Issue #17, point 4: the duplicate guard takes a key pasted with surrounding whitespace for the same account
 * (HTTP drops that whitespace around a header value anyway), so the credential sends exactly that trimmed key.
 */
describe('TYLT API credential: the API key as sent', () => {
	let sandbox: TyltSandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ autoSettle: false });
	});
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.reset());

	it.each([
		['a trailing space', ' '],
		['a trailing line break', '\n'],
		['a tab and a line break', '\t\r\n'],
	])('a key pasted with %s is sent trimmed and TYLT accepts it', async (_case, whitespace) => {
		const signed = await credential.authenticate(
			{ apiKey: ` key-1${whitespace}`, apiSecret: 'secret-1', baseUrl: '' },
			{ method: 'GET', url: CURRENCIES },
		);
		expect(signed.headers?.['X-TLP-APIKEY']).toBe('key-1');

		const ctx = createExecuteContext({
			parameters: {},
			credentials: {
				apiKey: `${sandbox.apiKey}${whitespace}`,
				apiSecret: sandbox.apiSecret,
				baseUrl: sandbox.url,
			},
		});
		const response = await ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tyltApi', {
			method: 'GET',
			url: CURRENCIES,
			json: true,
		});
		expect(response.errorCode).toBe(0);
		expect(sandbox.requests[0].headers['x-tlp-apikey']).toBe(sandbox.apiKey);
	});

	it('keeps the key’s letter case and inner characters as typed', async () => {
		const signed = await credential.authenticate(
			{ apiKey: 'Key-1 A', apiSecret: 'secret-1', baseUrl: '' },
			{ method: 'GET', url: CURRENCIES },
		);
		expect(signed.headers?.['X-TLP-APIKEY']).toBe('Key-1 A');
	});
});
