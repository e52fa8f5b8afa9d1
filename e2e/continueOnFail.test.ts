/**
 * One bad row among good ones, through a real n8n: with "On Error: Continue (using error output)" the bad
 * item leaves through the error output and the others are paid; without it the execution fails naming the
 * item, and nothing is sent for that item.
 */
import { outputOf, failureOf, ownInvoices, useE2e } from './support/context';
import { examples } from './support/examples';
import type { WorkflowJson } from '../tools/n8n';

const e2e = useE2e();

const GOOD_FIRST = {
	invoice: 'INV-2001',
	name: 'Carol Example',
	wallet: 'TGurtpzjeUVxbowhQuSYyWX9p2fpxPT3BU',
	amount: 30,
};
/** Below USDT's minimum withdrawal of 10 on TRX: only the currency list can tell. */
const BAD = {
	invoice: 'INV-2002',
	name: 'Too Little',
	wallet: 'TTdteGYT7PTtSPUE8TfGQWcD9njyUNqegR',
	amount: 5,
};
const GOOD_LAST = {
	invoice: 'INV-2003',
	name: 'Alice Example',
	wallet: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
	amount: 12.5,
};
const BAD_ITEM_MESSAGE =
	'Invalid Base Amount 5 in item 1: it is below the minimum withdrawal of 10 USDT on TRX';

function payoutsWithOneBadRow(onError?: 'continueErrorOutput'): WorkflowJson {
	const workflow = e2e.example('createPayout');
	ownInvoices(e2e, workflow, [GOOD_FIRST, BAD, GOOD_LAST]);
	const send = examples.node(workflow, 'Send payout');
	delete send.parameters.additionalFields.callBackUrl;
	if (onError) {
		send.onError = onError;
		for (const [name, x] of [
			['Sent', 100],
			['Not sent', 300],
		] as const) {
			workflow.nodes.push({
				id: `e2e-${name.replace(' ', '-').toLowerCase()}`,
				name,
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [880, x - 200],
				parameters: {},
			});
		}
		workflow.connections['Send payout'] = {
			main: [
				[{ node: 'Sent', type: 'main', index: 0 }],
				[{ node: 'Not sent', type: 'main', index: 0 }],
			],
		};
	}
	return workflow;
}

async function addressesPaid(): Promise<string[]> {
	return (await e2e.sandbox.requests())
		.filter((request) => request.endpoint === 'createPayout')
		.map((request) => JSON.parse(request.rawBody).address);
}

describe('a bad row with On Error: Continue (using error output)', () => {
	it('sends the bad item out of the error output with its item-named message and pays the good ones', async () => {
		const execution = await e2e.run(payoutsWithOneBadRow('continueErrorOutput'));

		expect(execution.status).toBe('success');
		expect(outputOf(execution, 'Send payout', 1)).toEqual([
			expect.objectContaining({ error: BAD_ITEM_MESSAGE }),
		]);
		expect(
			outputOf(execution, 'Send payout', 0).map((payout) => [payout.toAddress, payout.alreadySent]),
		).toEqual([
			[GOOD_FIRST.wallet, false],
			[GOOD_LAST.wallet, false],
		]);
		expect(outputOf(execution, 'Not sent')).toHaveLength(1);
		expect(outputOf(execution, 'Sent')).toHaveLength(2);
		expect(await addressesPaid()).toEqual([GOOD_FIRST.wallet, GOOD_LAST.wallet]);
		expect((await e2e.sandbox.payouts()).map((payout) => payout.toAddress).sort()).toEqual(
			[GOOD_FIRST.wallet, GOOD_LAST.wallet].sort(),
		);
	});
});

describe('the same bad row without Continue On Fail', () => {
	it('fails the execution with the item-named message, and nothing of the batch is sent', async () => {
		const execution = await e2e.run(payoutsWithOneBadRow());

		expect(failureOf(execution)).toMatchObject({ message: BAD_ITEM_MESSAGE, node: 'Send payout' });
		// Version 2 checks the whole batch before anything is sent: the good rows wait for the fix too.
		expect(await addressesPaid()).toEqual([]);
	});
});
