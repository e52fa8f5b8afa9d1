/**
 * Settlement and the callbacks it sends: signed over the raw body, one per status, never retried
 * (sandbox/payoutBook.ts, sandbox/callbacks.ts).
 */
import { SEEDED_BALANCES, startSandbox } from '../../sandbox';
import type { CallbackReceiver } from '../support/sandboxClient';
import {
	OTHER_TRON_ADDRESS,
	expectedSignature,
	createPayout,
	startReceiver,
	useFreshSandbox,
} from '../support/sandboxClient';

const sandbox = useFreshSandbox();

const TRANSACTION_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/;

describe('settlement and callbacks', () => {
	let receiver: CallbackReceiver;

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
			expect(callback.headers['x-tlp-signature']).toBe(
				expectedSignature(sandbox.apiSecret, callback.rawBody),
			);
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
		expect(callback.headers['x-tlp-signature']).toBe(
			expectedSignature('pay-in-secret', callback.rawBody),
		);
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
