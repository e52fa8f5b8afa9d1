/**
 * Injected faults: a status, a delay, a dropped connection, truncated JSON, an errorCode, a response lost
 * after the payout was created, times without a zone (sandbox/faults.ts).
 */
import type { Fault } from '../../sandbox';
import {
	PATHS,
	callApi,
	json,
	validPayout,
	startReceiver,
	until,
	useFreshSandbox,
} from '../support/sandboxClient';

const sandbox = useFreshSandbox();

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

	it('answers for real, with record times written without a zone (as the spec writes transaction times)', async () => {
		await callApi(sandbox, 'POST', PATHS.create, { body: validPayout() });
		const [zoned] = json(await callApi(sandbox, 'GET', PATHS.history)).data;
		sandbox.injectFault('payoutHistory', { kind: 'zonelessTimes' });
		const [zoneless] = json(await callApi(sandbox, 'GET', PATHS.history)).data;

		expect(zoned.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
		expect(zoneless).toEqual({
			...zoned,
			createdAt: `${zoned.createdAt.slice(0, 10)} ${zoned.createdAt.slice(11, 19)}.000000`,
			expiresAt: `${zoned.expiresAt.slice(0, 10)} ${zoned.expiresAt.slice(11, 19)}.000000`,
			updatedAt: `${zoned.updatedAt.slice(0, 10)} ${zoned.updatedAt.slice(11, 19)}.000000`,
		});
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
		// The delay starts in the same turn as the request is matched to its endpoint; a fixed wait could
		// reset a busy machine's sandbox before the request arrived, and the create would go through.
		await until(
			() => sandbox.requests.some((request) => request.endpoint === 'createPayout'),
			'the create to reach its delay',
		);
		sandbox.reset();
		await expect(pending).rejects.toThrow();
		await new Promise((resolve) => setTimeout(resolve, 350));
		expect(sandbox.payouts).toEqual([]);
	});
});
