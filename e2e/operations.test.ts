/**
 * Every TYLT operation, executed by a real n8n 2.41.1 from the example workflows users import, against the
 * sandbox: what n8n outputs equals what TYLT holds, with exactly the requests the node promises.
 */
import { SEEDED_CURRENCIES } from '../sandbox';
import { outputOf, ownInvoices, tyltRecord, useE2e, type Recipient } from './support/context';
import { examples } from './support/examples';
import type { WorkflowJson } from '../tools/n8n';

const e2e = useE2e();
/** An EIP-55 address on BNB Smart Chain (one of EIP-55's own examples), not a token contract. */
const EVM_WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

/**
 * The create example without a callback URL (these tests are about the payouts, not their callbacks), and
 * its recipients with invoice numbers of this test (e2e.reference).
 */
function createPayoutWorkflow(): { workflow: WorkflowJson; recipients: Recipient[] } {
	const workflow = e2e.example('createPayout');
	delete examples.node(workflow, 'Send payout').parameters.additionalFields.callBackUrl;
	return { workflow, recipients: ownInvoices(e2e, workflow) };
}

function readWorkflow(payInOrderId = 'order-1001'): WorkflowJson {
	const workflow = e2e.example('readTylt');
	examples.node(workflow, 'Pay-in to look up').parameters.assignments.assignments[0].value =
		payInOrderId;
	return workflow;
}

describe('Payout → Create (examples/create-payout.json)', () => {
	it('creates one payout per recipient and outputs the record TYLT stored for each', async () => {
		const { workflow, recipients } = createPayoutWorkflow();
		const execution = await e2e.run(workflow);

		expect(execution.status).toBe('success');
		const output = outputOf(execution, 'Send payout');
		const stored = await e2e.sandbox.payouts();
		expect(stored).toHaveLength(recipients.length);
		expect(output.map(tyltRecord)).toEqual(
			output.map((item) => stored.find((payout) => payout.orderId === item.orderId)),
		);
		expect(output).toEqual(
			recipients.map((recipient) =>
				expect.objectContaining({
					toAddress: recipient.wallet,
					settledAmountRequested: recipient.amount,
					status: 'Pending',
					// The reference goes first in the comments, where TYLT keeps it on every record.
					comments: `[ref:${recipient.invoice}] Invoice ${recipient.invoice}`,
					merchantReference: recipient.invoice,
					alreadySent: false,
				}),
			),
		);
	});

	it('reads the currency list once and the history once for the duplicate guard, then sends one create per item', async () => {
		const { workflow, recipients } = createPayoutWorkflow();
		await e2e.run(workflow);

		expect(await e2e.sandbox.endpointsCalled()).toEqual([
			'currencies',
			'payoutHistory',
			'createPayout',
			'createPayout',
		]);
		const creates = (await e2e.sandbox.requests()).filter(
			(request) => request.endpoint === 'createPayout',
		);
		// Exactly the spec's create fields: no merchantOrderId unless Send Reference as Merchant Order ID is on.
		expect(creates.map((request) => JSON.parse(request.rawBody))).toEqual(
			recipients.map((recipient) => ({
				settledCurrency: 'USDT',
				networkSymbol: 'TRX',
				address: recipient.wallet,
				baseAmount: recipient.amount,
				customerName: recipient.name,
				comments: `[ref:${recipient.invoice}] Invoice ${recipient.invoice}`,
			})),
		);
	});

	it('takes Settled Currency and Network By Symbol from each item, as expressions, in any case', async () => {
		const { workflow } = createPayoutWorkflow();
		const send = examples.node(workflow, 'Send payout');
		send.parameters.settledCurrency = { __rl: true, mode: 'id', value: '={{ $json.currency }}' };
		send.parameters.networkSymbol = { __rl: true, mode: 'id', value: '={{ $json.network }}' };
		// Each recipient's own currency and network, typed as a spreadsheet would hold them.
		const bySymbol = [
			{
				invoice: 'INV-S1',
				name: 'Alice',
				wallet: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
				amount: 25,
				currency: 'usdt',
				network: 'trx',
			},
			{
				invoice: 'INV-S2',
				name: 'Bob',
				wallet: EVM_WALLET,
				amount: 30,
				currency: 'USDC',
				network: 'BSC',
			},
		];
		ownInvoices(e2e, workflow, bySymbol);

		const execution = await e2e.run(workflow);

		expect(execution.status).toBe('success');
		const creates = (await e2e.sandbox.requests()).filter(
			(request) => request.endpoint === 'createPayout',
		);
		expect(creates.map((request) => JSON.parse(request.rawBody))).toEqual([
			expect.objectContaining({ settledCurrency: 'USDT', networkSymbol: 'TRX', baseAmount: 25 }),
			expect.objectContaining({ settledCurrency: 'USDC', networkSymbol: 'BSC', baseAmount: 30 }),
		]);
	});

	it('creates no new payout when the same workflow runs again (duplicate guard)', async () => {
		const { workflow: created, recipients } = createPayoutWorkflow();
		const workflow = await e2e.create(created);
		const first = await e2e.n8n.runWorkflowOnce(workflow.id);
		const afterFirst = await e2e.sandbox.payouts();

		const second = await e2e.n8n.runWorkflowOnce(workflow.id);

		expect(second.status).toBe('success');
		expect(await e2e.sandbox.payouts()).toEqual(afterFirst);
		const creates = (await e2e.sandbox.requests()).filter(
			(request) => request.endpoint === 'createPayout',
		);
		expect(creates).toHaveLength(recipients.length);
		const rerun = outputOf(second, 'Send payout');
		expect(
			rerun.map(({ alreadySent, merchantReference }) => ({ alreadySent, merchantReference })),
		).toEqual(
			recipients.map((recipient) => ({ alreadySent: true, merchantReference: recipient.invoice })),
		);
		expect(rerun.map(tyltRecord)).toEqual(outputOf(first, 'Send payout').map(tyltRecord));
	});
});

