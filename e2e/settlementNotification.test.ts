/**
 * examples/settlement-notification.json through a real n8n: payouts created with its trigger's Production URL
 * settle in the sandbox; the TYLT Trigger runs for every callback, and only the final one of each payout
 * reaches the message endpoint (a local receiver standing in for Slack / Telegram).
 */
import { ownInvoices, referenceOf, useE2e } from './support/context';
import { examples } from './support/examples';
import { useMessageReceiver } from './support/messageReceiver';

const e2e = useE2e();

/** The sandbox's completion delay (globalSetup): advancing its clock this far settles every payout. */
const SETTLE_MS = 5000;
const TRIGGER = 'Payout status changed';

const receiver = useMessageReceiver();

/**
 * The create example (its two recipients, INV-1042 and INV-1043, with this test's suffix) with the
 * notification trigger as callback: the payouts, oldest first, and the invoice numbers.
 */
async function createPayouts(productionUrl: string) {
	const workflow = examples.setCallbackUrl(e2e.example('createPayout'), productionUrl);
	const invoices = ownInvoices(e2e, workflow).map((recipient) => recipient.invoice);
	const execution = await e2e.run(workflow);
	expect(execution.status).toBe('success');
	return { payouts: (await e2e.sandbox.payouts()).reverse(), invoices };
}

describe('Notify when a payout settles (examples/settlement-notification.json)', () => {
	it('sends one message per payout, when it is final, naming the order and its status', async () => {
		const workflow = examples.setNotificationUrl(
			e2e.example('settlementNotification'),
			receiver.url,
		);
		const { workflow: stored, productionUrl } = await e2e.activateTrigger(workflow);
		// INV-1043's wallet gets a failed payout: a failure is final too, and worth a message.
		const failingWallet = 'TMo4TYXrVAoCzBM85F33tEFzzUs1YdkSSv';
		await e2e.sandbox.setOutcome('Failed', failingWallet);
		const { payouts, invoices } = await createPayouts(productionUrl);
		// TYLT's merchantOrderId is its own (the node sends the spec's create fields): the reference is the
		// tag the node wrote first in the comments, and the message must name it.
		expect(payouts.map(referenceOf)).toEqual(invoices);

		await e2e.sandbox.advance(SETTLE_MS);

		const runs = await e2e.triggerRuns(stored.id, productionUrl, TRIGGER);
		// The trigger runs for Pending and for the final status; only the final runs reach "Send message".
		expect(runs).toHaveLength(4);
		expect(runs.every((run) => run.status === 'success')).toBe(true);
		for (const run of runs) {
			const ran = Object.keys(run.execution.data!.resultData.runData);
			expect(ran).toContain(run.payoutStatus === 'Pending' ? 'Not final yet' : 'Send message');
		}
		const expected = payouts.map((payout) => ({
			orderId: payout.orderId,
			status: payout.toAddress === failingWallet ? 'Failed' : 'Completed',
			invoice: referenceOf(payout)!,
		}));
		// The sentinel callback triggerRuns sends last is a Completed sample payout: its message is not ours.
		const messages = receiver.messages.filter((message) => !/sentinel-/.test(message.body));
		expect(messages).toHaveLength(expected.length);
		for (const message of messages) {
			expect(message).toMatchObject({
				method: 'POST',
				path: '/services/e2e',
				contentType: expect.stringContaining('application/json'),
			});
			expect(Object.keys(message.json)).toEqual(['text']);
		}
		for (const { orderId, status, invoice } of expected) {
			const about = messages.filter((message) => message.json.text.includes(orderId));
			expect(about).toHaveLength(1);
			expect(about[0].json.text).toContain(`is ${status}`);
			expect(about[0].json.text).toContain(`Payout ${invoice} (TYLT order ${orderId})`);
		}
	});
});
