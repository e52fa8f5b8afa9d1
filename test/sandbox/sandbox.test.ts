/**
 * The TYLT sandbox, specified from the client's side: real HTTP against a real server on 127.0.0.1.
 * Requests are signed here with node:crypto directly, so the sandbox is checked against the spec and not
 * against the project's own signing code.
 */
import { execFile, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import type { Fault, PayoutRecord, TyltSandbox } from '../../sandbox';
import { SEEDED_BALANCES, SEEDED_CURRENCIES, startSandbox } from '../../sandbox';

const PATHS = {
	create: '/transactions/merchant/createPayoutRequest',
	history: '/transactions/merchant/getPayoutTransactionHistory',
	historyAlias: '/transactions/merchant/getPayinTransactionHistory',
	currencies: '/transactions/merchant/getSupportedCryptoCurrenciesList',
	payIn: '/p2pRampsMerchant/getInstanceDetails',
};

// The spec's payout record, field by field.
const PAYOUT_FIELD_TYPES: Record<string, string> = {
	orderId: 'string',
	merchantOrderId: 'string',
	settledCurrency: 'string',
	settledAmountRequested: 'number',
	settledAmountDebited: 'number',
	settledAmountSent: 'number',
	commission: 'number',
	network: 'string',
	toAddress: 'string',
	status: 'string',
	insufficientBalance: 'number',
	paymentURL: 'string',
	callBackURL: 'string',
	transactions: 'object',
	createdAt: 'string',
	expiresAt: 'string',
	updatedAt: 'string',
	isFinal: 'number',
	isDebited: 'number',
	customerName: 'string',
	comments: 'string',
};
const RECORD_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const TRANSACTION_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/;

const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const OTHER_TRON_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

const hmac = (secret: string, payload: string | Buffer) =>
	createHmac('sha256', secret).update(payload).digest('hex');

interface HttpResult {
	status: number;
	statusText: string;
	headers: IncomingHttpHeaders;
	text: string;
}

/** Plain node:http, one connection per call: the tests see exactly the bytes and status the sandbox sent. */
function httpCall(
	url: string,
	options: {
		method?: string;
		headers?: Record<string, string>;
		body?: string;
		timeoutMs?: number;
	} = {},
): Promise<HttpResult> {
	return new Promise((resolve, reject) => {
		const outgoing = request(url, {
			method: options.method ?? 'GET',
			headers: options.headers,
			agent: false,
		});
		if (options.timeoutMs) {
			outgoing.setTimeout(options.timeoutMs, () => outgoing.destroy(new Error('client timeout')));
		}
		outgoing.on('error', reject);
		outgoing.on('response', (response) => {
			let text = '';
			response.setEncoding('utf8');
			response.on('data', (chunk: string) => (text += chunk));
			response.on('end', () =>
				resolve({
					status: response.statusCode ?? 0,
					statusText: response.statusMessage ?? '',
					headers: response.headers,
					text,
				}),
			);
			response.on('error', reject);
		});
		outgoing.end(options.body);
	});
}

interface CallOptions {
	query?: Record<string, string | number>;
	/** Object bodies are sent as compact JSON; strings are sent byte for byte. */
	body?: string | Record<string, unknown>;
	/** Defaults to what the spec says is signed for this call. */
	signed?: string;
	apiKey?: string | null;
	secret?: string;
	headers?: Record<string, string>;
	timeoutMs?: number;
}

/** A TYLT API call signed per the spec: POST signs the body, GET the compact JSON of its query, or ''. */
function callApi(sandbox: TyltSandbox, method: string, path: string, options: CallOptions = {}) {
	const body = typeof options.body === 'object' ? JSON.stringify(options.body) : options.body;
	const query = options.query
		? new URLSearchParams(
				Object.entries(options.query).map(([name, value]): [string, string] => [
					name,
					String(value),
				]),
			).toString()
		: '';
	const signed =
		options.signed ??
		(method === 'POST' ? (body ?? '') : options.query ? JSON.stringify(options.query) : '');
	const headers: Record<string, string> = {
		'x-tlp-signature': hmac(options.secret ?? sandbox.apiSecret, signed),
		...(body === undefined ? {} : { 'content-type': 'application/json' }),
		...options.headers,
	};
	if (options.apiKey !== null) headers['x-tlp-apikey'] = options.apiKey ?? sandbox.apiKey;
	return httpCall(`${sandbox.url}${path}${query ? `?${query}` : ''}`, {
		method,
		headers,
		body,
		timeoutMs: options.timeoutMs,
	});
}

const json = (result: HttpResult) => JSON.parse(result.text);

function validPayout(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		baseAmount: 25,
		address: TRON_ADDRESS,
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		...overrides,
	};
}

async function createPayout(
	sandbox: TyltSandbox,
	overrides: Record<string, unknown> = {},
): Promise<PayoutRecord> {
	const result = await callApi(sandbox, 'POST', PATHS.create, { body: validPayout(overrides) });
	expect(result.status).toBe(200);
	return json(result).data;
}

interface ReceivedCallback {
	headers: IncomingHttpHeaders;
	rawBody: Buffer;
}

