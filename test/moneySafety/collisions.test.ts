/**
 * A reference already used by a payout that pays something else (another recipient, network, currency or
 * amount) is a mistake in the workflow, not a re-run: the node stops with an error naming the reference,
 * the item and the existing payout, sends nothing, and never reports the other payout as this one.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PayoutRecord } from '../../sandbox';
import { EVM_ADDRESS, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { until, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('collision recipient');
const creates = () => requestsTo(suite.sandbox, 'createPayout');

/** The item: 25 USDT on TRX to ADDRESS, reference row-60. */
const ITEM = payoutCreate({ address: ADDRESS, reference: 'row-60', options: {} });

/** A payout in TYLT history with the item's reference and the item's details, except `overrides`. */
function seedWithReference(overrides: Partial<PayoutRecord> = {}): PayoutRecord {
	return suite.sandbox.seedPayouts(1, {
		comments: '[ref:row-60] June payout',
		toAddress: ADDRESS,
		settledCurrency: 'USDT',
		network: 'TRX',
		settledAmountRequested: 25,
		...overrides,
	})[0];
}

async function expectCollision(parameters: INodeParameters, existing: PayoutRecord, itemIndex = 0) {
	const error = await suite.fail({ parameters });
	expect(error).toBeInstanceOf(NodeOperationError);
	expect(error.message).toContain('"row-60"');
	expect(error.message).toContain(`item ${itemIndex}`);
	expect(error.message).toContain(existing.orderId);
	expect(error.message).toContain('nothing was sent');
	expect(error.context.itemIndex).toBe(itemIndex);
	expect(creates()).toHaveLength(0);
	return error;
}

describe('a payout in TYLT history with the item’s reference', () => {
	it.each<[string, Partial<PayoutRecord>, RegExp]>([
		[
			'another address',
			{ toAddress: tronAddress('someone else') },
			/address T\w+ there, T\w+ in this item/,
		],
		['another network', { network: 'BSC' }, /network BSC there, TRX in this item/],
		[
			'another settled currency',
			{ settledCurrency: 'USDC' },
			/settled currency USDC there, USDT in this item/,
		],
		['another amount', { settledAmountRequested: 250 }, /amount 250 there, 25 in this item/],
		['an amount sized in fiat', { baseCurrency: 'EUR', baseAmount: 25 }, /amount in EUR there/],
		['no amount at all', { settledAmountRequested: undefined }, /amount \(none\) there/],
	])(
		'with %s: an error naming reference, item and payout; nothing is sent',
		async (_case, overrides, says) => {
			const existing = seedWithReference(overrides);

			const error = await expectCollision(ITEM, existing);

			expect(error.description).toMatch(says);
		},
	);

	it('with the same details is that payout: alreadySent', async () => {
		const existing = seedWithReference();

		const [output] = await suite.run({ parameters: ITEM });

		expect(output.json).toMatchObject({ alreadySent: true, orderId: existing.orderId });
	});

	it('the same EVM address in other letter case is the same recipient', async () => {
		const existing = seedWithReference({ toAddress: EVM_ADDRESS.toLowerCase(), network: 'BSC' });

		const [output] = await suite.run({
			parameters: payoutCreate({
				networkSymbol: 'BSC',
				address: EVM_ADDRESS,
				reference: 'row-60',
				options: {},
			}),
		});

		expect(output.json).toMatchObject({ alreadySent: true, orderId: existing.orderId });
	});

	it('an amount given as text in the record is compared by value', async () => {
		const existing = seedWithReference({ settledAmountRequested: '25.0' as unknown as number });

		const [output] = await suite.run({ parameters: ITEM });

		expect(output.json).toMatchObject({ alreadySent: true, orderId: existing.orderId });
	});
});

