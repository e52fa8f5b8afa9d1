/**
 * Issue 24 in a real n8n: against a TYLT that answers a page past the end of history with the last page again,
 * every read ends within a bounded number of requests. Get Many lists every payout once; Payout → Create with
 * the duplicate guard sends nothing and fails, saying why, and pays exactly once once history ends again; the
 * polling trigger's poll shows as a failed execution instead of never ending.
 */
import type { Execution } from '../tools/n8n';
import { failureOf, outputOf, ownInvoices, useE2e } from './support/context';
import { examples } from './support/examples';

const e2e = useE2e();

const TRIGGER = 'Payout settled';

async function historyRequests(): Promise<number> {
	return (await e2e.sandbox.requests()).filter((request) => request.endpoint === 'payoutHistory')
		.length;
}

beforeEach(async () => {
	await e2e.sandbox.setHistoryPaging({ pastEnd: 'lastPage' });
});

it('Get Many with Return All lists every payout once and ends at the repeated page', async () => {
	await e2e.sandbox.seedPayouts(200);

	const execution = await e2e.run(e2e.example('readTylt'));

	expect(execution.status).toBe('success');
	const listed = outputOf(execution, 'All payouts').map((item) => item.orderId);
	expect(listed).toEqual((await e2e.sandbox.payouts()).map((payout) => payout.orderId));
	// Two pages of 100, then page 3 repeats page 2.
	expect(await historyRequests()).toBe(3);
});

it('Payout → Create with the duplicate guard sends nothing while history does not end, then pays once', async () => {
	await e2e.sandbox.seedPayouts(5);
	const workflow = e2e.example('createPayout');
	delete examples.node(workflow, 'Send payout').parameters.additionalFields.callBackUrl;
	const recipients = ownInvoices(e2e, workflow);
	const stored = await e2e.create(workflow);

	const first = await e2e.n8n.runWorkflowOnce(stored.id);

	// Page 1, then at most page 2 and the five after it that serve nothing new.
	expect(await historyRequests()).toBeLessThanOrEqual(7);
	if (first.status === 'error') {
		// The seventh request asks page 6: pages of the short first page's size and its doubling.
		expect(failureOf(first).message).toMatch(
			/did not end: page 6 holds only payouts earlier pages already served/,
		);
		expect(await e2e.sandbox.payouts()).toHaveLength(5);
	} else {
		// This n8n saw TYLT serve this account a page longer than 5 earlier in the suite: page 1 was the end.
		expect(await e2e.sandbox.payouts()).toHaveLength(5 + recipients.length);
	}

	// History ends again: the batch pays each recipient once, and a re-run pays nothing more.
	await e2e.sandbox.setHistoryPaging({ pastEnd: 'empty' });
	expect((await e2e.n8n.runWorkflowOnce(stored.id)).status).toBe('success');
	const again = await e2e.n8n.runWorkflowOnce(stored.id);
	expect(outputOf(again, 'Send payout').map((item) => item.alreadySent)).toEqual(
		recipients.map(() => true),
	);
	expect(await e2e.sandbox.payouts()).toHaveLength(5 + recipients.length);
});

it('the polling trigger’s scheduled polls fail visibly, within seven history requests each, rather than never ending', async () => {
	await e2e.sandbox.seedPayouts(30);
	const workflow = e2e.example('payoutSettledPolling');
	// Every 3 s (n8n refuses poll times under a minute apart, but accepts several fixed seconds).
	examples.node(workflow, TRIGGER).parameters.pollTimes = {
		item: Array.from({ length: 20 }, (_, index) => ({
			mode: 'custom',
			cronExpression: `${index * 3} * * * * *`,
		})),
	};
	const stored = await e2e.create(workflow);

	// Activated while history ends (n8n runs the first poll at activation, and shows a poll that fails then as
	// an activation error); then every scheduled poll against the repeating history is a failed execution.
	await e2e.sandbox.setHistoryPaging({ pastEnd: 'empty' });
	let failed: Execution[] = [];
	try {
		await e2e.n8n.activate(stored.id);
		// n8n activates in the background: the baseline poll reads page 1 (30 payouts) and the empty page 2.
		const baselineBy = Date.now() + 30000;
		while ((await historyRequests()) < 2) {
			if (Date.now() > baselineBy) throw new Error('no baseline poll within 30 s of activation');
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
		await new Promise((resolve) => setTimeout(resolve, 1000));
		await e2e.sandbox.setHistoryPaging({ pastEnd: 'lastPage' });
		const deadline = Date.now() + 30000;
		while (failed.length < 2) {
			if (Date.now() > deadline) throw new Error('fewer than 2 failed poll executions within 30 s');
			await new Promise((resolve) => setTimeout(resolve, 500));
			failed = await e2e.n8n.listExecutions(stored.id, { includeData: true, status: 'error' });
		}
	} finally {
		await e2e.n8n.deactivate(stored.id).catch(() => undefined);
	}

	// The seventh request asks page 6: pages of the short first page's size and its doubling.
	expect(failureOf(failed[0]).message).toMatch(
		/did not end: page 6 holds only payouts earlier pages already served/,
	);
	// Every poll ended: page 1, then the page where it stopped (which ends history or repeats page 1) and at
	// most the five after it that serve nothing new, asked at the short first page's size or its doubling: the
	// seventh request asks page 6, never a page past 7.
	const pages = (await e2e.sandbox.requests())
		.filter((request) => request.endpoint === 'payoutHistory')
		.map((request) => Number(new URLSearchParams(request.query).get('page')));
	expect(Math.max(...pages)).toBeLessThanOrEqual(7);
	expect(pages).toContain(6);
});
