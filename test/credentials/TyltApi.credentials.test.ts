import { createHmac } from 'crypto';
import type { IHttpRequestOptions, IRequestOptions } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import { createExecuteContext } from '../harness/n8nContext';
import { startSandbox, type TyltSandbox } from '../sandbox';

const credential = new TyltApi();
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
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

	it('points relative paths at the base URL without a trailing slash, and leaves absolute URLs alone', async () => {
		expect((await sign({ method: 'GET', url: CURRENCIES })).baseURL).toBe('https://api.tylt.money');
		expect(
			(await sign({ method: 'GET', url: 'https://other.example/x' })).baseURL,
		).toBeUndefined();
		expect((await sign({ method: 'GET', uri: 'https://other.example/x' })).baseURL).toBeUndefined();
	});

	it('falls back to the production base URL when none is stored', async () => {
		const signed = await credential.authenticate(
			{ ...secrets, baseUrl: '' },
			{ method: 'GET', url: CURRENCIES },
		);
		expect(signed.baseURL).toBe('https://api.tylt.money');
	});

	it('does not change the options object it was given', async () => {
		const original: IHttpRequestOptions = { method: 'POST', url: CREATE, body: { a: 1 }, headers: {} };
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

	it('the credential test request: relative url resolved against a base URL with a trailing slash', async () => {
		const ctx = context(undefined, sandbox.url + '/');
		const response = await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			'tyltApi',
			credential.test.request as IHttpRequestOptions,
		);
		expect(response.errorCode).toBe(0);
		expect(lastRequest().path).toBe(CURRENCIES);
		expect(lastRequest().headers['x-tlp-signature']).toBe(hmac(sandbox.apiSecret, ''));
	});

	it('the credential test with a wrong secret: TYLT answers 401, which the test rules word clearly', async () => {
		const ctx = context('not-the-secret');
		const response = await ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tyltApi', {
			...(credential.test.request as IHttpRequestOptions),
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		});
		expect(response.statusCode).toBe(401);
		const rule = credential.test.rules?.find(
			(candidate) => candidate.type === 'responseCode' && candidate.properties.value === 401,
		);
		expect(rule?.properties.message).toMatch(/API key or secret/);
		expect(rule?.properties.message).not.toContain('not-the-secret');
	});
});
