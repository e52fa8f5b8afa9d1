/**
 * A create slower than the node's Timeout, in a real n8n: the payout is made by TYLT after the node gave up.
 * With n8n's Retry On Fail the retries must not pay again (the reference is held in doubt until TYLT's
 * history shows the payout); with the In-Doubt Check the first try finds it there itself.
 */
import { outputOf, ownInvoices, referenceOf, useE2e, type Recipient } from './support/context';
import { examples } from './support/examples';
import type { WorkflowJson } from '../tools/n8n';

const e2e = useE2e();

/** TYLT creates the payout this long after the request arrived; the node waits 0.5 s. */
const SLOW_CREATE_MS = 2500;

function slowPayout(recipient: Recipient, options: Record<string, unknown>): WorkflowJson {
	const workflow = e2e.example('createPayout');
	ownInvoices(e2e, workflow, [recipient]);
	const send = examples.node(workflow, 'Send payout');
	delete send.parameters.additionalFields.callBackUrl;
	send.parameters.options = { ...send.parameters.options, timeoutSeconds: 0.5, ...options };
	return workflow;
}

async function createsSent(): Promise<number> {
	return (await e2e.sandbox.requests()).filter((request) => request.endpoint === 'createPayout')
		.length;
}

const RECIPIENT: Recipient = {
	invoice: 'INV-3101',
	name: 'Dana Example',
	wallet: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
	amount: 21,
};

describe('a create slower than the Timeout', () => {
	it('with Retry On Fail (In-Doubt Check off): the retries are refused until TYLT lists the payout, then output it; one payout', async () => {
		const workflow = slowPayout(RECIPIENT, { inDoubtCheckSeconds: 0 });
		const send = examples.node(workflow, 'Send payout');
		Object.assign(send, { retryOnFail: true, maxTries: 5, waitBetweenTries: 1000 });
		await e2e.sandbox.injectFault('createPayout', { kind: 'delay', ms: SLOW_CREATE_MS });

		const execution = await e2e.run(workflow);

		expect(execution.status).toBe('success');
		const payouts = await e2e.sandbox.payouts();
		expect(payouts).toHaveLength(1);
		const [output] = outputOf(execution, 'Send payout');
		expect(output).toMatchObject({ orderId: payouts[0].orderId, alreadySent: true });
		expect(referenceOf(payouts[0])).toBe(output.merchantReference);
		expect(await createsSent()).toBe(1);
	});

	it('with the In-Doubt Check: the first try finds the payout in history and outputs it, confirmed; one payout', async () => {
		const recipient = { ...RECIPIENT, invoice: 'INV-3102' };
		await e2e.sandbox.injectFault('createPayout', { kind: 'delay', ms: SLOW_CREATE_MS });

		const execution = await e2e.run(slowPayout(recipient, { inDoubtCheckSeconds: 10 }));

		expect(execution.status).toBe('success');
		const payouts = await e2e.sandbox.payouts();
		expect(payouts).toHaveLength(1);
		expect(outputOf(execution, 'Send payout')).toEqual([
			expect.objectContaining({
				orderId: payouts[0].orderId,
				alreadySent: false,
				confirmedFromHistory: true,
			}),
		]);
		expect(await createsSent()).toBe(1);
	});
});
