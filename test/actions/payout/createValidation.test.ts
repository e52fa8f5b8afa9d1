/**
 * Payout → Create tells the user which item is wrong, how, and why: a NodeOperationError naming the field (as
 * labelled in the panel), the value as the item gave it, and the item. That nothing is sent for such an item is
 * test/moneySafety/badInput.test.ts; each field's rules on their own are test/payout/validation.test.ts.
 */
import { NodeOperationError } from 'n8n-workflow';

import { SEEDED_CURRENCIES, USD_RATES } from '../../../sandbox';
import {
	BAD_INPUTS,
	GOOD_ITEM,
	PAYOUT_FROM_ITEM,
	TRON_CHECKSUM_BROKEN,
	badItem,
	nodeFor,
	goodItem,
	usdtOnTron,
} from '../../support/badPayoutInputs';
import { payoutCreate, requestsTo, tronAddress, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

const closedForWithdrawals = SEEDED_CURRENCIES.flatMap((currency) =>
	currency.networks
		.filter((network) => network.canWithdraw === 0)
		.map((network) => ({
			settledCurrency: currency.currencySymbol,
			networkSymbol: network.networkSymbol,
		})),
)[0];

describe.each(BAD_INPUTS)('a bad item: %s', (_problem, badFields, label, shownValue) => {
	it('is refused naming the field, the value and the item', async () => {
		const { parameters, good } = nodeFor(badFields);
		const error = await tylt.fail({ items: [good, badItem(badFields)], parameters });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(1);
		expect(error.message).toContain(label);
		expect(error.message).toContain(shownValue);
		expect(error.message).toContain('item 1');
	});
});

describe('the wording', () => {
	it('reads "Invalid <field> <value> in item <n>: <reason>"', async () => {
		const error = await tylt.fail({
			items: [goodItem('good 0'), goodItem('good 1'), badItem({ baseAmount: -5 })],
			parameters: PAYOUT_FROM_ITEM,
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(2);
		expect(error.message).toBe('Invalid Base Amount -5 in item 2: it must be greater than 0');
	});

	it('reports canWithdraw 0 as the reason a network is refused', async () => {
		const error = await tylt.fail({ parameters: payoutCreate(closedForWithdrawals) });

		expect(error.message).toContain('canWithdraw 0');
	});
});

describe('an item let through to TYLT', () => {
	it('accepts an amount given as a numeric string and sends it as a JSON number', async () => {
		await tylt.run({ parameters: payoutCreate({ baseAmount: '={{ "15" }}' }) });

		const [create] = requestsTo(sandbox, 'createPayout');
		expect(create.rawBody).toContain('"baseAmount":15,');
		expect(create.status).toBe(200);
	});

	it('does not bound a fiat amount by the crypto maximum: TYLT converts it at its own rate', async () => {
		const fiatAmount = usdtOnTron.maximumWithdrawal + 10000;

		await tylt.run({
			parameters: payoutCreate({
				baseAmount: fiatAmount,
				amountIn: 'fiat',
				baseCurrency: 'INR',
				additionalFields: {},
			}),
		});

		expect(requestsTo(sandbox, 'createPayout').map((request) => request.status)).toEqual([200]);
		expect(sandbox.payouts[0].settledAmountRequested).toBeCloseTo(fiatAmount * USD_RATES.INR, 6);
	});
});

describe('with Continue On Fail', () => {
	it('a bad item becomes an error item paired with its input, between the good items’ outputs', async () => {
		const output = await tylt.run({
			items: [goodItem('before'), badItem({ baseAmount: 'abc' }), goodItem('after')],
			parameters: PAYOUT_FROM_ITEM,
			continueOnFail: true,
		});

		expect(output).toHaveLength(3);
		expect(output[0]).toMatchObject({
			json: { toAddress: tronAddress('before') },
			pairedItem: { item: 0 },
		});
		expect(output[1]).toEqual({ json: { error: expect.any(String) }, pairedItem: { item: 1 } });
		expect(output[1].json.error).toContain('Base Amount');
		expect(output[1].json.error).toContain('"abc"');
		expect(output[1].json.error).toContain('item 1');
		expect(output[2]).toMatchObject({
			json: { toAddress: tronAddress('after') },
			pairedItem: { item: 2 },
		});
	});

	it('each error item names its own field, value and item', async () => {
		const output = await tylt.run({
			items: [
				GOOD_ITEM,
				badItem({ baseAmount: 'abc' }),
				badItem({ address: TRON_CHECKSUM_BROKEN }),
				badItem({ reference: 'INV 1001' }),
			],
			parameters: PAYOUT_FROM_ITEM,
			continueOnFail: true,
		});

		expect(output.slice(1, 4).map((item) => item.json.error)).toEqual([
			expect.stringContaining('Invalid Base Amount "abc" in item 1'),
			expect.stringContaining(`Invalid Address "${TRON_CHECKSUM_BROKEN}" in item 2`),
			expect.stringContaining('Invalid Reference "INV 1001" in item 3'),
		]);
	});
});
