/**
 * A switch option (Dry Run, Duplicate Guard, Check Balance First, Send Reference as Merchant Order ID) that is
 * on the panel but is not true or false: an expression reading a column a row lacks, the text "false" from a
 * sheet, or a number in a workflow written by hand or by an AI builder. Read as its default or as "truthy", a Dry
 * Run reading a missing column paid for real, and the text "false" turned a Dry Run on. The node cannot know which
 * was meant, so it refuses the item, names the field, the value and the item, and sends nothing for it.
 */
import type { IDataObject } from 'n8n-workflow';

import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

function rows(prefix: string, columns: IDataObject[]): IDataObject[] {
	return columns.map((column, index) => ({
		row: `${prefix}-${index}`,
		address: tronAddress(`${prefix} recipient ${index}`),
		...column,
	}));
}

const batch = (options: IDataObject) =>
	payoutCreate({ address: '={{ $json.address }}', reference: '={{ $json.row }}', options });

describe('a switch that is not true or false refuses the batch, and nothing is sent', () => {
	it.each<[string, IDataObject, RegExp]>([
		[
			'Dry Run reading a column the row lacks',
			{ dryRun: '={{ $json.testMode }}' },
			/^Item 0: Dry Run is empty in item 0: it must be true or false/,
		],
		[
			'Dry Run as the text "false"',
			{ dryRun: '={{ "false" }}' },
			/^Item 0: Invalid Dry Run "false" in item 0/,
		],
		['Dry Run saved as the number 1', { dryRun: 1 }, /^Item 0: Invalid Dry Run 1 in item 0/],
		[
			'Check Balance First saved as the number 1',
			{ checkBalanceFirst: 1 },
			/^Item 0: Invalid Check Balance First 1 in item 0/,
		],
		[
			'Duplicate Guard as the text "false"',
			{ duplicateGuard: '={{ "false" }}' },
			/^Item 0: Invalid Duplicate Guard "false" in item 0/,
		],
		[
			'Send Reference as Merchant Order ID as the text "yes"',
			{ referenceAsMerchantOrderId: '={{ "yes" }}' },
			/^Item 0: Invalid Send Reference as Merchant Order ID "yes" in item 0/,
		],
	])('%s', async (_case, options, message) => {
		const error = await suite.fail({
			items: rows('odd-switch', [{}, {}]),
			parameters: batch(options),
		});

		expect(error.message).toBe('No payout was sent: items 0, 1 cannot be paid as they are');
		expect(error.description).toMatch(message);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	});
});

describe('with Continue On Fail, only the row whose switch is not true or false is refused', () => {
	it('previews the rows that say Dry Run, and refuses the one whose Dry Run column is missing', async () => {
		const output = await suite.run({
			items: rows('dry-column', [{ testMode: true }, {}, { testMode: true }]),
			continueOnFail: true,
			parameters: batch({ dryRun: '={{ $json.testMode }}' }),
		});

		expect(output.map((item) => item.json.dryRun ?? item.json.error)).toEqual([
			true,
			expect.stringMatching(/^Dry Run is empty in item 1/),
			true,
		]);
		expect(payoutsPerReference(suite.sandbox)).toEqual({});
	});

	it('sends the rows whose Dry Run is false, and refuses the one that says "false" as text', async () => {
		const output = await suite.run({
			items: rows('dry-text', [{ testMode: false }, { testMode: 'false' }]),
			continueOnFail: true,
			parameters: batch({ dryRun: '={{ $json.testMode }}' }),
		});

		expect(output.map((item) => item.json.outcome ?? item.json.error)).toEqual([
			'sent',
			expect.stringMatching(/^Invalid Dry Run "false" in item 1/),
		]);
		expect(payoutsPerReference(suite.sandbox)).toEqual({ 'dry-text-0': 1 });
	});
});

// Followed for Dry Run, the comparison a refusal advises must read a row without the column as a dry run: one
// that reads it as false would pay the row for real, the loss the refusal exists to prevent.
describe('Dry Run written as the comparison its refusal advises', () => {
	it('pays only the row whose sheet says FALSE, never the row without the column', async () => {
		const refusal = await suite.fail({
			items: rows('advice-asked', [{ testMode: 'TRUE' }]),
			parameters: batch({ dryRun: '={{ $json.testMode }}' }),
		});
		const advised = /\{\{ (.+?) \}\}/.exec(refusal.message)?.[1];
		expect(advised).toContain('$json.column');

		const output = await suite.run({
			items: rows('advice-followed', [{ testMode: 'TRUE' }, {}, { testMode: 'FALSE' }]),
			continueOnFail: true,
			parameters: batch({
				dryRun: `={{ ${String(advised).replace('$json.column', '$json.testMode')} }}`,
			}),
		});

		expect(output[0].json.dryRun).toBe(true);
		expect(payoutsPerReference(suite.sandbox)).toEqual({ 'advice-followed-2': 1 });
	});
});

itShowsNoSecret();
