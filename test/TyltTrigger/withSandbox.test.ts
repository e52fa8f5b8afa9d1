/**
 * The trigger receiving what the TYLT sandbox sends: a payout created with the trigger's URL as
 * `callBackUrl` calls back on creation and on settlement, signed as TYLT signs.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runTyltNode } from '../../tools/harness/n8nContext';
import type { TyltSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { PAY_IN_SECRET, startTriggerServer } from '../support/triggerServer';
import type { TriggerServer } from '../support/triggerServer';

let sandbox: TyltSandbox;
const triggers: TriggerServer[] = [];

beforeAll(async () => {
	sandbox = await startSandbox({ autoSettle: false });
});

afterAll(async () => {
	await Promise.all(triggers.map(async (trigger) => await trigger.close()));
	await sandbox.close();
});

async function trigger(
	parameters: INodeParameters = {},
	credential: { additionalSecret?: string } = {},
): Promise<TriggerServer> {
	const server = await startTriggerServer({
		apiSecret: sandbox.apiSecret,
		parameters,
		...credential,
	});
	triggers.push(server);
	return server;
}

let payoutsCreated = 0;

/** Creates a payout with the TYLT node itself (Payout → Create, in n8n-core's execution context). */
async function createPayout(callBackUrl: string): Promise<IDataObject> {
	const [created] = await runTyltNode({
		parameters: {
			resource: 'payout',
			operation: 'create',
			settledCurrency: 'USDT',
			networkSymbol: 'TRX',
			address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
			baseAmount: 25,
			additionalFields: { callBackUrl },
			// Each test pays anew: a reference of its own keeps the duplicate guard from matching the last one.
			reference: `trigger-test-${++payoutsCreated}`,
			options: {},
		},
		credentials: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url },
	});
	expect(created.json).toMatchObject({ status: 'Pending', callBackURL: callBackUrl });
	return created.json;
}

it('runs once for Pending and once for Completed, answering every callback `ok`', async () => {
	const server = await trigger();
	const created = await createPayout(server.url);
	await sandbox.advanceTime(2000);

	const deliveries = sandbox.callbacks.filter((delivery) => delivery.orderId === created.orderId);
	expect(deliveries.map((delivery) => [delivery.status, delivery.responseBody])).toEqual([
		[200, 'ok'],
		[200, 'ok'],
	]);
	expect(server.runs.map((run) => run.map((item) => item.json))).toEqual([
		[expect.objectContaining({ orderId: created.orderId, status: 'Pending', event: 'payout' })],
		[expect.objectContaining({ orderId: created.orderId, status: 'Completed', isFinal: 1 })],
	]);
});

it('answers a hand resend `ok` without a second run', async () => {
	const server = await trigger({ finalOnly: true });
	const created = await createPayout(server.url);
	await sandbox.advanceTime(2000);
	const completed = sandbox.payouts.find((record) => record.orderId === created.orderId)!;

	const resend = await sandbox.sendCallback(server.url, completed);

	expect(resend).toMatchObject({ status: 200, responseBody: 'ok' });
	expect(server.runs.map((run) => run[0].json.status)).toEqual(['Completed']);
});

it('accepts a pay-in callback signed with the pay-in key through the credential’s Additional Callback Secret', async () => {
	const server = await trigger({ events: ['payIn'] }, { additionalSecret: PAY_IN_SECRET });
	const record = { orderId: 'pi-sandbox-1', merchantOrderId: 'order-2001', status: 'Completed' };

	const delivery = await sandbox.sendCallback(server.url, record, {
		type: 'pay-in',
		secret: PAY_IN_SECRET,
	});

	expect(delivery).toMatchObject({ status: 200, responseBody: 'ok' });
	expect(server.runs[0][0].json).toEqual({ ...record, event: 'payIn', type: 'pay-in' });
});

it('refuses a callback signed with a secret it does not know', async () => {
	const server = await trigger();
	const delivery = await sandbox.sendCallback(
		server.url,
		{ orderId: 'po-x', status: 'Pending' },
		{
			secret: 'someone-elses-secret',
		},
	);

	expect(delivery.status).toBe(401);
	expect(server.runs).toHaveLength(0);
});
