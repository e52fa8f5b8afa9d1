/**
 * A payout workflow runs again, in every way n8n re-runs one, and each payout is still paid exactly once.
 * The evidence is the sandbox: the payouts it holds per reference, and the create requests it answered.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	acceptedCreatesPerReference,
	onceEach,
	payoutsPerReference,
	useMoneySafetySandbox,
} from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

/** One spreadsheet-like row per payout: its own row ID (the reference), recipient and amount. */
function rows(count: number): IDataObject[] {
	return Array.from({ length: count }, (_, index) => ({
		row: `row-${index + 1}`,
		address: tronAddress(`recipient ${index + 1}`),
		amount: 10 + index,
	}));
}

const references = (items: IDataObject[]) => items.map((item) => String(item.row));

/** The reference set with an expression, as the README recommends. */
const PAYOUT_PER_ROW = payoutCreate({
	address: '={{ $json.address }}',
	baseAmount: '={{ $json.amount }}',
	reference: '={{ $json.row }}',
	options: {},
});

/**
 * One payout on its way at a time (Max Payouts Per Second 1), so a fault injected for the Nth create lands on
 * row N (the default sends several at once; see the concurrent cases).
 */
const ONE_AT_A_TIME = payoutCreate({
	...PAYOUT_PER_ROW,
	reference: '={{ $json.row }}',
	options: { maxPayoutsPerSecond: 1 },
});

/** No reference set: the node derives one from workflow, node, recipient, currency, network and amount. */
const PAYOUT_PER_ROW_DEFAULT_REFERENCE = payoutCreate({
	address: '={{ $json.address }}',
	baseAmount: '={{ $json.amount }}',
});

/** TYLT refuses the create outright (HTTP 400 in its envelope): nothing is created. */
const REFUSAL = {
	kind: 'status',
	status: 400,
	body: JSON.stringify({ data: null, errorCode: 400, msg: 'Payouts are paused for this merchant' }),
	contentType: 'application/json',
} as const;

/** Lets the next `count` creates through untouched, so the fault injected after it lands on a later item. */
function passCreates(count: number) {
	suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 0, times: count });
}

