/**
 * A batch stops sending when it reports that it stopped, in a real n8n: five rows at Max Payouts Per Second 2
 * (two taken at once, starts 500 ms apart), and TYLT refusing the first. The execution fails with that
 * refusal, and no row waiting for its start reaches TYLT afterwards: exactly one create is sent.
 */
import { failureOf, ownInvoices, TRON_WALLETS, useE2e, type Recipient } from './support/context';
import { examples } from './support/examples';

const e2e = useE2e();

const recipients = (): Recipient[] =>
	Array.from({ length: 5 }, (_, index) => ({
		invoice: `INV-S${index}`,
		name: `Recipient ${index}`,
		wallet: TRON_WALLETS[index % TRON_WALLETS.length],
		amount: 20 + index,
	}));

it('five rows at a paced rate and a refused first row: the execution fails and exactly one create is sent', async () => {
	const workflow = e2e.example('createPayout');
	ownInvoices(e2e, workflow, recipients());
	const send = examples.node(workflow, 'Send payout');
	delete send.parameters.additionalFields.callBackUrl;
	send.parameters.options = {
		...send.parameters.options,
		maxPayoutsPerSecond: 2,
	};
	await e2e.sandbox.injectFault('createPayout', {
		kind: 'errorCode',
		errorCode: 4017,
		msg: 'Payouts are paused for this merchant',
	});

	const execution = await e2e.run(workflow);

	const failure = failureOf(execution);
	expect(failure.node).toBe('Send payout');
	expect(failure.message).toContain('Payouts are paused for this merchant');
	// Had the rows waiting out the pause gone on, they would reach TYLT within 2 s of the refusal; the
	// execution above has ended, so every create it was going to send has arrived.
	const creates = (await e2e.sandbox.requests()).filter(
		(request) => request.endpoint === 'createPayout',
	);
	expect(creates).toHaveLength(1);
	expect(await e2e.sandbox.payouts()).toHaveLength(0);
});
