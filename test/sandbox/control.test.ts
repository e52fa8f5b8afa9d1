/**
 * The sandbox's controls: latency, reset, and the same controls over HTTP under /_sandbox
 * (sandbox/sandbox.ts, sandbox/control.ts).
 */
import { SEEDED_BALANCES } from '../../sandbox';
import {
	PATHS,
	TRON_ADDRESS,
	OTHER_TRON_ADDRESS,
	expectedSignature,
	httpCall,
	callApi,
	json,
	validPayout,
	createPayout,
	startReceiver,
	useFreshSandbox,
} from '../support/sandboxClient';

const sandbox = useFreshSandbox();

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

	it('sets how history pages are cut, a page past the end repeating the last one too', async () => {
		const set = await control('POST', '/history-paging', { pastEnd: 'lastPage' });
		expect(json(set).data).toEqual({ maxRows: 200, offsetBy: 'rowsServed', pastEnd: 'lastPage' });
		expect(sandbox.historyPaging.pastEnd).toBe('lastPage');
		const refused = await control('POST', '/history-paging', { pastEnd: 'again' });
		expect(refused.status).toBe(400);
		expect(json(refused).error).toBe('historyPaging.pastEnd must be empty or lastPage, got again');
		sandbox.reset();
		expect(sandbox.historyPaging.pastEnd).toBe('empty');
	});

	it('seeds payouts spacingMs apart when asked (a steady account), 1 s apart by default', async () => {
		const spaced = json(await control('POST', '/seed-payouts', { count: 3, spacingMs: 60_000 }))
			.data as Array<{ createdAt: string }>;
		const gaps = spaced
			.slice(1)
			.map((record, index) => Date.parse(spaced[index].createdAt) - Date.parse(record.createdAt));
		expect(gaps).toEqual([60_000, 60_000]);
		const refused = await control('POST', '/seed-payouts', { count: 1, spacingMs: 10 });
		expect(refused.status).toBe(400);
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
			expect(callback.headers['x-tlp-signature']).toBe(
				expectedSignature(sandbox.apiSecret, callback.rawBody),
			);
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
