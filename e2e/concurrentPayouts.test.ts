/**
 * Payouts on their way together in a real n8n: 200 rows from one execution, 5 at once (the node's own pace,
 * Max Payouts Per Second left at 0) against a TYLT that answers after a delay, with 20 rows repeating an
 * earlier row's reference and 5 creates whose answer is lost. Every reference is paid exactly once, every
 * item comes out in input order, and the lost ones are confirmed from history (the In-Doubt Check) rather
 * than sent again.
 */
import {
	outputOf,
	ownInvoices,
	referenceOf,
	TRON_WALLETS,
	useE2e,
	type Recipient,
} from './support/context';
import { examples } from './support/examples';

const e2e = useE2e();

/** 180 rows of their own, then 20 that repeat rows 0, 9, 18, … (same payout, same reference). */
function recipients(): Recipient[] {
	const unique = Array.from({ length: 180 }, (_, index) => ({
		invoice: `INV-C${index}`,
		name: `Recipient ${index}`,
		wallet: TRON_WALLETS[index % TRON_WALLETS.length],
		amount: 10 + (index % 7),
	}));
	const repeats = Array.from({ length: 20 }, (_, index) => unique[index * 9]);
	return [...unique, ...repeats];
}

it('200 rows, 5 at once, 20 repeated references and 5 lost answers: one payout per reference, input order kept', async () => {
	const workflow = e2e.example('createPayout');
	const rows = ownInvoices(e2e, workflow, recipients());
	const send = examples.node(workflow, 'Send payout');
	delete send.parameters.additionalFields.callBackUrl;
	send.parameters.options = {
		...send.parameters.options,
		inDoubtCheckSeconds: 10,
	};
	await e2e.sandbox.setLatency(50);
	// The 31st to 35th creates to arrive are made at TYLT, but their answers are lost.
	await e2e.sandbox.injectFault('createPayout', { kind: 'delay', ms: 0, times: 30 });
	await e2e.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost', times: 5 });

	const execution = await e2e.run(workflow);

	expect(execution.status).toBe('success');
	const output = outputOf(execution, 'Send payout');
	expect(output.map((payout) => payout.merchantReference)).toEqual(rows.map((row) => row.invoice));
	expect(output.slice(180).every((payout) => payout.alreadySent === true)).toBe(true);
	output.slice(180).forEach((payout, index) => {
		expect(payout.orderId).toBe(output[index * 9].orderId);
	});
	expect(output.filter((payout) => payout.confirmedFromHistory === true)).toHaveLength(5);

	const paid = new Map<string, number>();
	for (const payout of await e2e.sandbox.payouts()) {
		const reference = referenceOf(payout);
		if (reference) paid.set(reference, (paid.get(reference) ?? 0) + 1);
	}
	expect(paid.size).toBe(180);
	expect([...paid.values()].every((count) => count === 1)).toBe(true);
});
