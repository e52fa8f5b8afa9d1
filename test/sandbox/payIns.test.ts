/**
 * Pay-in instance details: the seeded instances, lookup by merchantOrderId or instanceId, and seeding
 * (sandbox/endpoints/payInDetails.ts, sandbox/payIns.ts).
 */
import { PATHS, RECORD_TIME, callApi, json, useFreshSandbox } from '../support/sandboxClient';

const sandbox = useFreshSandbox();

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
