/**
 * examples/payout-on-form.json through a real n8n: the active workflow's production form (n8n Form Trigger,
 * Basic Auth) is submitted over HTTP the way the form page submits it (multipart/form-data, fields
 * `field-<index>`), and the sandbox must hold exactly the payout the form asked for, once.
 */
import { outputOf, tyltRecord, useE2e } from './support/context';
import { basicAuth, submitForm, type Login } from './support/form';
import type { StoredWorkflow } from '../tools/n8n';
import {
	activatePayoutForm,
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

	it('a submission creates exactly the payout it asked for; the same order again creates none', async () => {
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
		expect(sent).toMatchObject({ alreadySent: false, merchantReference: request.orderNumber });
		expect(tyltRecord(sent)).toEqual(payouts[0]);

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
			alreadySent: true,
			merchantReference: request.orderNumber,
			orderId: payouts[0].orderId,
		});
	});

	it('without the login gets 401 and starts nothing; over the limit pays nothing', async () => {
		const { workflow, url } = await activeForm();

		const anonymous = await submit(url, workflow, order(), null);
		const wrongPassword = await submit(url, workflow, order(), { ...LOGIN, password: 'guess' });
		const tooMuch = await submit(url, workflow, order({ orderNumber: 'ORD-7002', amount: 900 }));

		expect(anonymous.status).toBe(401);
		expect(wrongPassword.status).toBe(401);
		expect(tooMuch.status).toBe(200);
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
});
