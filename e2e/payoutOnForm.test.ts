/**
 * examples/payout-on-form.json through a real n8n: the active workflow's production form (n8n Form Trigger,
 * Basic Auth) is submitted over HTTP the way the form page submits it (multipart/form-data, fields
 * `field-<index>`), then followed to the form ending the submitter sees, as the page follows it. The sandbox
 * must hold exactly the payout the form asked for, once, and the ending must say what happened: paid, already
 * paid, refused (with the reason), in doubt (do not resubmit), over the limit.
 */
import { outputOf, tyltRecord, useE2e } from './support/context';
import { basicAuth, submitForm, type Login } from './support/form';
import type { StoredWorkflow } from '../tools/n8n';
import {
	activatePayoutForm,
	ENDINGS,
	type ActivePayoutForm,
	type PayoutFormRequest,
} from './support/payoutForm';

const e2e = useE2e();

const LOGIN: Login = { user: 'payout-desk', password: 'e2e-form-Passw0rd!' };

const ORDER: PayoutFormRequest = {
	orderNumber: 'ORD-7001',
	wallet: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
	amount: 25,
	currency: 'USDT',
	network: 'TRX',
};

/** ORDER with an order number (the payout's reference) of the running test: see e2e.reference. */
function order(changes: Partial<PayoutFormRequest> = {}): PayoutFormRequest {
	const request = { ...ORDER, ...changes };
	return { ...request, orderNumber: e2e.reference(request.orderNumber) };
}

let login: { id: string; name: string };

beforeAll(async () => {
	login = await e2e.n8n.createCredential({
		name: 'Payout form login',
		type: 'httpBasicAuth',
		data: { ...LOGIN },
	});
});

/** The example, active under a form path of its own; resolves once n8n serves its production form. */
async function activeForm(): Promise<ActivePayoutForm> {
	return await activatePayoutForm(e2e.n8n, {
		formBaseUrl: e2e.state.n8n.url,
		tylt: e2e.state.credential,
		login: { ...login, ...LOGIN },
	});
}

async function submit(
	url: string,
	workflow: StoredWorkflow,
	request: PayoutFormRequest,
	login: Login | null = LOGIN,
) {
	return await submitForm(url, workflow, { ...request }, login);
}

