/**
 * Bad input never reaches TYLT. Each case of the bad-input table runs a good item 0 and the bad item 1
 * through Payout → Create: every request the sandbox received belongs to item 0, and the error says nothing
 * was sent. How each error names the field, the value and the item is test/actions/payout/createValidation.test.ts.
 */
import { NodeOperationError } from 'n8n-workflow';

import {
	BAD_INPUTS,
	GOOD_ITEM,
	OPTIONS,
	PAYOUT_FROM_ITEM,
	TRON_CHECKSUM_BROKEN,
	badItem,
	goodItem,
	nodeFor,
	usdtOnTron,
} from '../support/badPayoutInputs';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const sentAddresses = () =>
	requestsTo(suite.sandbox, 'createPayout').map((request) => JSON.parse(request.rawBody).address);

it('covers at least 25 distinct bad inputs', () => {
	expect(new Set(BAD_INPUTS.map(([problem]) => problem)).size).toBe(BAD_INPUTS.length);
	expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(25);
});

describe.each(BAD_INPUTS)('a bad item: %s', (_problem, badFields) => {
	it('sends nothing of the batch, and its error says so', async () => {
		const { parameters, good } = nodeFor(badFields);
		const error = await suite.fail({ items: [good, badItem(badFields)], parameters });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(1);
		expect(error.description).toContain('Nothing was sent to TYLT');
		expect(error.description).toContain('no payout of this execution reached TYLT');
		// The batch's reads, and no create: the good item waits for the bad one's fix.
		expect(suite.sandbox.requests.map((request) => request.endpoint)).toEqual([
			'currencies',
			'payoutHistory',
		]);
		expect(sentAddresses()).toEqual([]);
		expect(suite.sandbox.payouts).toHaveLength(0);
	});
});

describe("a token's own contract as the recipient", () => {
	it('is refused before anything is sent, in words that say why', async () => {
		const error = await suite.fail({
			items: [badItem({ address: usdtOnTron.contractAddress })],
			parameters: PAYOUT_FROM_ITEM,
		});

		expect(error.message).toBe(
			`Invalid Address "${usdtOnTron.contractAddress}" in item 0: it is the USDT token contract on TRX, not a wallet: tokens sent to a token contract are lost for good`,
		);
		expect(error.description).toContain('Nothing was sent to TYLT');
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(suite.sandbox.payouts).toHaveLength(0);
	});
});

describe('an item wrong on its own fails before even the currency list is read', () => {
	it.each(OPTIONS)('%s', async (_problem, badFields, label) => {
		const error = await suite.fail({ items: [badItem(badFields)], parameters: PAYOUT_FROM_ITEM });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(label);
		expect(error.message).toContain('item 0');
		expect(suite.sandbox.requests).toHaveLength(0);
	});

	it('a Base Amount of 0', async () => {
		const error = await suite.fail({ parameters: payoutCreate({ baseAmount: 0 }) });

		expect(error.message).toContain('Invalid Base Amount 0 in item 0');
		expect(suite.sandbox.requests).toHaveLength(0);
	});
});

describe('a bad item among good ones', () => {
	const items = [goodItem('before'), badItem({ baseAmount: 'abc' }), goodItem('after')];

	it('without Continue On Fail sends nothing of the batch, and names the bad item', async () => {
		const error = await suite.fail({ items, parameters: PAYOUT_FROM_ITEM });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(1);
		expect(sentAddresses()).toEqual([]);
	});

	it('with Continue On Fail, bad items become error items and only the good ones are sent', async () => {
		const output = await suite.run({
			items: [
				GOOD_ITEM,
				badItem({ baseAmount: 'abc' }),
				badItem({ address: TRON_CHECKSUM_BROKEN }),
				badItem({ reference: 'INV 1001' }),
				goodItem('last good item'),
			],
			parameters: PAYOUT_FROM_ITEM,
			continueOnFail: true,
		});

		expect(output.map((item) => item.json.alreadySent)).toEqual([
			false,
			undefined,
			undefined,
			undefined,
			false,
		]);
		expect(sentAddresses()).toEqual([GOOD_ITEM.address, tronAddress('last good item')]);
	});
});

itShowsNoSecret();