describe('amounts are compared as exact decimals', () => {
	const inv7 = (baseAmount: number | string) =>
		payoutCreate({ address: ADDRESS, baseAmount, reference: 'row-60', options: {} });

	it.each<[string, number | string, number | string]>([
		['50,000 against 49,999.99996 in history (INV-7)', 49999.99996, 50000],
		['50,000 against 49,999.99996 written as text', '49999.99996', 50000],
		['amounts differing in the sixth decimal', 5000.000001, 5000],
		['amounts differing in the sixth decimal, the item as text', 5000, '5000.000001'],
	])('%s: a collision, nothing sent', async (_case, inHistory, inItem) => {
		const existing = seedWithReference({ settledAmountRequested: inHistory as number });

		const error = await expectCollision(inv7(inItem), existing);

		expect(error.description).toContain(
			`amount ${inHistory} there, ${Number(inItem)} in this item`,
		);
		expect(suite.sandbox.payouts).toHaveLength(1);
	});

	it.each<[string, number | string, number | string]>([
		['50000 and "50000.00"', '50000.00', 50000],
		['5e4 and 50000 typed as text', 5e4, '50000'],
		['"5e4" in history and 50000', '5e4', 50000],
		['49999.99996 as a number and as text', 49999.99996, '49999.99996'],
		['49999.99996 as text and as a number', '49999.99996', 49999.99996],
	])(
		'the same amount spelled two ways (%s) is that payout: alreadySent, no double pay',
		async (_case, inHistory, inItem) => {
			const existing = seedWithReference({ settledAmountRequested: inHistory as number });

			const [output] = await suite.run({ parameters: inv7(inItem) });

			expect(output.json).toMatchObject({ alreadySent: true, orderId: existing.orderId });
			expect(creates()).toHaveLength(0);
		},
	);

	it('an item in fiat against a record whose baseAmount differs in the sixth decimal: a collision', async () => {
		const existing = seedWithReference({
			baseAmount: 5000.000001,
			baseCurrency: 'EUR',
			settledAmountRequested: 5400,
		});

		const error = await expectCollision(
			payoutCreate({
				address: ADDRESS,
				baseAmount: 5000,
				amountIn: 'fiat',
				baseCurrency: 'EUR',
				additionalFields: {},
				reference: 'row-60',
				options: {},
			}),
			existing,
		);

		expect(error.description).toContain('amount 5000.000001 EUR there, 5000 EUR in this item');
	});
});

describe('an item in fiat (Base Currency)', () => {
	const IN_EUR = payoutCreate({
		address: ADDRESS,
		baseAmount: 100,
		amountIn: 'fiat',
		baseCurrency: 'EUR',
		additionalFields: {},
		reference: 'row-60',
		options: {},
	});

	it('matches a record carrying the same baseAmount and baseCurrency', async () => {
		const existing = seedWithReference({
			baseAmount: 100,
			baseCurrency: 'EUR',
			settledAmountRequested: 108,
		});

		const [output] = await suite.run({ parameters: IN_EUR });

		expect(output.json).toMatchObject({ alreadySent: true, orderId: existing.orderId });
	});

	it('collides with a record carrying another fiat amount', async () => {
		const existing = seedWithReference({
			baseAmount: 90,
			baseCurrency: 'EUR',
			settledAmountRequested: 97.2,
		});

		const error = await expectCollision(IN_EUR, existing);

		expect(error.description).toMatch(/amount 90 EUR there, 100 EUR in this item/);
	});

	it('against a record without baseAmount/baseCurrency, compares recipient, network and currency only', async () => {
		// The crypto amount is TYLT's conversion at its own rate: it cannot be compared with 100 EUR.
		const existing = seedWithReference({ settledAmountRequested: 108 });

		const [output] = await suite.run({ parameters: IN_EUR });

		expect(output.json).toMatchObject({ alreadySent: true, orderId: existing.orderId });
	});
});

describe('within one execution', () => {
	it('a second item giving the first item’s reference to another amount is refused before the first create, naming the first item; the first is paid', async () => {
		const output = await suite.run({
			items: [{ amount: 25 }, { amount: 30 }],
			parameters: payoutCreate({
				address: ADDRESS,
				baseAmount: '={{ $json.amount }}',
				reference: 'row-60',
				options: {},
			}),
			continueOnFail: true,
		});

		expect(output[0].json).toMatchObject({ alreadySent: false });
		expect(output[1].json.error).toContain(
			'"row-60" of item 1 is already used by item 0 of this batch, which pays something else',
		);
		expect(suite.sandbox.payouts).toHaveLength(1);
	});
});

describe('a collision found by the In-Doubt Check, after this item’s own create got no answer', () => {
	it('does not say nothing was sent: it keeps the unknown-outcome advice', async () => {
		suite.sandbox.injectFault('createPayout', { kind: 'drop' });
		// Another workflow (guard off) pays something else under the same reference while ours is in doubt.
		const run = suite.fail({
			parameters: payoutCreate({
				address: ADDRESS,
				reference: 'row-60',
				options: { inDoubtCheckSeconds: 3 },
			}),
		});
		await until(() => creates().length === 1, 'the create to reach TYLT');
		const other = seedWithReference({ settledAmountRequested: 40 });

		const error = await run;

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(other.orderId);
		expect(error.message).toContain('which pays something else');
		expect(error.message).not.toContain('nothing was sent');
		expect(error.message).toContain('outcome of this item’s own create is unknown');
		expect(error.description).toContain('Do not create it again by hand');
		expect(error.description).toContain('[ref:row-60]');
	});
});

describe('a payout whose comment begins with another reference and ends with this one', () => {
	it('may be a payout the previous version tagged at the end: an error, nothing sent, nothing claimed', async () => {
		const existing = seedWithReference({ comments: '[ref:row-59] moved to [ref:row-60]' });

		const error = await expectCollision(ITEM, existing);

		expect(error.message).toContain('may belong to');
	});
});

itShowsNoSecret();