describe('each way n8n runs a payout workflow again pays each row exactly once', () => {
	it("the node's Retry On Fail: TYLT refuses item 3 of 5, the retried node sends 3, 4 and 5 but not 1 and 2 again", async () => {
		const items = rows(5);
		passCreates(2);
		suite.sandbox.injectFault('createPayout', REFUSAL);

		const error = await suite.fail({ items, parameters: ONE_AT_A_TIME });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('Payouts are paused for this merchant');
		expect(error.context.itemIndex).toBe(2);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['row-1', 'row-2']));

		// Retry On Fail executes the node again with the same input items, in a fresh execution context.
		const output = await suite.run({ items, parameters: ONE_AT_A_TIME });

		expect(output.map((item) => item.json.alreadySent)).toEqual([true, true, false, false, false]);
		expect(output.map((item) => item.json.merchantReference)).toEqual(references(items));
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
		expect(acceptedCreatesPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
	});

	it('Retry On Fail with payouts on their way together (default Concurrent Payouts): TYLT refuses one, the rows sent beside it are output as already sent, each row paid once', async () => {
		const items = rows(8);
		passCreates(2);
		suite.sandbox.injectFault('createPayout', REFUSAL);

		const error = await suite.fail({ items, parameters: PAYOUT_PER_ROW });

		expect(error.message).toContain('Payouts are paused for this merchant');
		const paidFirst = Object.keys(payoutsPerReference(suite.sandbox));
		const refused = references(items).filter((row) => !paidFirst.includes(row));
		// Only the refused row and the rows not started after it are missing; nothing was paid twice.
		expect(refused).toContain(references(items)[error.context.itemIndex as number]);
		expect(Object.values(payoutsPerReference(suite.sandbox)).every((count) => count === 1)).toBe(
			true,
		);

		const output = await suite.run({ items, parameters: PAYOUT_PER_ROW });

		expect(output.map((item) => item.json.merchantReference)).toEqual(references(items));
		expect(output.map((item) => item.json.alreadySent)).toEqual(
			references(items).map((row) => paidFirst.includes(row)),
		);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
		expect(acceptedCreatesPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
	});

	it('a manual re-run on the same rows (default references) sends nothing and returns the first run’s payouts', async () => {
		const items = rows(3);

		const first = await suite.run({ items, parameters: PAYOUT_PER_ROW_DEFAULT_REFERENCE });
		const createsAfterFirstRun = requestsTo(suite.sandbox, 'createPayout').length;
		const second = await suite.run({ items, parameters: PAYOUT_PER_ROW_DEFAULT_REFERENCE });

		expect(createsAfterFirstRun).toBe(3);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(3);
		expect(first.map((item) => item.json.alreadySent)).toEqual([false, false, false]);
		expect(second.map((item) => item.json.alreadySent)).toEqual([true, true, true]);
		expect(second.map((item) => item.json.orderId)).toEqual(first.map((item) => item.json.orderId));
		expect(second.map((item) => item.json.merchantReference)).toEqual(
			first.map((item) => item.json.merchantReference),
		);
		expect(suite.sandbox.payouts).toHaveLength(3);
	});

	it('an error workflow’s “Retry execution” after a lost answer mid-way (Continue On Fail off) pays each row once', async () => {
		const items = rows(4);
		// In-Doubt Check off, so the lost answer ends the execution as an error (the check would find it).
		const parameters = payoutCreate({
			...PAYOUT_PER_ROW,
			reference: '={{ $json.row }}',
			options: { inDoubtCheckSeconds: 0, maxPayoutsPerSecond: 1 },
		});
		// The second create happens at TYLT, but its answer arrives cut in half.
		passCreates(1);
		suite.sandbox.injectFault('createPayout', { kind: 'malformedJson' });

		const error = await suite.fail({ items, parameters });

		expect(error.message).toContain('outcome of this payout is unknown');
		expect(error.context.itemIndex).toBe(1);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['row-1', 'row-2']));

		// The retry finds row-2 in fresh history (it is held in doubt), and sends rows 3 and 4.
		const output = await suite.run({ items, parameters });

		expect(output.map((item) => item.json.alreadySent)).toEqual([true, true, false, false]);
		expect(output[1].json.orderId).toBe(
			suite.sandbox.payouts.find((payout) => payout.comments === '[ref:row-2]')?.orderId,
		);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(4);
	});

	it('a webhook delivered twice (reference from the delivered invoice) pays once', async () => {
		// What a Webhook trigger hands on: the same JSON each time the sender delivers it.
		const delivery = (invoiceId: string, address: string) => ({
			body: { invoiceId, payTo: address, amount: 42 },
			headers: { 'content-type': 'application/json' },
		});
		const fromWebhook = payoutCreate({
			address: '={{ $json.body.payTo }}',
			baseAmount: '={{ $json.body.amount }}',
			reference: '={{ $json.body.invoiceId }}',
			options: {},
		});
		const invoice1 = delivery('INV-1001', tronAddress('webhook customer 1'));
		const invoice2 = delivery('INV-1002', tronAddress('webhook customer 2'));

		const [first] = await suite.run({ items: [invoice1], parameters: fromWebhook });
		const [other] = await suite.run({ items: [invoice2], parameters: fromWebhook });
		const [redelivered] = await suite.run({
			items: [JSON.parse(JSON.stringify(invoice1))],
			parameters: fromWebhook,
		});

		expect(first.json).toMatchObject({ alreadySent: false, merchantReference: 'INV-1001' });
		expect(other.json).toMatchObject({ alreadySent: false, merchantReference: 'INV-1002' });
		expect(redelivered.json).toMatchObject({
			alreadySent: true,
			merchantReference: 'INV-1001',
			orderId: first.json.orderId,
		});
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['INV-1001', 'INV-1002']));
		expect(acceptedCreatesPerReference(suite.sandbox)).toEqual(onceEach(['INV-1001', 'INV-1002']));
	});

	it('a queue-mode redelivery (the same job executed twice, one after the other) pays once', async () => {
		// Two executions at the same time in one n8n process: overlap.test.ts. In two processes (two
		// workers) both can still read history before either creates: the claim is per process.
		const items = rows(2);

		const firstExecution = await suite.run({ items, parameters: PAYOUT_PER_ROW });
		const secondExecution = await suite.run({ items, parameters: PAYOUT_PER_ROW });

		expect(firstExecution.map((item) => item.json.alreadySent)).toEqual([false, false]);
		expect(secondExecution.map((item) => item.json.alreadySent)).toEqual([true, true]);
		expect(secondExecution.map((item) => item.json.orderId)).toEqual(
			firstExecution.map((item) => item.json.orderId),
		);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
		expect(acceptedCreatesPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
	});
});

describe('one execution', () => {
	it('pays two items with the same reference once: the second returns the first’s payout', async () => {
		const [row] = rows(1);

		const output = await suite.run({ items: [row, { ...row }], parameters: PAYOUT_PER_ROW });

		expect(output.map((item) => item.json.alreadySent)).toEqual([false, true]);
		expect(output[1].json.orderId).toBe(output[0].json.orderId);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['row-1']));
	});

	it('pays two identical rows without a reference once (they get the same default reference)', async () => {
		const [row] = rows(1);

		const output = await suite.run({
			items: [row, { ...row }],
			parameters: PAYOUT_PER_ROW_DEFAULT_REFERENCE,
		});

		expect(output.map((item) => item.json.alreadySent)).toEqual([false, true]);
		expect(suite.sandbox.payouts).toHaveLength(1);
	});

	it('pays two identical rows twice when each has its own reference, as the README advises', async () => {
		const [row] = rows(1);

		const output = await suite.run({
			items: [row, { ...row, row: 'row-1-second' }],
			parameters: PAYOUT_PER_ROW,
		});

		expect(output.map((item) => item.json.alreadySent)).toEqual([false, false]);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['row-1', 'row-1-second']));
	});
});

describe('with Duplicate Guard off', () => {
	const unguarded = payoutCreate({
		...PAYOUT_PER_ROW,
		reference: '={{ $json.row }}',
		options: { duplicateGuard: false },
	});

	it('a re-run pays again: the guard is what prevents the second payment', async () => {
		const items = rows(2);

		await suite.run({ items, parameters: unguarded });
		const second = await suite.run({ items, parameters: unguarded });

		expect(second.map((item) => item.json.alreadySent)).toEqual([false, false]);
		expect(payoutsPerReference(suite.sandbox)).toEqual({ 'row-1': 2, 'row-2': 2 });
		expect(requestsTo(suite.sandbox, 'payoutHistory')).toHaveLength(0);
	});
});

itShowsNoSecret();
