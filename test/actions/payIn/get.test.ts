/** Pay-in → Get: one pay-in instance by the merchant's own order ID. */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { expectedSignature, failureOf, requestsTo, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

async function run(merchantOrderId: unknown, items?: IDataObject[]) {
	return await tylt.run({
		items,
		parameters: { resource: 'payIn', operation: 'get', merchantOrderId: merchantOrderId as string },
	});
}

it('outputs the instance TYLT holds for the order ID as one item', async () => {
	sandbox.seedPayIn('order-2001', {
		transaction: { status: 'Completed', settledAmountReceived: 250 },
		userDetails: { name: 'Zoë' },
	});

	const output = await run('order-2001');

	expect(output).toHaveLength(1);
	expect(output[0].pairedItem).toEqual({ item: 0 });
	expect(output[0].json).toMatchObject({
		transaction: { merchantOrderId: 'order-2001', status: 'Completed', settledAmountReceived: 250 },
		userDetails: { name: 'Zoë' },
	});
	expect(output[0].json).toHaveProperty('trade');
});

it('sends the order ID as the query and signs {"merchantOrderId":"..."}', async () => {
	await run('order-1001');

	const [request] = requestsTo(sandbox, 'payInDetails');
	const signedString = '{"merchantOrderId":"order-1001"}';
	expect(request).toMatchObject({
		method: 'GET',
		query: 'merchantOrderId=order-1001',
		status: 200,
	});
	expect(request.signedString).toBe(signedString);
	expect(request.headers['x-tlp-signature']).toBe(
		expectedSignature(sandbox.apiSecret, signedString),
	);
});

it('reads the order ID per item', async () => {
	const output = await run('={{ $json.orderId }}', [
		{ orderId: 'order-1001' },
		{ orderId: 'order-1002' },
	]);

	expect(requestsTo(sandbox, 'payInDetails').map((request) => request.query)).toEqual([
		'merchantOrderId=order-1001',
		'merchantOrderId=order-1002',
	]);
	expect(output.map((item) => (item.json.transaction as { status: string }).status)).toEqual([
		'Completed',
		'Pending',
	]);
});

it('fails with TYLT’s own message for an order ID TYLT does not know', async () => {
	const error = await failureOf(
		run('={{ $json.orderId }}', [{ orderId: 'order-1001' }, { orderId: 'order-9999' }]),
	);

	expect(error).toBeInstanceOf(NodeApiError);
	expect(error.message).toContain('Instance not found.');
	expect(error.context.itemIndex).toBe(1);
	expect(requestsTo(sandbox, 'payInDetails').map((request) => request.status)).toEqual([200, 404]);
});

it.each([
	['empty', ''],
	['blank', '   '],
])(
	'refuses an %s order ID naming Merchant Order ID, without a request',
	async (_case, merchantOrderId) => {
		const error = await failureOf(run(merchantOrderId));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('Merchant Order ID');
		expect(error.message).toContain('item 0');
		expect(sandbox.requests).toHaveLength(0);
	},
);
