/**
 * The money loop through a real n8n: a workflow creates payouts whose Callback URL is the Production URL of
 * an active TYLT Trigger workflow (examples/payout-settled.json); the sandbox settles them and sends its
 * signed callbacks to n8n's webhook server; the trigger starts one run per callback it accepts.
 */
import { createHmac, randomUUID } from 'node:crypto';

import { outputOf, ownInvoices, useE2e } from './support/context';
import { examples } from './support/examples';

const e2e = useE2e();

/** The sandbox's completion delay (globalSetup): advancing its clock this far settles every payout. */
const SETTLE_MS = 5000;

/**
 * Runs the create example (its two recipients, or the first `recipients`, with invoice numbers of this test)
 * with the callback URL set; the payouts' order ids, and the invoice each one pays.
 */
async function createPayoutsCallingBack(productionUrl: string, recipients?: number) {
	const workflow = examples.setCallbackUrl(e2e.example('createPayout'), productionUrl);
	const list = JSON.parse(examples.node(workflow, 'Recipients').parameters.jsonOutput).recipients;
	const paid = ownInvoices(
		e2e,
		workflow,
		recipients === undefined ? list : list.slice(0, recipients),
	);
	const execution = await e2e.run(workflow);
	expect(execution.status).toBe('success');
	const sent = outputOf(execution, 'Send payout');
	expect(sent).toHaveLength(paid.length);
	return {
		orderIds: sent.map((payout) => String(payout.orderId)),
		// Items go out in order: the nth payout pays the nth recipient.
		invoiceOf: new Map(sent.map((payout, index) => [String(payout.orderId), paid[index].invoice])),
	};
}

function settledWorkflow({ finalOnly }: { finalOnly: boolean }) {
	const workflow = e2e.example('payoutSettled');
	examples.node(workflow, 'Payout settled').parameters.finalOnly = finalOnly;
	return workflow;
}

async function postCallback(url: string, rawBody: string, signature: string) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-tlp-signature': signature },
		body: rawBody,
	});
	return { status: response.status, body: await response.text() };
}

describe('a payout settles and the TYLT Trigger workflow runs', () => {
	it('with Final Only: one run per payout, with status Completed, down the "Paid" branch', async () => {
		const { workflow, productionUrl } = await e2e.activateTrigger(
			settledWorkflow({ finalOnly: true }),
		);
		const { orderIds, invoiceOf } = await createPayoutsCallingBack(productionUrl);

		await e2e.sandbox.advance(SETTLE_MS);

		const callbacks = await e2e.sandbox.callbacks();
		expect(
			callbacks.map(({ orderId, payoutStatus, url, status, responseBody }) => ({
				orderId,
				payoutStatus,
				url,
				status,
				responseBody,
			})),
		).toEqual(
			expect.arrayContaining(
				orderIds.flatMap((orderId) =>
					['Pending', 'Completed'].map((payoutStatus) => ({
						orderId,
						payoutStatus,
						url: productionUrl,
						status: 200,
						responseBody: 'ok',
					})),
				),
			),
		);
		expect(callbacks).toHaveLength(orderIds.length * 2);

		const runs = await e2e.triggerRuns(workflow.id, productionUrl);
		expect(
			runs.map(({ orderId, payoutStatus, status }) => ({ orderId, payoutStatus, status })),
		).toEqual(
			expect.arrayContaining(
				orderIds.map((orderId) => ({ orderId, payoutStatus: 'Completed', status: 'success' })),
			),
		);
		expect(runs).toHaveLength(orderIds.length);
		for (const run of runs) {
			expect(outputOf(run.execution, 'Paid: mark invoice settled')).toEqual([
				expect.objectContaining({
					// The invoice the payout paid, read from the reference tag in its comments.
					invoice: invoiceOf.get(run.orderId),
					orderId: run.orderId,
					status: 'Completed',
					amountSent: expect.any(Number),
				}),
			]);
		}
	});

	it('without Final Only: a Pending run, then a Completed run, for each payout', async () => {
		const { workflow, productionUrl } = await e2e.activateTrigger(
			settledWorkflow({ finalOnly: false }),
		);
		const { orderIds } = await createPayoutsCallingBack(productionUrl);

		await e2e.sandbox.advance(SETTLE_MS);

		const runs = await e2e.triggerRuns(workflow.id, productionUrl);
		expect(runs.every((run) => run.status === 'success')).toBe(true);
		for (const orderId of orderIds) {
			expect(runs.filter((run) => run.orderId === orderId).map((run) => run.payoutStatus)).toEqual([
				'Pending',
				'Completed',
			]);
		}
		expect(runs).toHaveLength(orderIds.length * 2);
	});
});

describe('callbacks the TYLT Trigger must not act on', () => {
	it('answers a forged callback (wrong signature) with 401 and starts no run', async () => {
		const { workflow, productionUrl } = await e2e.activateTrigger(
			settledWorkflow({ finalOnly: true }),
		);
		// A new order, so a broken signature check would start a run (nothing to mistake it for a repeat).
		const forgedBody = JSON.stringify({
			type: 'pay-out',
			data: {
				orderId: `forged-${randomUUID()}`,
				merchantOrderId: 'INV-9999',
				status: 'Completed',
				isFinal: 1,
				settledCurrency: 'USDT',
				settledAmountSent: 5000,
				network: 'TRX',
				toAddress: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
			},
		});
		const forgedSignature = createHmac('sha256', 'not-the-api-secret')
			.update(forgedBody)
			.digest('hex');

		const answer = await postCallback(productionUrl, forgedBody, forgedSignature);

		expect(answer.status).toBe(401);
		expect(JSON.parse(answer.body)).toEqual({
			error: expect.stringMatching(/^Invalid X-TLP-SIGNATURE/),
		});
		expect(answer.body).not.toContain(e2e.state.sandbox.apiSecret);
		expect(await e2e.triggerRuns(workflow.id, productionUrl)).toEqual([]);
	});

	it('answers a repeated callback 200 ok and starts no second run', async () => {
		const { workflow, productionUrl } = await e2e.activateTrigger(
			settledWorkflow({ finalOnly: true }),
		);
		// One payout, so its callbacks arrive one after another. Known bug (nodes/TyltTrigger, not fixed here):
		// callbacks of several orders arriving at once each save the trigger's static data, the last write
		// wins, and a later resend of a forgotten one starts a second run.
		const {
			orderIds: [orderId],
		} = await createPayoutsCallingBack(productionUrl, 1);
		await e2e.sandbox.advance(SETTLE_MS);
		await e2e.n8n.waitForExecutions(workflow.id, 1);
		const completed = (await e2e.sandbox.callbacks()).find(
			(callback) => callback.orderId === orderId && callback.payoutStatus === 'Completed',
		);
		if (!completed) throw new Error(`no Completed callback for ${orderId}`);

		// The same bytes and signature again (a resend from the dashboard), then the sandbox sending it anew.
		const replayed = await postCallback(productionUrl, completed.rawBody, completed.signature);
		const resent = await e2e.sandbox.sendCallback({
			url: productionUrl,
			orderId,
			status: 'Completed',
		});

		expect(replayed).toEqual({ status: 200, body: 'ok' });
		expect({ status: resent.status, body: resent.responseBody }).toEqual({
			status: 200,
			body: 'ok',
		});
		const runs = await e2e.triggerRuns(workflow.id, productionUrl);
		expect(runs.map(({ orderId: runOrderId, payoutStatus }) => [runOrderId, payoutStatus])).toEqual(
			[[orderId, 'Completed']],
		);
	});
});