/** Stands in for a merchant's callback endpoint (an n8n trigger): records what arrives, answers `ok`. */
async function startReceiver(answer = { status: 200, body: 'ok' }) {
	const received: ReceivedCallback[] = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({ headers: req.headers, rawBody: Buffer.concat(chunks) });
			res.writeHead(answer.status, { 'content-type': 'text/plain' });
			res.end(answer.body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tylt-callback`;
	return {
		url,
		received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

let sandbox: TyltSandbox;

beforeEach(async () => {
	sandbox = await startSandbox({ autoSettle: false });
});

afterEach(async () => {
	await sandbox.close();
});

describe('authentication', () => {
	it('accepts a correctly signed call and logs what it expected to be signed', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 20, page: 1 } });
		expect(result.status).toBe(200);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: PATHS.history,
			query: 'rows=20&page=1',
			endpoint: 'payoutHistory',
			signedString: '{"rows":20,"page":1}',
			status: 200,
		});
	});

	it.each([
		['the API key is missing', { apiKey: null }, 'Invalid API key.'],
		['the API key is unknown', { apiKey: 'someone-else' }, 'Invalid API key.'],
		['the signature uses another secret', { secret: 'wrong-secret' }, 'Invalid signature.'],
		['the signature is missing', { headers: { 'x-tlp-signature': '' } }, 'Invalid signature.'],
	])('answers 401 Unauthorized when %s', async (_case, options, msg) => {
		const result = await callApi(sandbox, 'GET', PATHS.currencies, options);
		expect(result.status).toBe(401);
		expect(result.statusText).toBe('Unauthorized');
		expect(json(result)).toEqual({ data: null, errorCode: 401, msg });
		expect(result.text).not.toContain(sandbox.apiSecret);
	});

	it('rejects a currency list call signed over "{}": the spec signs the empty string', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.currencies, { signed: '{}' });
		expect(result.status).toBe(401);
		expect(json(result).msg).toBe('Invalid signature.');
	});

	it('signs history paging as JSON numbers, so string values fail', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.history, {
			query: { rows: 20, page: 1 },
			signed: '{"rows":"20","page":"1"}',
		});
		expect(result.status).toBe(401);
	});

	it('signs query parameters in URL order', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.history, {
			query: { page: 1, rows: 20 },
			signed: '{"rows":20,"page":1}',
		});
		expect(result.status).toBe(401);
	});

	it('rejects an uppercase hex signature: the spec says lowercase', async () => {
		const signature = hmac(sandbox.apiSecret, '').toUpperCase();
		const result = await callApi(sandbox, 'GET', PATHS.currencies, {
			headers: { 'x-tlp-signature': signature },
		});
		expect(result.status).toBe(401);
	});

	it('verifies a POST over the exact raw bytes, whitespace and non-ASCII included', async () => {
		const body =
			'{ "baseAmount": 25, "address": "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", "settledCurrency": "USDT", "networkSymbol": "TRX", "customerName": "Zoë Ñúñez" }';
		const accepted = await callApi(sandbox, 'POST', PATHS.create, { body });
		expect(accepted.status).toBe(200);
		expect(json(accepted).data.customerName).toBe('Zoë Ñúñez');

		const reserialised = JSON.stringify(JSON.parse(body));
		const rejected = await callApi(sandbox, 'POST', PATHS.create, { body, signed: reserialised });
		expect(rejected.status).toBe(401);
		expect(sandbox.payouts).toHaveLength(1);
	});

	it('does not spend an injected fault on a request that fails authentication', async () => {
		sandbox.injectFault('currencies', { kind: 'status', status: 503 });
		expect((await callApi(sandbox, 'GET', PATHS.currencies, { secret: 'wrong' })).status).toBe(401);
		expect((await callApi(sandbox, 'GET', PATHS.currencies)).status).toBe(503);
	});
});

describe('routing', () => {
	it('answers an unknown path with 404 in the error envelope', async () => {
		const result = await callApi(sandbox, 'GET', '/transactions/merchant/nothingHere');
		expect(result.status).toBe(404);
		expect(json(result)).toMatchObject({ data: null, errorCode: 404 });
	});

	it('answers a wrong method with 405 and the allowed one', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.create);
		expect(result.status).toBe(405);
		expect(result.headers.allow).toBe('POST');
	});
});

describe('supported currencies', () => {
	it('lists the seeded currencies in the list envelope', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.currencies);
		expect(result.status).toBe(200);
		expect(json(result)).toEqual({ data: SEEDED_CURRENCIES, errorCode: 0, msg: '' });
		const usdcPolygon = SEEDED_CURRENCIES.find((c) => c.currencySymbol === 'USDC')?.networks.find(
			(n) => n.networkSymbol === 'MATIC',
		);
		expect(usdcPolygon).toMatchObject({ canWithdraw: 0, canDeposit: 1 });
	});
});

describe('create payout', () => {
	it('returns a Pending record with exactly the spec fields', async () => {
		const result = await callApi(sandbox, 'POST', PATHS.create, {
			body: validPayout({
				merchantOrderId: 'merchant-42',
				customerName: 'Ada',
				comments: 'March payroll',
				callBackUrl: 'http://127.0.0.1:9/never-called',
				redirectUrl: 'https://example.com/done',
			}),
		});
		expect(result.status).toBe(200);
		const envelope = json(result);
		expect(envelope.msg).toBe('Payout request created successfully.');
		expect(envelope.errorCode).toBe(0);

		const record = envelope.data;
		expect(Object.keys(record).sort()).toEqual(
			[...Object.keys(PAYOUT_FIELD_TYPES), 'baseAmount'].sort(),
		);
		for (const [field, type] of Object.entries(PAYOUT_FIELD_TYPES))
			expect(typeof record[field]).toBe(type);
		expect(record).toMatchObject({
			merchantOrderId: 'merchant-42',
			settledCurrency: 'USDT',
			settledAmountRequested: 25,
			settledAmountDebited: 0,
			settledAmountSent: 0,
			commission: 0,
			network: 'TRX',
			toAddress: TRON_ADDRESS,
			status: 'Pending',
			insufficientBalance: 0,
			paymentURL: '',
			callBackURL: 'http://127.0.0.1:9/never-called',
			transactions: [],
			isFinal: 0,
			isDebited: 0,
			customerName: 'Ada',
			comments: 'March payroll',
			baseAmount: 25,
		});
		for (const field of ['createdAt', 'expiresAt', 'updatedAt'])
			expect(record[field]).toMatch(RECORD_TIME);
		expect(sandbox.payouts).toEqual([record]);
	});

	it('fills merchantOrderId and gives every payout its own orderId', async () => {
		const first = await createPayout(sandbox);
		const second = await createPayout(sandbox);
		expect(first.merchantOrderId).not.toBe('');
		expect(first.orderId).not.toBe(second.orderId);
		expect(first.callBackURL).toBe('');
	});

	it.each<[string, string | Record<string, unknown>, RegExp]>([
		['a body that is not JSON', '{"baseAmount": 25', /JSON object/],
		['a JSON array', '[1,2]', /JSON object/],
		[
			'baseAmount as a string',
			validPayout({ baseAmount: '25' }),
			/baseAmount "25".*number greater than 0/,
		],
		['baseAmount 0', validPayout({ baseAmount: 0 }), /baseAmount 0/],
		['a negative baseAmount', validPayout({ baseAmount: -5 }), /baseAmount -5/],
		['no baseAmount', validPayout({ baseAmount: undefined }), /baseAmount is required/],
		['no address', validPayout({ address: undefined }), /address is required/],
		['an empty address', validPayout({ address: '' }), /address ""/],
		[
			'no settledCurrency',
			validPayout({ settledCurrency: undefined }),
			/settledCurrency is required/,
		],
		['no networkSymbol', validPayout({ networkSymbol: undefined }), /networkSymbol is required/],
		[
			'an unknown currency',
			validPayout({ settledCurrency: 'DOGE' }),
			/settledCurrency "DOGE".*not a supported/,
		],
		[
			'a network the currency lacks',
			validPayout({ settledCurrency: 'USDC' }),
			/networkSymbol "TRX".*not offered for USDC/,
		],
		[
			'a network with canWithdraw 0',
			validPayout({ settledCurrency: 'USDC', networkSymbol: 'MATIC' }),
			/canWithdraw 0/,
		],
		['an unknown fiat currency', validPayout({ baseCurrency: 'JPY' }), /baseCurrency "JPY"/],
		[
			'an amount below the minimum',
			validPayout({ baseAmount: 9.99 }),
			/below the minimum withdrawal of 10 USDT on TRX/,
		],
		[
			'an amount above the maximum',
			validPayout({ baseAmount: 50000.01 }),
			/above the maximum withdrawal of 50000 USDT/,
		],
		[
			'a fiat amount converting below the minimum',
			validPayout({ baseAmount: 9, baseCurrency: 'EUR' }),
			/converts to 9.72 USDT, below the minimum/,
		],
		[
			'a minimum that depends on the network',
			validPayout({ baseAmount: 15, networkSymbol: 'ETH' }),
			/minimum withdrawal of 20 USDT on ETH/,
		],
		[
			'a callBackUrl that is not a URL',
			validPayout({ callBackUrl: 'my-webhook' }),
			/callBackUrl "my-webhook"/,
		],
		['a non-string customerName', validPayout({ customerName: 7 }), /customerName 7.*string/],
	])('refuses %s with 400 and creates nothing', async (_case, body, msg) => {
		const result = await callApi(sandbox, 'POST', PATHS.create, { body });
		expect(result.status).toBe(400);
		const envelope = json(result);
		expect(envelope.data).toBeNull();
		expect(envelope.errorCode).not.toBe(0);
		expect(envelope.msg).toMatch(msg);
		expect(sandbox.payouts).toEqual([]);
	});

	it('refuses a body sent without Content-Type application/json', async () => {
		const result = await callApi(sandbox, 'POST', PATHS.create, {
			body: validPayout(),
			headers: { 'content-type': 'text/plain' },
		});
		expect(result.status).toBe(415);
		expect(sandbox.payouts).toEqual([]);
	});

	it.each([
		['EUR', 100, 108],
		['GBP', 33.333333, 42.333333],
		['INR', 1000, 12],
		['AED', 100, 27.23],
		['USD', 12.5, 12.5],
		['USDC', 40, 40],
	])(
		'converts %s %d into %d USDT at the fixed rates',
		async (baseCurrency, baseAmount, settled) => {
			const record = await createPayout(sandbox, { baseAmount, baseCurrency });
			expect(record.settledAmountRequested).toBe(settled);
			expect(record).toMatchObject({ baseAmount, baseCurrency });
		},
	);

	it('accepts a payout the balance cannot cover, flags it, and fails it at settlement', async () => {
		sandbox.balances.USDT = 20;
		// 25 requested + 1 fee on TRX exceeds 20.
		const record = await createPayout(sandbox);
		expect(record.insufficientBalance).toBe(1);
		expect(record.status).toBe('Pending');
		await sandbox.advanceTime(2000);
		expect(sandbox.payouts[0]).toMatchObject({
			status: 'Failed',
			isFinal: 1,
			isDebited: 0,
			insufficientBalance: 1,
		});
		expect(sandbox.balances.USDT).toBe(20);
	});
});

describe('payout history', () => {
	it.each([PATHS.history, PATHS.historyAlias])(
		'pages payout records newest first on %s',
		async (path) => {
			const seeded = sandbox.seedPayouts(25);
			const createdAts = seeded.map((record) => Date.parse(record.createdAt));
			expect(createdAts).toEqual([...createdAts].sort((a, b) => b - a));
			expect(new Set(createdAts).size).toBe(25);

			const pages = [];
			for (const page of [1, 2, 3, 4]) {
				const result = await callApi(sandbox, 'GET', path, { query: { rows: 10, page } });
				expect(result.status).toBe(200);
				const envelope = json(result);
				expect(envelope).toMatchObject({ errorCode: 0, msg: '' });
				pages.push(envelope.data.map((record: PayoutRecord) => record.orderId));
			}
			expect(pages.map((page) => page.length)).toEqual([10, 10, 5, 0]);
			expect(pages.flat()).toEqual(seeded.map((record) => record.orderId));
		},
	);

	it('lists a newly created payout before seeded history', async () => {
		sandbox.seedPayouts(3);
		const created = await createPayout(sandbox);
		const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 2, page: 1 } });
		expect(json(result).data[0].orderId).toBe(created.orderId);
		expect(sandbox.payouts[0].orderId).toBe(created.orderId);
	});

	it('defaults to rows 10, page 1 when the call has no query (signed as the empty string)', async () => {
		sandbox.seedPayouts(12);
		const result = await callApi(sandbox, 'GET', PATHS.history);
		expect(json(result).data).toHaveLength(10);
	});

	it('caps rows at 200', async () => {
		sandbox.seedPayouts(205);
		const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 500, page: 1 } });
		expect(json(result).data).toHaveLength(200);
	});

	it.each([
		{ rows: 0, page: 1 },
		{ rows: 10, page: 'first' },
	])('refuses paging %j with 400', async (query) => {
		const result = await callApi(sandbox, 'GET', PATHS.history, { query });
		expect(result.status).toBe(400);
		expect(json(result).errorCode).toBe(400);
	});

	it('seeds from a template and never calls back for seeded records', async () => {
		const [record] = sandbox.seedPayouts(1, {
			status: 'Failed',
			settledCurrency: 'DAI',
			network: 'ETH',
		});
		expect(record).toMatchObject({
			status: 'Failed',
			isFinal: 1,
			settledCurrency: 'DAI',
			network: 'ETH',
		});
		await sandbox.advanceTime(60000);
		expect(sandbox.callbacks).toEqual([]);
	});
});

describe('pay-in instance details', () => {
	it('finds a seeded instance by merchantOrderId, signed over the query object', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.payIn, {
			query: { merchantOrderId: 'order-1001' },
		});
		expect(result.status).toBe(200);
		const envelope = json(result);
		expect(envelope).toMatchObject({ errorCode: 0, msg: '' });
		expect(envelope.data).toMatchObject({
			trade: {
				event: { id: 4, description: 'Completed' },
				isBuyTrade: true,
				fiatCurrency: { name: 'Indian Rupee', symbol: 'INR' },
			},
			transaction: { merchantOrderId: 'order-1001', status: 'Completed' },
		});
		expect(envelope.data.trade.event.deadline).toMatch(RECORD_TIME);
		expect(envelope.data.trade.priceDetails).toEqual(expect.any(Object));
		expect(envelope.data.accounts).toEqual(expect.any(Array));
		expect(envelope.data.userDetails).toEqual(expect.any(Object));
		expect(sandbox.requests[0].signedString).toBe('{"merchantOrderId":"order-1001"}');
	});

	it('has a Pending instance, and finds instances by instanceId too', async () => {
		const pending = json(
			await callApi(sandbox, 'GET', PATHS.payIn, { query: { merchantOrderId: 'order-1002' } }),
		);
		expect(pending.data.transaction.status).toBe('Pending');
		const byInstance = await callApi(sandbox, 'GET', PATHS.payIn, {
			query: { instanceId: pending.data.transaction.instanceId },
		});
		expect(json(byInstance).data.transaction.merchantOrderId).toBe('order-1002');
	});

	it('answers an unknown merchantOrderId with 404 Instance not found.', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.payIn, {
			query: { merchantOrderId: 'nope' },
		});
		expect(result.status).toBe(404);
		expect(json(result)).toEqual({ data: null, errorCode: 404, msg: 'Instance not found.' });
	});

	it('serves an instance a test seeded, with its details merged over the defaults', async () => {
		sandbox.seedPayIn('order-2001', {
			transaction: { status: 'Under Payment' },
			trade: { event: { id: 3 } },
		});
		const result = json(
			await callApi(sandbox, 'GET', PATHS.payIn, { query: { merchantOrderId: 'order-2001' } }),
		);
		expect(result.data.transaction).toMatchObject({
			merchantOrderId: 'order-2001',
			status: 'Under Payment',
		});
		expect(result.data.trade.event.id).toBe(3);
		expect(result.data.trade.fiatCurrency.symbol).toBe('INR');
	});
});

describe('settlement and callbacks', () => {
	let receiver: Awaited<ReturnType<typeof startReceiver>>;

	beforeEach(async () => {
		receiver = await startReceiver();
	});

	afterEach(async () => {
		await receiver.close();
	});

	it('calls back on creation and on completion, signed over the raw body', async () => {
		const created = await createPayout(sandbox, { callBackUrl: receiver.url });
		await sandbox.advanceTime(1999);
		expect(sandbox.payouts[0].status).toBe('Pending');
		await sandbox.advanceTime(1);

		expect(receiver.received).toHaveLength(2);
		const bodies = receiver.received.map((callback) => {
			expect(callback.headers['content-type']).toBe('application/json');
			expect(callback.headers['x-tlp-signature']).toBe(hmac(sandbox.apiSecret, callback.rawBody));
			const text = callback.rawBody.toString('utf8');
			expect(text).toBe(JSON.stringify(JSON.parse(text)));
			return JSON.parse(text);
		});
		expect(bodies.map((body) => [body.type, body.data.status])).toEqual([
			['pay-out', 'Pending'],
			['pay-out', 'Completed'],
		]);
		expect(bodies[0].data).toEqual(created);

		const completed = bodies[1].data;
		const fee = 1;
		expect(completed).toMatchObject({
			orderId: created.orderId,
			settledAmountRequested: 25,
			settledAmountDebited: 25 + fee,
			settledAmountSent: 25,
			commission: fee,
			isFinal: 1,
			isDebited: 1,
		});
		expect(completed.transactions).toHaveLength(1);
		expect(completed.transactions[0]).toMatchObject({ amount: 25, confirmationStatus: 1 });
		expect(completed.transactions[0].createdAt).toMatch(TRANSACTION_TIME);
		expect(completed.transactions[0].updatedAt).toMatch(TRANSACTION_TIME);
		expect(completed.transactions[0].fromAddress).toEqual(expect.any(String));
		expect(completed.transactions[0].transactionHash).toEqual(expect.any(String));
		expect(Date.parse(completed.updatedAt) - Date.parse(completed.createdAt)).toBe(2000);
		expect(sandbox.balances.USDT).toBe(SEEDED_BALANCES.USDT - 26);

		expect(sandbox.callbacks).toEqual(
			receiver.received.map((callback) =>
				expect.objectContaining({
					url: receiver.url,
					rawBody: callback.rawBody.toString('utf8'),
					signature: callback.headers['x-tlp-signature'],
					status: 200,
					responseBody: 'ok',
					orderId: created.orderId,
				}),
			),
		);
		expect(sandbox.callbacks.map((delivery) => delivery.payoutStatus)).toEqual([
			'Pending',
			'Completed',
		]);
	});

	it('fails the payouts an outcome rule selects and completes the rest', async () => {
		sandbox.setPayoutOutcome('Failed', (record) => record.toAddress === OTHER_TRON_ADDRESS);
		const failing = await createPayout(sandbox, {
			address: OTHER_TRON_ADDRESS,
			callBackUrl: receiver.url,
		});
		const completing = await createPayout(sandbox, { callBackUrl: receiver.url });
		await sandbox.advanceTime(2000);

		const byId = new Map(sandbox.payouts.map((record) => [record.orderId, record]));
		expect(byId.get(failing.orderId)).toMatchObject({
			status: 'Failed',
			isFinal: 1,
			isDebited: 0,
			transactions: [],
		});
		expect(byId.get(completing.orderId)).toMatchObject({
			status: 'Completed',
			isFinal: 1,
			isDebited: 1,
		});
		expect(sandbox.balances.USDT).toBe(SEEDED_BALANCES.USDT - 26);
		const finalCallbacks = sandbox.callbacks.filter(
			(delivery) => delivery.payoutStatus !== 'Pending',
		);
		expect(
			finalCallbacks.map((delivery) => [delivery.orderId, delivery.payoutStatus]).sort(),
		).toEqual(
			[
				[failing.orderId, 'Failed'],
				[completing.orderId, 'Completed'],
			].sort(),
		);
	});

	it('fails everything after setPayoutOutcome("Failed"), until a newer rule says otherwise', async () => {
		sandbox.setPayoutOutcome('Failed');
		await createPayout(sandbox);
		await sandbox.advanceTime(2000);
		sandbox.setPayoutOutcome('Completed');
		await createPayout(sandbox);
		await sandbox.advanceTime(2000);
		expect(sandbox.payouts.map((record) => record.status)).toEqual(['Completed', 'Failed']);
	});

	it('records a receiver that does not answer ok, and never retries', async () => {
		const grumpy = await startReceiver({ status: 500, body: 'nope' });
		try {
			await createPayout(sandbox, { callBackUrl: grumpy.url });
			await sandbox.advanceTime(0);
			expect(sandbox.callbacks[0]).toMatchObject({ status: 500, responseBody: 'nope' });
			await sandbox.advanceTime(1000);
			expect(grumpy.received).toHaveLength(1);
		} finally {
			await grumpy.close();
		}
	});

	it('records a callback that could not be delivered', async () => {
		const gone = await startReceiver();
		await gone.close();
		await createPayout(sandbox, { callBackUrl: gone.url });
		await sandbox.advanceTime(0);
		expect(sandbox.callbacks[0].error).toEqual(expect.any(String));
		expect(sandbox.callbacks[0].status).toBeUndefined();
	});

	it('sends a correctly signed callback for any record, with another type or secret on request', async () => {
		const record = sandbox.seedPayouts(1)[0];
		const delivery = await sandbox.sendCallback(receiver.url, record, {
			type: 'payout',
			secret: 'pay-in-secret',
		});
		expect(delivery).toMatchObject({
			status: 200,
			responseBody: 'ok',
			orderId: record.orderId,
			payoutStatus: 'Completed',
		});
		const [callback] = receiver.received;
		expect(callback.headers['x-tlp-signature']).toBe(hmac('pay-in-secret', callback.rawBody));
		expect(JSON.parse(callback.rawBody.toString('utf8'))).toEqual({ type: 'payout', data: record });
	});

	it('settles on a real timer when autoSettle is on', async () => {
		const live = await startSandbox({ completionDelayMs: 100 });
		try {
			const record = await createPayout(live, { callBackUrl: receiver.url });
			const deadline = Date.now() + 5000;
			while (live.payouts[0].status === 'Pending' && Date.now() < deadline) {
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
			expect(live.payouts[0]).toMatchObject({ orderId: record.orderId, status: 'Completed' });
			await live.advanceTime(0);
			expect(receiver.received).toHaveLength(2);
		} finally {
			await live.close();
		}
	});
});

describe('faults', () => {
	it('answers with an injected status, body and headers, then recovers', async () => {
		sandbox.injectFault('currencies', {
			kind: 'status',
			status: 502,
			body: '<html><body>Bad Gateway</body></html>',
			contentType: 'text/html',
		});
		const failed = await callApi(sandbox, 'GET', PATHS.currencies);
		expect(failed.status).toBe(502);
		expect(failed.headers['content-type']).toBe('text/html');
		expect(failed.text).toContain('<html>');
		expect((await callApi(sandbox, 'GET', PATHS.currencies)).status).toBe(200);
	});

	it('applies a fault `times` times, on both history paths', async () => {
		sandbox.injectFault('payoutHistory', {
			kind: 'status',
			status: 429,
			headers: { 'Retry-After': '2' },
			times: 2,
		});
		const first = await callApi(sandbox, 'GET', PATHS.history);
		const second = await callApi(sandbox, 'GET', PATHS.historyAlias);
		expect([first.status, second.status]).toEqual([429, 429]);
		expect(first.headers['retry-after']).toBe('2');
		expect(json(first)).toMatchObject({ data: null, errorCode: 429 });
		expect((await callApi(sandbox, 'GET', PATHS.history)).status).toBe(200);
	});

	it('only touches the endpoint it was injected for', async () => {
		sandbox.injectFault('createPayout', { kind: 'status', status: 500 });
		expect((await callApi(sandbox, 'GET', PATHS.currencies)).status).toBe(200);
		expect((await callApi(sandbox, 'POST', PATHS.create, { body: validPayout() })).status).toBe(
			500,
		);
		expect(sandbox.payouts).toEqual([]);
	});

	it('delays the answer', async () => {
		sandbox.injectFault('currencies', { kind: 'delay', ms: 300 });
		const started = Date.now();
		const result = await callApi(sandbox, 'GET', PATHS.currencies);
		expect(result.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(280);
	});

	it('delays past a client timeout', async () => {
		sandbox.injectFault('currencies', { kind: 'delay', ms: 2000 });
		await expect(callApi(sandbox, 'GET', PATHS.currencies, { timeoutMs: 100 })).rejects.toThrow(
			'client timeout',
		);
	});

	it('drops the connection without an answer and creates nothing', async () => {
		sandbox.injectFault('createPayout', { kind: 'drop' });
		await expect(callApi(sandbox, 'POST', PATHS.create, { body: validPayout() })).rejects.toThrow();
		expect(sandbox.payouts).toEqual([]);
		expect(sandbox.requests[0]).toMatchObject({ endpoint: 'createPayout', status: 0 });
	});

	it('answers 200 with truncated JSON', async () => {
		sandbox.injectFault('payoutHistory', { kind: 'malformedJson' });
		const result = await callApi(sandbox, 'GET', PATHS.history);
		expect(result.status).toBe(200);
		expect(result.text.length).toBeGreaterThan(0);
		expect(() => JSON.parse(result.text)).toThrow();
	});

	it('answers HTTP 200 with a non-zero errorCode', async () => {
		sandbox.injectFault('payInDetails', {
			kind: 'errorCode',
			errorCode: 400,
			msg: 'Invalid trade state.',
		});
		const result = await callApi(sandbox, 'GET', PATHS.payIn, {
			query: { merchantOrderId: 'order-1001' },
		});
		expect(result.status).toBe(200);
		expect(json(result)).toEqual({ data: null, errorCode: 400, msg: 'Invalid trade state.' });
	});

	it('creates the payout and calls back, but loses the response', async () => {
		const receiver = await startReceiver();
		try {
			sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });
			await expect(
				callApi(sandbox, 'POST', PATHS.create, {
					body: validPayout({ callBackUrl: receiver.url, merchantOrderId: 'm-1' }),
				}),
			).rejects.toThrow();
			expect(sandbox.payouts).toHaveLength(1);
			expect(sandbox.payouts[0].merchantOrderId).toBe('m-1');
			await sandbox.advanceTime(0);
			expect(receiver.received).toHaveLength(1);
		} finally {
			await receiver.close();
		}
	});

	it('forgets faults on clearFaults()', async () => {
		sandbox.injectFault('currencies', { kind: 'drop', times: 5 });
		sandbox.clearFaults();
		expect((await callApi(sandbox, 'GET', PATHS.currencies)).status).toBe(200);
	});

	it.each<[string, unknown]>([
		['an unknown kind', { kind: 'explode' }],
		['a status fault without status', { kind: 'status' }],
		['an errorCode fault without msg', { kind: 'errorCode', errorCode: 1 }],
		['times 0', { kind: 'drop', times: 0 }],
	])('refuses %s', (_case, fault) => {
		expect(() => sandbox.injectFault('currencies', fault as Fault)).toThrow();
	});

	it('refuses an unknown endpoint name', () => {
		expect(() => sandbox.injectFault('refund' as never, { kind: 'drop' })).toThrow(
			/Unknown endpoint/,
		);
	});

	it('cancels a delayed create on reset(), so it cannot leak into the next test', async () => {
		sandbox.injectFault('createPayout', { kind: 'delay', ms: 300 });
		const pending = callApi(sandbox, 'POST', PATHS.create, { body: validPayout() });
		await new Promise((resolve) => setTimeout(resolve, 50));
		sandbox.reset();
		await expect(pending).rejects.toThrow();
		await new Promise((resolve) => setTimeout(resolve, 350));
		expect(sandbox.payouts).toEqual([]);
	});
});

describe('latency', () => {
	it('waits before handling every API request, and creates the payout only after the wait', async () => {
		sandbox.latencyMs = 120;
		const started = Date.now();
		const pending = callApi(sandbox, 'POST', PATHS.create, { body: validPayout() });
		await new Promise((resolve) => setTimeout(resolve, 40));
		expect(sandbox.payouts).toHaveLength(0);
		const created = await pending;
		expect(created.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(115);
		expect(sandbox.payouts).toHaveLength(1);
		expect((await callApi(sandbox, 'GET', PATHS.currencies)).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(235);
	});

	it('is restored to the start value by reset, and refuses a negative wait', () => {
		sandbox.latencyMs = 500;
		sandbox.reset();
		expect(sandbox.latencyMs).toBe(0);
		expect(() => {
			sandbox.latencyMs = -1;
		}).toThrow('latencyMs must be a number >= 0, got -1');
	});
});

describe('reset', () => {
	it('returns to the seeded state and clears logs and faults', async () => {
		await createPayout(sandbox);
		sandbox.balances.USDT = 1;
		sandbox.seedPayIn('order-9');
		sandbox.injectFault('currencies', { kind: 'status', status: 500 });
		sandbox.reset();
		expect(sandbox.payouts).toEqual([]);
		expect(sandbox.requests).toEqual([]);
		expect(sandbox.balances).toEqual(SEEDED_BALANCES);
		expect((await callApi(sandbox, 'GET', PATHS.currencies)).status).toBe(200);
		expect(
			(await callApi(sandbox, 'GET', PATHS.payIn, { query: { merchantOrderId: 'order-9' } }))
				.status,
		).toBe(404);
	});
});

describe('control surface over HTTP', () => {
	const control = (method: string, path: string, body?: unknown) =>
		httpCall(`${sandbox.url}/_sandbox${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});

	it('lists its endpoints', async () => {
		const result = await control('GET', '');
		expect(result.status).toBe(200);
		expect(json(result).data).toEqual(
			expect.arrayContaining([expect.stringMatching(/^POST \/_sandbox\/advance/)]),
		);
	});

	it('sets the latency', async () => {
		expect((await control('POST', '/latency', { ms: 150 })).status).toBe(200);
		expect(sandbox.latencyMs).toBe(150);
		const refused = await control('POST', '/latency', { ms: -5 });
		expect(refused.status).toBe(400);
		expect(json(refused).error).toBe('ms must be a number of at least 0');
		sandbox.latencyMs = 0;
	});

	it('seeds, advances and shows payouts, without logging itself as API traffic', async () => {
		expect(json(await control('POST', '/seed-payouts', { count: 3 })).data).toHaveLength(3);
		await createPayout(sandbox);
		expect(json(await control('POST', '/advance', { ms: 2000 })).data).toBeNull();
		const payouts = json(await control('GET', '/payouts')).data;
		expect(payouts).toHaveLength(4);
		expect(payouts[0].status).toBe('Completed');
		const requests = json(await control('GET', '/requests')).data;
		expect(requests.map((logged: { endpoint: string }) => logged.endpoint)).toEqual([
			'createPayout',
		]);
	});

	it('injects and clears faults', async () => {
		const injected = await control('POST', '/faults', {
			endpoint: 'currencies',
			fault: { kind: 'status', status: 503, times: 3 },
		});
		expect(injected.status).toBe(200);
		expect((await callApi(sandbox, 'GET', PATHS.currencies)).status).toBe(503);
		expect((await control('DELETE', '/faults')).status).toBe(200);
		expect((await callApi(sandbox, 'GET', PATHS.currencies)).status).toBe(200);
	});

	it('sets the outcome for one address', async () => {
		await control('POST', '/outcome', { outcome: 'Failed', address: OTHER_TRON_ADDRESS });
		await createPayout(sandbox, { address: OTHER_TRON_ADDRESS });
		await createPayout(sandbox);
		await control('POST', '/advance', { ms: 2000 });
		expect(sandbox.payouts.map((record) => [record.toAddress, record.status])).toEqual([
			[TRON_ADDRESS, 'Completed'],
			[OTHER_TRON_ADDRESS, 'Failed'],
		]);
	});

	it('sends a signed sample callback and shows it in the callback log', async () => {
		const receiver = await startReceiver();
		try {
			const sent = json(
				await control('POST', '/send-callback', {
					url: receiver.url,
					status: 'Failed',
					orderId: 'PO-test',
				}),
			);
			expect(sent.data).toMatchObject({
				status: 200,
				responseBody: 'ok',
				orderId: 'PO-test',
				payoutStatus: 'Failed',
			});
			const [callback] = receiver.received;
			expect(callback.headers['x-tlp-signature']).toBe(hmac(sandbox.apiSecret, callback.rawBody));
			const body = JSON.parse(callback.rawBody.toString('utf8'));
			expect(body).toMatchObject({
				type: 'pay-out',
				data: { orderId: 'PO-test', status: 'Failed', isFinal: 1 },
			});
			expect(json(await control('GET', '/callbacks')).data).toHaveLength(1);
		} finally {
			await receiver.close();
		}
	});

	it('resets', async () => {
		await createPayout(sandbox);
		expect((await control('POST', '/reset')).status).toBe(200);
		expect(sandbox.payouts).toEqual([]);
	});

	it('answers mistakes with 400 and unknown routes with 404', async () => {
		expect(
			(await control('POST', '/faults', { endpoint: 'refunds', fault: { kind: 'drop' } })).status,
		).toBe(400);
		expect(
			(await control('POST', '/faults', { endpoint: 'currencies', fault: { kind: 'nope' } }))
				.status,
		).toBe(400);
		expect((await control('POST', '/advance', { ms: -1 })).status).toBe(400);
		expect((await control('POST', '/outcome', { outcome: 'Maybe' })).status).toBe(400);
		expect((await control('GET', '/nothing')).status).toBe(404);
	});
});

