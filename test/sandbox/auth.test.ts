/**
 * Who may call the sandbox: a known API key and a signature over exactly what the spec signs, as lowercase
 * hex (sandbox/auth.ts, sandbox/signature.ts), checked before any fault is spent.
 */
import { PATHS, expectedSignature, callApi, json, useFreshSandbox } from '../support/sandboxClient';

const sandbox = useFreshSandbox();

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
		const signature = expectedSignature(sandbox.apiSecret, '').toUpperCase();
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
