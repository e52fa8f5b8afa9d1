/**
 * examples/create-and-wait.json in a real n8n: Payout → Create, then Payout → Get with Wait Until Final asking
 * TYLT for the payout again until it is final, then If Completed. The sandbox settles the payout while the run waits.
 */
import { outputOf, useE2e } from './support/context';
import { examples } from './support/examples';

const e2e = useE2e();

/** The sandbox's completion delay (globalSetup): advancing its clock this far settles every payout. */
const SETTLE_MS = 5000;

/** Settles the payout once the run has created it and read it once (still Pending). */
async function settleWhileTheRunWaits(): Promise<void> {
	const deadline = Date.now() + 20000;
	for (;;) {
		const requests = await e2e.sandbox.requests();
		// Get's first look: TYLT's call for one payout (Create's duplicate guard read history before it).
		if (requests.some((request) => request.endpoint === 'payoutInformation')) break;
		// The run ended without reading it (an error): the test reports the execution's error.
		if (Date.now() > deadline) return;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	await e2e.sandbox.advance(SETTLE_MS);
}

it('waits until the payout is final and takes the "Paid" branch; a re-run pays nothing and goes straight there', async () => {
	const stored = await e2e.create(e2e.example('createAndWait'));
	const [execution] = await Promise.all([
		e2e.n8n.runWorkflowOnce(stored.id, { timeoutMs: 60000 }),
		settleWhileTheRunWaits(),
	]);
	expect(execution.data?.resultData.error).toBeUndefined();
	expect(execution.status).toBe('success');
	const [sent] = outputOf(execution, 'Send payout');
	const [settled] = outputOf(execution, 'Wait until final');
	expect(settled).toMatchObject({
		orderId: sent.orderId,
		status: 'Completed',
		isFinal: 1,
		finalReached: true,
	});
	expect(settled.waitedSeconds).toBeGreaterThanOrEqual(4);
	expect(outputOf(execution, 'Paid: mark invoice settled')).toHaveLength(1);
	expect(execution.data?.resultData.runData['Not paid: follow up']).toBeUndefined();
	// Apart from the two flags, the record exactly as TYLT holds it now.
	const [payoutNow] = await e2e.sandbox.payouts();
	const { finalReached: _final, waitedSeconds: _waited, ...record } = settled;
	expect(record).toEqual({ ...payoutNow, merchantReference: 'INV-7001' });

	const again = await e2e.n8n.runWorkflowOnce(stored.id, { timeoutMs: 30000 });
	expect(outputOf(again, 'Send payout')[0]).toMatchObject({
		orderId: sent.orderId,
		alreadySent: true,
	});
	expect(outputOf(again, 'Wait until final')[0]).toMatchObject({
		finalReached: true,
		waitedSeconds: 0,
	});
	expect((await e2e.sandbox.payouts()).map((payout) => payout.orderId)).toEqual([sent.orderId]);
});

it('after Max Wait outputs the payout as it is (finalReached false) and takes the other branch', async () => {
	const workflow = e2e.example('createAndWait');
	examples.node(workflow, 'Wait until final').parameters.maxWaitSeconds = 1;
	// n8n's process remembers the invoice of the first test as paid (the sandbox was reset since): a new one.
	examples.node(workflow, 'Send payout').parameters.reference = 'INV-7002';
	const execution = await e2e.run(workflow);
	expect(execution.data?.resultData.error).toBeUndefined();
	expect(execution.status).toBe('success');
	expect(outputOf(execution, 'Wait until final')[0]).toMatchObject({
		status: 'Pending',
		finalReached: false,
	});
	expect(outputOf(execution, 'Not paid: follow up')).toHaveLength(1);
});
