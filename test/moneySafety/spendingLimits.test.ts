/**
 * Issue #26: the TYLT node's Payout → Create with a credential that sets spending limits. The limits bind at
 * signing, so the node's own code needs nothing to obey them: over a limit the create is never sent and the
 * item's error says so; within the limits it pays as usual.
 */
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('recipient');
const limited = () => ({
	...credentialsFor(suite.sandbox),
	maxAmountPerPayout: 'USDT 100, EUR 90',
	allowedAddresses: RECIPIENT,
});
const creates = () => requestsTo(suite.sandbox, 'createPayout');

it('pays a payout within the limits', async () => {
	const output = await suite.run({
		credentials: limited(),
		parameters: payoutCreate({ baseAmount: 100 }),
	});

	expect(output[0].json.status).toBe('Pending');
	expect(suite.sandbox.payouts).toHaveLength(1);
});

it.each([
	[
		'over Max Amount per Payout',
		{ baseAmount: 100.01 },
		/100\.01 USDT is above Max Amount per Payout for USDT \(100 USDT\)/,
	],
	[
		'to a recipient not allowed',
		{ address: tronAddress('someone else') },
		/is not in Allowed Recipient Addresses/,
	],
	[
		'sized in a fiat currency over its limit',
		{ baseAmount: 91, amountIn: 'fiat', baseCurrency: 'EUR', additionalFields: {} },
		/91 EUR is above/,
	],
])(
	'sends nothing for a payout %s, and the error says which limit',
	async (_case, overrides, reason) => {
		const error = await suite.fail({ credentials: limited(), parameters: payoutCreate(overrides) });

		expect(error.message).toMatch(reason);
		expect(error.description).toMatch(/Nothing was sent to TYLT/);
		expect(creates()).toEqual([]);
		expect(suite.sandbox.payouts).toEqual([]);
	},
);

it('with Continue On Fail, pays the items within the limits and none above', async () => {
	const parameters = payoutCreate({
		baseAmount: '={{ $json.amount }}',
		address: '={{ $json.address }}',
	});
	const items = [
		{ amount: 40, address: RECIPIENT },
		{ amount: 400, address: RECIPIENT },
		{ amount: 60, address: RECIPIENT },
	];
	const output = await suite.run({
		credentials: limited(),
		parameters,
		items,
		continueOnFail: true,
	});

	expect(output.map((item) => (item.json.error ? 'refused' : 'paid'))).toEqual([
		'paid',
		'refused',
		'paid',
	]);
	expect(creates().map((request) => JSON.parse(request.rawBody).baseAmount)).toEqual([40, 60]);
});

it('a limit written wrong stops every payout, naming the field and the text', async () => {
	const error = await suite.fail({
		credentials: { ...limited(), maxAmountPerPayout: 'USDT 1e2' },
		parameters: payoutCreate({ baseAmount: 10 }),
	});

	expect(error.message).toContain('Max Amount per Payout cannot be read: "USDT 1e2"');
	expect(creates()).toEqual([]);
});

itShowsNoSecret();
