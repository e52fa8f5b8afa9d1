/**
 * examples/approve-large-payouts.json through a real n8n: payout requests posted to its Webhook; at or below
 * their currency's approval threshold (USDT 100) they are paid at once; above it, or in a currency without
 * one, the execution waits in n8n's Wait node (On Form Submitted) for an approver, who gets the link in a message (a local receiver standing in for Slack) and
 * answers the form behind a Basic Auth login. What TYLT (the sandbox) holds for each request is the proof:
 * approved, one payout; rejected, expired, or approved after it expired, none; the link used again, still one.
 */
import { outputOf, referenceOf, tyltRecord, useE2e } from './support/context';
import { basicAuth, type Login } from './support/form';
import { useMessageReceiver } from './support/messageReceiver';
import {
	activateApprovalWorkflow,
	approvalLinks,
	decide,
	nodesRan,
	requestPayout,
	settledRuns,
	storeApprovalLogins,
	waitingExecutions,
	type ActiveApprovalWorkflow,
	type Decision,
	type PayoutRequest,
	type RequestKey,
} from './support/approval';

const e2e = useE2e();
const receiver = useMessageReceiver();

const REQUEST_KEY: RequestKey = { name: 'X-Payout-Key', value: 'e2e-request-key-7c21' };
const APPROVER: Login = { user: 'approver', password: 'e2e-approver-Passw0rd!' };

/** What n8n shows on a waiting form's link once its execution has finished. */
const FINISHED_FORM_PAGE = '<h1>Form Submitted</h1>';

let credentials: Awaited<ReturnType<typeof storeApprovalLogins>>;

beforeAll(async () => {
	credentials = await storeApprovalLogins(e2e, { requestKey: REQUEST_KEY, approver: APPROVER });
});

/** A request of the running test (its ID is the payout's reference): 250 USDT on Tron unless changed. */
function payoutRequest(changes: Partial<PayoutRequest> = {}): PayoutRequest {
	const request = {
		requestId: 'WD-5001',
		wallet: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
		amount: 250,
		currency: 'USDT',
		network: 'TRX',
		...changes,
	};
	return { ...request, requestId: e2e.reference(request.requestId) };
}

async function activeWorkflow(waitLimitSeconds?: number): Promise<ActiveApprovalWorkflow> {
	return await activateApprovalWorkflow(e2e, {
		credentials,
		notificationUrl: receiver.url,
		waitLimitSeconds,
	});
}

/** What TYLT holds for the request: its payouts (by the reference the node wrote), newest first. */
async function payoutsFor(request: PayoutRequest) {
	return (await e2e.sandbox.payouts()).filter(
		(payout) => referenceOf(payout) === request.requestId,
	);
}

/** TYLT holds one payout, the request's (by its reference), for what the request asked → that payout. */
async function onlyPayoutOf(request: PayoutRequest) {
	const payouts = await e2e.sandbox.payouts();
	expect(payouts.map(referenceOf)).toEqual([request.requestId]);
	expect(payouts[0]).toMatchObject({
		toAddress: request.wallet,
		settledAmountRequested: request.amount,
		settledCurrency: request.currency,
		network: request.network,
		comments: `[ref:${request.requestId}] Payout request ${request.requestId}`,
	});
	return payouts[0];
}

async function createsSent(): Promise<number> {
	return (await e2e.sandbox.endpointsCalled()).filter((endpoint) => endpoint === 'createPayout')
		.length;
}

/** Posts the request and waits until its execution waits for approval → the approval link it sent. */
async function awaitingApproval(active: ActiveApprovalWorkflow, request: PayoutRequest) {
	expect(await requestPayout(active, request, REQUEST_KEY)).toBe(200);
	const [waiting] = await waitingExecutions(e2e, active.workflow.id);
	const links = approvalLinks(receiver.messages, request.requestId);
	expect(links).toHaveLength(1);
	return { waiting, link: links[0] };
}

/**
 * A 250 USDT request waits for approval and the approver answers `decision` on its link: the workflow, the
 * request, the link and the finished execution.
 */
async function decided(decision: Decision) {
	const active = await activeWorkflow();
	const request = payoutRequest();
	const { link } = await awaitingApproval(active, request);

	const answer = await decide(active, link, decision, APPROVER);

	expect(answer.status).toBe(200);
	const [run] = await settledRuns(e2e, active.workflow.id);
	expect(run.status).toBe('success');
	return { active, request, link, run };
}