describe('Payout request form (examples/payout-on-form.json)', () => {
	it('serves the form at its production URL only with the login', async () => {
		const { url } = await activeForm();
		const page = await fetch(url, { headers: { authorization: basicAuth(LOGIN) } });
		const anonymous = await fetch(url);

		expect(page.status).toBe(200);
		expect(await page.text()).toContain('Request a payout');
		expect(anonymous.status).toBe(401);
		await anonymous.arrayBuffer();
	});

	it('a submission creates exactly the payout it asked for and ends on "Paid"; the same order again creates none and ends on "Already paid"', async () => {
		const { workflow, url } = await activeForm();
		const request = order();

		const first = await submit(url, workflow, request);

		expect(first.status).toBe(200);
		const [firstRun] = await e2e.n8n.waitForExecutions(workflow.id, 1);
		expect(firstRun.status).toBe('success');
		const payouts = await e2e.sandbox.payouts();
		expect(payouts).toHaveLength(1);
		expect(payouts[0]).toMatchObject({
			toAddress: request.wallet,
			settledAmountRequested: request.amount,
			settledCurrency: request.currency,
			network: request.network,
			status: 'Pending',
			// The order number is the reference: first in the comments, where the guard finds it again.
			comments: `[ref:${request.orderNumber}] Order ${request.orderNumber} (payout form)`,
		});
		const [sent] = outputOf(firstRun, 'Send payout');
		expect(sent).toMatchObject({
			outcome: 'sent',
			alreadySent: false,
			merchantReference: request.orderNumber,
		});
		expect(tyltRecord(sent)).toEqual(payouts[0]);
		expect(first.ending).toEqual({
			title: ENDINGS.paid,
			message:
				`Order ${request.orderNumber}: 25 USDT on TRX was sent to TYLT.\n` +
				`TYLT order ID: ${payouts[0].orderId} (status Pending).`,
		});

		// A double click, a resubmitted page, the same order typed in again.
		const second = await submit(url, workflow, request);

		expect(second.status).toBe(200);
		const runs = await e2e.n8n.waitForExecutions(workflow.id, 2);
		expect(runs.map((run) => run.status)).toEqual(['success', 'success']);
		expect(await e2e.sandbox.payouts()).toEqual(payouts);
		const creates = (await e2e.sandbox.requests()).filter(
			(request) => request.endpoint === 'createPayout',
		);
		expect(creates).toHaveLength(1);
		const [again] = outputOf(runs[1], 'Send payout');
		expect(again).toMatchObject({
			outcome: 'skipped',
			alreadySent: true,
			merchantReference: request.orderNumber,
			orderId: payouts[0].orderId,
		});
		expect(second.ending).toEqual({
			title: ENDINGS.alreadyPaid,
			message:
				`Order ${request.orderNumber} was paid earlier, so nothing was sent again.\n` +
				`TYLT order ID: ${payouts[0].orderId} (status Pending).`,
		});
	});

	it('without the login gets 401 and starts nothing; over the limit pays nothing and ends on saying so', async () => {
		const { workflow, url } = await activeForm();

		const anonymous = await submit(url, workflow, order(), null);
		const wrongPassword = await submit(url, workflow, order(), { ...LOGIN, password: 'guess' });
		const request = order({ orderNumber: 'ORD-7002', amount: 900 });
		const tooMuch = await submit(url, workflow, request);

		expect(anonymous.status).toBe(401);
		expect(anonymous.ending).toBeUndefined();
		expect(wrongPassword.status).toBe(401);
		expect(tooMuch.status).toBe(200);
		expect(tooMuch.ending).toEqual({
			title: ENDINGS.overTheLimit,
			message: `Order ${request.orderNumber} asks for 900 USDT, more than this form pays (500). Nothing was sent.`,
		});
		const runs = await e2e.n8n.waitForExecutions(workflow.id, 1);
		expect(runs).toHaveLength(1);
		expect(Object.keys(runs[0].data!.resultData.runData)).toEqual([
			'Payout request form',
			'Within limit?',
			'Over the limit: not paid',
		]);
		expect(await e2e.sandbox.payouts()).toEqual([]);
		expect(await e2e.sandbox.endpointsCalled()).toEqual([]);
	});

	it('a payout TYLT refuses ends on "Not paid" with the reason TYLT gave; the execution succeeds and nothing is paid', async () => {
		const { workflow, url } = await activeForm();
		const request = order({ orderNumber: 'ORD-7003' });
		await e2e.sandbox.injectFault('createPayout', {
			kind: 'errorCode',
			errorCode: 1003,
			msg: 'Insufficient balance',
		});

		const refused = await submit(url, workflow, request);

		expect(refused.status).toBe(200);
		expect(refused.ending).toEqual({
			title: ENDINGS.refused,
			message:
				`Order ${request.orderNumber} was not paid: TYLT error: Insufficient balance\n` +
				'Nothing was sent. Correct the request and submit it again.',
		});
		const [run] = await e2e.n8n.waitForExecutions(workflow.id, 1);
		expect(run.status).toBe('success');
		expect(outputOf(run, 'Send payout', 1)).toEqual([
			expect.objectContaining({ error: 'TYLT error: Insufficient balance' }),
		]);
		expect(await e2e.sandbox.payouts()).toEqual([]);
	});

	it('a create whose answer is lost ends on "In doubt: do not submit again"; the same order again sends nothing and says so too', async () => {
		const { workflow, url } = await activeForm();
		const request = order({ orderNumber: 'ORD-7004' });
		// TYLT's gateway fails the create before TYLT makes it; the node cannot know that.
		await e2e.sandbox.injectFault('createPayout', { kind: 'status', status: 502 });

		// The node looks for the payout in TYLT history for its In-Doubt Check (30 s) before it answers.
		const lost = await submit(url, workflow, request);
		const again = await submit(url, workflow, request);

		expect([lost.status, again.status]).toEqual([200, 200]);
		const advice =
			'Do not submit this order again. Check later: the payout desk looks for ' +
			`[ref:${request.orderNumber}] in the TYLT dashboard.`;
		expect(lost.ending).toEqual({
			title: ENDINGS.inDoubt,
			message: expect.stringMatching(
				new RegExp(
					`^Order ${request.orderNumber} may have been paid: The outcome of this payout is unknown .*\\n${literally(advice)}$`,
				),
			),
		});
		expect(again.ending).toEqual({
			title: ENDINGS.inDoubt,
			message: expect.stringMatching(
				new RegExp(
					`^Order ${request.orderNumber} may have been paid: .*is in doubt.*\\n${literally(advice)}$`,
				),
			),
		});
		// The person who submitted is told about their order, never about n8n's item indexes.
		expect([lost.ending?.message, again.ending?.message]).not.toContainEqual(
			expect.stringMatching(/\bitem \d/),
		);
		const runs = await e2e.n8n.waitForExecutions(workflow.id, 2);
		expect(runs.map((run) => run.status)).toEqual(['success', 'success']);
		const creates = (await e2e.sandbox.requests()).filter(
			(logged) => logged.endpoint === 'createPayout',
		);
		expect(creates).toHaveLength(1);
		expect(await e2e.sandbox.payouts()).toEqual([]);
	}, 180000);
});

/** `text` as a RegExp source that matches it literally. */
function literally(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
