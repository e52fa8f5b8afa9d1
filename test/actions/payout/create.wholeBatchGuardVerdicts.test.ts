/**
 * Version 2 without Continue On Fail checks the batch whole, the duplicate guard's verdicts included: a reference
 * TYLT history holds for another payout, or one held in doubt, is known before the first create, so a batch with
 * such a row sends nothing and its one error names each such row and why. Dry Run reaches the same verdicts.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { requestsTo, tronAddress } from '../../support/sandboxKit';
import { onceEach, payoutsPerReference, useMoneySafetySandbox } from '../../support/moneySafetyKit';
import { batchCreate, heldForAnotherAmount, heldInDoubt } from '../../support/wholeBatchKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const creates = () => requestsTo(suite.sandbox, 'createPayout');
const historyReads = () => requestsTo(suite.sandbox, 'payoutHistory');

const rows = (count = 10) =>
	Array.from({ length: count }, (_, index) => ({
		row: `row-${index}`,
		address: tronAddress(`whole batch ${index}`),
	}));

/** The rows carry no amount: each asks the default 25 USDT. */
const batch = (options: Record<string, unknown> = {}) =>
	batchCreate(options, { amountFromRow: false });

it('a reference TYLT history holds for another amount on item 7: nothing is paid, one error names item 7 and why', async () => {
	const items = rows();
	const other = heldForAnotherAmount(suite.sandbox, items[7]);

	const error = await suite.fail({ items, parameters: batch() });

	expect(creates()).toHaveLength(0);
	expect(suite.sandbox.payouts).toEqual([other]);
	expect(error.message).toContain(
		`Reference "row-7" of item 7 is already used by TYLT payout ${other.orderId}, which pays something else`,
	);
	expect(error.description).toMatch(/amount 99 there, 25 in this item/);
	expect(error.description).toContain('no payout of this execution reached TYLT');
	expect(error.context.itemIndex).toBe(7);
});

it('a reference held in doubt on item 9: nothing is paid, the error names item 9 and says to check TYLT first', async () => {
	const items = rows();
	await heldInDoubt(suite, items[9], batch());
	const readsBefore = historyReads().length;

	const error = await suite.fail({ items, parameters: batch() });

	// The one create is the lost one of before.
	expect(creates()).toHaveLength(1);
	expect(suite.sandbox.payouts).toHaveLength(0);
	expect(error.message).toMatch(/^Reference "row-9" of item 9 is in doubt.*Check TYLT first/);
	expect(error.description).toContain('no payout of this execution reached TYLT');
	expect(error.context.itemIndex).toBe(9);
	// The execution's one history read decides every row: none more for the row in doubt.
	expect(historyReads().length - readsBefore).toBe(1);
});

it('two such rows: nothing is paid, and the one error names both with their reasons', async () => {
	const items = rows();
	const other = heldForAnotherAmount(suite.sandbox, items[2]);
	await heldInDoubt(suite, items[5], batch());

	const error = await suite.fail({ items, parameters: batch() });

	expect(creates()).toHaveLength(1);
	expect(suite.sandbox.payouts).toEqual([other]);
	expect(error.message).toContain('No payout was sent: items 2, 5 cannot be paid as they are');
	expect(error.description).toContain(
		`Item 2: Reference "row-2" of item 2 is already used by TYLT payout ${other.orderId}`,
	);
	expect(error.description).toMatch(/Item 5: Reference "row-5" of item 5 is in doubt/);
	expect(error.context.itemIndex).toBe(2);
});

it('a reference already paid for this very payout is a skip, not a refusal: the rest are paid', async () => {
	const items = rows(4);
	const [paid] = await suite.run({ items: [items[1]], parameters: batch() });

	const output = await suite.run({ items, parameters: batch() });

	expect(output.map((item) => item.json.outcome)).toEqual(['sent', 'skipped', 'sent', 'sent']);
	expect(output[1].json.orderId).toBe(paid.json.orderId);
	expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(items.map((item) => item.row)));
});

/** What a run decided for each row: sent, skipped, or refused with the reason it gives. */
function verdictsOfDryRun(output: INodeExecutionData[]): string[] {
	return output.map(({ json }) => {
		if (json.error !== undefined) return `refused: ${String(json.error)}`;
		if (json.inDoubt === true) return 'refused: in doubt';
		if (json.alreadySent === true) return 'skipped';
		return json.wouldSend === true ? 'sent' : 'refused';
	});
}

function verdictsOfRefusedRun(description: string, rowCount: number, skipped: number[]): string[] {
	return Array.from({ length: rowCount }, (_, index) => {
		const named = new RegExp(`^Item ${index}: (.*)$`, 'm').exec(description);
		if (!named) return skipped.includes(index) ? 'skipped' : 'sent';
		return /is in doubt/.test(named[1]) ? 'refused: in doubt' : `refused: ${named[1]}`;
	});
}

it('Dry Run reports the same verdict for each row as the real run’s one error', async () => {
	const items = rows();
	heldForAnotherAmount(suite.sandbox, items[2]);
	await heldInDoubt(suite, items[5], batch());
	await suite.run({ items: [items[8]], parameters: batch() });

	// With Continue On Fail a dry run reports every row, a refused one as its error item.
	const dry = await suite.run({
		items,
		parameters: batch({ dryRun: true }),

		continueOnFail: true,
	});
	const real = await suite.fail({ items, parameters: batch() });

	const verdicts = verdictsOfDryRun(dry);
	expect(verdicts.filter((verdict) => verdict.startsWith('refused'))).toHaveLength(2);
	expect(verdictsOfRefusedRun(String(real.description), items.length, [8])).toEqual(verdicts);
	expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['row-2', 'row-8']));
});

it('with Continue On Fail, the rows known bad are error items and every other row is paid', async () => {
	const items = rows();
	heldForAnotherAmount(suite.sandbox, items[2]);
	await heldInDoubt(suite, items[5], batch());

	const output = await suite.run({
		items,
		parameters: batch(),

		continueOnFail: true,
	});

	expect(output.map((item) => item.json.error === undefined)).toEqual(
		items.map((_, index) => index !== 2 && index !== 5),
	);
	expect(String(output[5].json.error)).toContain('is in doubt');
	expect(payoutsPerReference(suite.sandbox)).toEqual(
		onceEach(items.filter((_, index) => index !== 5).map((item) => item.row)),
	);
});

itShowsNoSecret();