describe('Approve large payouts (examples/approve-large-payouts.json)', () => {
	it('pays a request at the threshold at once, with no approval asked; the same request again pays nothing', async () => {
		const active = await activeWorkflow();
		const request = payoutRequest({ requestId: 'WD-5002', amount: 100 });

		expect(await requestPayout(active, request, REQUEST_KEY)).toBe(200);

		const [run] = await settledRuns(e2e, active.workflow.id);
		expect(run.status).toBe('success');
		const payout = await onlyPayoutOf(request);
		expect(tyltRecord(outputOf(run, 'Send payout')[0])).toEqual(payout);
		expect(nodesRan(run)).not.toContain('Ask for approval');
		expect(receiver.messages).toEqual([]);

		// The requesting app sends it again (a retry, a double click): the request ID was paid.
		expect(await requestPayout(active, request, REQUEST_KEY)).toBe(200);

		const [, again] = await settledRuns(e2e, active.workflow.id, 2);
		expect(outputOf(again, 'Send payout')[0]).toMatchObject({
			outcome: 'skipped',
			alreadySent: true,
			orderId: payout.orderId,
		});
		expect(await e2e.sandbox.payouts()).toEqual([payout]);
		expect(await createsSent()).toBe(1);
	});

	it('refuses a request without the key: 403, nothing started, nothing paid', async () => {
		const active = await activeWorkflow();
		const request = payoutRequest({ amount: 10 });

		const anonymous = await requestPayout(active, request, null);
		const wrongKey = await requestPayout(active, request, { ...REQUEST_KEY, value: 'guess' });

		expect([anonymous, wrongKey]).toEqual([403, 403]);
		expect(await e2e.n8n.listExecutions(active.workflow.id)).toEqual([]);
		expect(await e2e.sandbox.endpointsCalled()).toEqual([]);
	});

	it('keeps a request just above the threshold waiting: the execution waits, the approver gets the link, nothing is paid', async () => {
		const active = await activeWorkflow();
		const request = payoutRequest({ amount: 100.01 });

		const { waiting, link } = await awaitingApproval(active, request);

		expect(waiting.status).toBe('waiting');
		expect(waiting.data!.resultData.lastNodeExecuted).toBe('Wait for approval');
		expect(nodesRan(waiting)).not.toContain('Send payout');
		expect(receiver.messages[0].json.text).toBe(
			`Payout request ${request.requestId} asks for 100.01 USDT on TRX to ${request.wallet}, ` +
				`above the approval threshold of 100 USDT. Approve or reject it here: ${link}`,
		);
		const page = await fetch(link, { headers: { authorization: basicAuth(APPROVER) } });
		const html = await page.text();
		expect(page.status).toBe(200);
		expect(html).toContain('Approve a payout');
		expect(html).toContain(`Payout request ${request.requestId}: 100.01 USDT on TRX`);
		const anonymous = await fetch(link);
		expect(anonymous.status).toBe(401);
		await anonymous.arrayBuffer();
		expect(await e2e.sandbox.payouts()).toEqual([]);
		expect(await createsSent()).toBe(0);
	});

	it('keeps a request in a currency without a threshold waiting, however small', async () => {
		const active = await activeWorkflow();
		const request = payoutRequest({ amount: 0.5, currency: 'DAI', network: 'ETH' });

		const { waiting, link } = await awaitingApproval(active, request);

		expect(waiting.data!.resultData.lastNodeExecuted).toBe('Wait for approval');
		expect(receiver.messages[0].json.text).toBe(
			`Payout request ${request.requestId} asks for 0.5 DAI on ETH to ${request.wallet}, ` +
				`above the approval threshold of 0 DAI. Approve or reject it here: ${link}`,
		);
		expect(await e2e.sandbox.endpointsCalled()).toEqual([]);
	});

	it('pays an approved request exactly once', async () => {
		const { request, run } = await decided('Approve');

		const payout = await onlyPayoutOf(request);
		expect(outputOf(run, 'Send payout')[0]).toMatchObject({
			outcome: 'sent',
			alreadySent: false,
			orderId: payout.orderId,
		});
		expect(await createsSent()).toBe(1);
	});

	it('pays a rejected request nothing, and the flow ends saying so', async () => {
		const { request, run } = await decided('Reject');

		expect(nodesRan(run)).not.toContain('Send payout');
		expect(outputOf(run, 'Rejected: not paid')).toEqual([
			{ outcome: `Payout request ${request.requestId} was rejected: nothing was sent.` },
		]);
		expect(await e2e.sandbox.payouts()).toEqual([]);
		expect(await createsSent()).toBe(0);
	});

	it('an approval link used twice pays once: n8n answers the finished execution with its "Form Submitted" page and resumes nothing; TYLT holds one payout', async () => {
		const { active, request, link, run: approved } = await decided('Approve');
		const paid = await payoutsFor(request);

		const again = await decide(active, link, 'Approve', APPROVER);

		expect(again.status).toBe(200);
		expect(again.body).toContain(FINISHED_FORM_PAGE);
		const executions = await e2e.n8n.listExecutions(active.workflow.id, { includeData: true });
		expect(executions).toEqual([approved]);
		expect(paid).toHaveLength(1);
		expect(await e2e.sandbox.payouts()).toEqual(paid);
		expect(await createsSent()).toBe(1);
	});

	it('three approvals of one request at the same moment pay once', async () => {
		const active = await activeWorkflow();
		const request = payoutRequest();
		const { link } = await awaitingApproval(active, request);

		// Whatever n8n answers the later ones (2.41.1: HTTP 500, "already being resumed"), TYLT is the proof.
		await Promise.all([1, 2, 3].map(() => decide(active, link, 'Approve', APPROVER)));

		const runs = await settledRuns(e2e, active.workflow.id);
		expect(runs.map((run) => run.status)).toEqual(['success']);
		expect(await payoutsFor(request)).toHaveLength(1);
		expect(await e2e.sandbox.payouts()).toHaveLength(1);
		expect(await createsSent()).toBe(1);
	});

	it('a request sent twice and approved on both links pays once: the second approval finds the request ID paid', async () => {
		const active = await activeWorkflow();
		const request = payoutRequest();
		expect(await requestPayout(active, request, REQUEST_KEY)).toBe(200);
		expect(await requestPayout(active, request, REQUEST_KEY)).toBe(200);
		await waitingExecutions(e2e, active.workflow.id, 2);
		const links = approvalLinks(receiver.messages, request.requestId);
		expect(links).toHaveLength(2);

		for (const link of links)
			expect((await decide(active, link, 'Approve', APPROVER)).status).toBe(200);

		const runs = await settledRuns(e2e, active.workflow.id, 2);
		expect(runs.map((run) => run.status)).toEqual(['success', 'success']);
		const payouts = await payoutsFor(request);
		expect(payouts).toHaveLength(1);
		expect(await e2e.sandbox.payouts()).toEqual(payouts);
		expect(await createsSent()).toBe(1);
		const outcomes = runs.map((run) => outputOf(run, 'Send payout')[0]);
		expect(outcomes.map((sent) => [sent.outcome, sent.alreadySent, sent.orderId]).sort()).toEqual([
			['sent', false, payouts[0].orderId],
			['skipped', true, payouts[0].orderId],
		]);
	});

	it('pays an expired request nothing, even when it is approved afterwards', async () => {
		// n8n looks for waits that ran out once a minute: the expiry comes up to 60 s after the limit.
		const active = await activeWorkflow(1);
		const request = payoutRequest();
		const { link } = await awaitingApproval(active, request);

		const [run] = await e2e.n8n.waitForExecutions(active.workflow.id, 1, 90000);

		expect(run.status).toBe('success');
		expect(nodesRan(run)).not.toContain('Send payout');
		expect(outputOf(run, 'Expired: not paid')).toEqual([
			{
				outcome: `Payout request ${request.requestId} was not approved in time: nothing was sent.`,
			},
		]);
		const late = await decide(active, link, 'Approve', APPROVER);
		expect(late.body).toContain(FINISHED_FORM_PAGE);
		expect(await e2e.n8n.listExecutions(active.workflow.id)).toHaveLength(1);
		expect(await e2e.sandbox.payouts()).toEqual([]);
		expect(await createsSent()).toBe(0);
	}, 120000);
});
