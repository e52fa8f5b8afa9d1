/**
 * A TYLT client written from the spec, for the sandbox's own tests: real HTTP against a real server on
 * 127.0.0.1. Requests are signed here with node:crypto directly, so the sandbox is checked against the spec
 * and not against the project's own signing code. Also the merchant's side of a callback (a receiver) and
 * the hooks that give each test its own sandbox.
 */
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { PayoutRecord, SandboxOptions, TyltSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';

export const PATHS = {
	create: '/transactions/merchant/createPayoutRequest',
	history: '/transactions/merchant/getPayoutTransactionHistory',
	historyAlias: '/transactions/merchant/getPayinTransactionHistory',
	payoutInformation: '/transactions/merchant/getPayoutTransactionInformation',
	currencies: '/transactions/merchant/getSupportedCryptoCurrenciesList',
	payIn: '/p2pRampsMerchant/getInstanceDetails',
	balance: '/transactions/merchant/getAccountBalance',
};

/** The spec's record time: ISO 8601 UTC, whole seconds. */
export const RECORD_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
export const OTHER_TRON_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

/** Computed here with node:crypto, independently of the code under test: the spec's lowercase hex HMAC-SHA256. */
export function expectedSignature(secret: string, signed: string | Buffer): string {
	return createHmac('sha256', secret).update(signed).digest('hex');
}

export interface HttpResult {
	status: number;
	statusText: string;
	headers: IncomingHttpHeaders;
	text: string;
}

/** Plain node:http, one connection per call: the tests see exactly the bytes and status the sandbox sent. */
export function httpCall(
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

export interface CallOptions {
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
export function callApi(
	sandbox: TyltSandbox,
	method: string,
	path: string,
	options: CallOptions = {},
): Promise<HttpResult> {
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
		'x-tlp-signature': expectedSignature(options.secret ?? sandbox.apiSecret, signed),
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

/** The answer's JSON, for reading envelopes field by field. */
export const json = (result: HttpResult) => JSON.parse(result.text);

/** A create body any seeded sandbox accepts: 25 USDT on Tron. */
export function validPayout(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		baseAmount: 25,
		address: TRON_ADDRESS,
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		...overrides,
	};
}

/** Creates a payout over HTTP and returns its record; fails the test unless TYLT answered 200. */
export async function createPayout(
	sandbox: TyltSandbox,
	overrides: Record<string, unknown> = {},
): Promise<PayoutRecord> {
	const result = await callApi(sandbox, 'POST', PATHS.create, { body: validPayout(overrides) });
	expect(result.status).toBe(200);
	return json(result).data;
}

export interface ReceivedCallback {
	headers: IncomingHttpHeaders;
	rawBody: Buffer;
}

export interface CallbackReceiver {
	url: string;
	received: ReceivedCallback[];
	close(): Promise<void>;
}

/** Stands in for a merchant's callback endpoint (an n8n trigger): records what arrives, answers `ok`. */
export async function startReceiver(
	answer = { status: 200, body: 'ok' },
): Promise<CallbackReceiver> {
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

/**
 * A stand-in that forwards to whichever sandbox is running, so a test file can hold `sandbox` at top level
 * while its hooks start and stop the real one. Setters (latencyMs, balances) reach the running sandbox.
 */
export function forwardToRunning(running: () => TyltSandbox | undefined): TyltSandbox {
	const current = () => {
		const sandbox = running();
		if (!sandbox) throw new Error('The sandbox is only available inside tests and hooks');
		return sandbox;
	};
	return new Proxy({} as TyltSandbox, {
		get(_target, property) {
			const sandbox = current();
			const value = Reflect.get(sandbox, property, sandbox);
			return typeof value === 'function' ? value.bind(sandbox) : value;
		},
		set(_target, property, value) {
			const sandbox = current();
			return Reflect.set(sandbox, property, value, sandbox);
		},
	});
}

/**
 * A new sandbox for every test, closed after it: the sandbox's own tests never rely on `reset()`, which
 * they test. (Node tests share one sandbox per file and reset it: `useSandbox` in sandboxKit.)
 */
export function useFreshSandbox(options: SandboxOptions = { autoSettle: false }): TyltSandbox {
	let running: TyltSandbox | undefined;
	beforeEach(async () => {
		running = await startSandbox(options);
	});
	afterEach(async () => {
		await running?.close();
		running = undefined;
	});
	return forwardToRunning(() => running);
}

/**
 * Waits for the sandbox to reach a state (e.g. a delayed create to land). Not a timing assertion: the
 * limit only turns a hang into a failure that says what never happened.
 */
export async function until(condition: () => boolean, what: string, limitMs = 5000) {
	const deadline = Date.now() + limitMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}