describe('command-line tools', () => {
	const tsNode = join(__dirname, '..', '..', 'node_modules', '.bin', 'ts-node');

	it('send-callback.ts POSTs a signed sample callback and prints the answer', async () => {
		const receiver = await startReceiver();
		try {
			const output = await new Promise<string>((resolve, reject) =>
				execFile(
					tsNode,
					[
						'--transpile-only',
						join(__dirname, '..', '..', 'sandbox', 'send-callback.ts'),
						receiver.url,
						'--status',
						'Completed',
						'--secret',
						's3cret',
					],
					(error, stdout) => (error ? reject(error) : resolve(stdout)),
				),
			);
			expect(output).toContain('HTTP 200');
			const [callback] = receiver.received;
			expect(callback.headers['x-tlp-signature']).toBe(hmac('s3cret', callback.rawBody));
			expect(JSON.parse(callback.rawBody.toString('utf8')).data.status).toBe('Completed');
		} finally {
			await receiver.close();
		}
	});

	it('cli.ts prints the credential and stops cleanly on SIGTERM', async () => {
		const child = spawn(tsNode, ['--transpile-only', join(__dirname, '..', '..', 'sandbox', 'cli.ts')], {
			env: { ...process.env, TYLT_SANDBOX_PORT: '0', TYLT_SANDBOX_API_KEY: 'cli-key' },
		});
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
		const exited = new Promise<number | null>((resolve) =>
			child.on('exit', (code) => resolve(code)),
		);
		while (!output.includes('Ctrl+C') && child.exitCode === null) {
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
		expect(url).toBeDefined();
		expect(output).toContain('cli-key');
		expect(output).toContain('sandbox-api-secret');
		expect((await httpCall(`${url}/_sandbox`)).status).toBe(200);
		child.kill('SIGTERM');
		expect(await exited).toBe(0);
	});
});