describe('Payout → Get Many, Return All (examples/read-tylt.json, "All payouts")', () => {
	it('outputs the whole seeded history in TYLT order, one request per page of 100, then the empty page that proves the end', async () => {
		await e2e.sandbox.seedPayouts(250);
		const history = await e2e.sandbox.payouts();

		const execution = await e2e.run(readWorkflow());

		expect(execution.status).toBe('success');
		expect(outputOf(execution, 'All payouts')).toEqual(history);
		const pages = (await e2e.sandbox.requests()).filter(
			(request) => request.endpoint === 'payoutHistory',
		);
		expect(pages.map((request) => request.query)).toEqual([
			'rows=100&page=1',
			'rows=100&page=2',
			'rows=100&page=3',
			// Page 3 came short: the end is proven by the empty page asked exactly where it stopped.
			'rows=50&page=6',
		]);
	});
});

describe('Currency → Get Many (examples/read-tylt.json, "Supported currencies")', () => {
	it('outputs one item per seeded currency, networks included, from one request', async () => {
		const execution = await e2e.run(readWorkflow());

		expect(outputOf(execution, 'Supported currencies')).toEqual(SEEDED_CURRENCIES);
		const requests = (await e2e.sandbox.requests()).filter(
			(request) => request.endpoint === 'currencies',
		);
		expect(requests).toHaveLength(1);
	});
});

describe('Pay-In → Get (examples/read-tylt.json, "Pay-in details")', () => {
	it('outputs the seeded pay-in instance exactly as TYLT answers it', async () => {
		await e2e.sandbox.seedPayIn('e2e-payin-42', {
			transaction: { status: 'Completed' },
			userDetails: { name: 'E2E Buyer' },
		});

		const execution = await e2e.run(readWorkflow('e2e-payin-42'));

		const [payIn] = outputOf(execution, 'Pay-in details');
		expect(payIn).toMatchObject({
			transaction: { merchantOrderId: 'e2e-payin-42', status: 'Completed' },
			userDetails: { name: 'E2E Buyer' },
		});
		expect(payIn).toEqual(
			await e2e.sandbox.signedGet('/p2pRampsMerchant/getInstanceDetails', {
				merchantOrderId: 'e2e-payin-42',
			}),
		);
	});
});

describe('Balance → Get (examples/read-tylt.json, "Account balance")', () => {
	it('outputs one item per currency exactly as TYLT answers, from one request', async () => {
		await e2e.sandbox.setBalances({ USDT: 12.0579 });

		const execution = await e2e.run(readWorkflow());

		const requests = (await e2e.sandbox.requests()).filter(
			(request) => request.endpoint === 'accountBalance',
		);
		expect(requests).toHaveLength(1);
		const balances = outputOf(execution, 'Account balance');
		expect(balances).toContainEqual({ currencySymbol: 'USDT', balance: 12.0579 });
		expect(balances).toEqual(
			await e2e.sandbox.signedGet('/transactions/merchant/getAccountBalance', {}),
		);
	});
});
