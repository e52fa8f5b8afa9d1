/**
 * Payout → Create refuses a bad item before anything is sent for it: no create request leaves for that item,
 * and the error names the field (as labelled in the panel), the value and the item.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runTyltNode } from '../../harness/n8nContext';
import { SEEDED_CURRENCIES, USD_RATES } from '../../sandbox';
import {
	credentialsFor,
	failureOf,
	payoutCreate,
	requestsTo,
	tronAddress,
	useSandbox,
} from '../../helpers/sandboxKit';

const sandbox = useSandbox();

/** Every payout parameter comes from the item, so one run can mix good and bad items. */
const PAYOUT_FROM_ITEM = payoutCreate({
	settledCurrency: '={{ $json.settledCurrency }}',
	networkSymbol: '={{ $json.networkSymbol }}',
	address: '={{ $json.address }}',
	baseAmount: '={{ $json.baseAmount }}',
	additionalFields: {
		baseCurrency: '={{ $json.baseCurrency }}',
		callBackUrl: '={{ $json.callBackUrl }}',
		redirectUrl: '={{ $json.redirectUrl }}',
	},
});

function goodItem(recipient: string): IDataObject {
	return {
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		address: tronAddress(recipient),
		baseAmount: 25,
	};
}

/** A valid address with `insert` put into its middle. */
function addressWith(insert: string): string {
	const address = tronAddress('bad recipient');
	return address.slice(0, 8) + insert + address.slice(8);
}

const usdtOnTron = SEEDED_CURRENCIES.find(
	(currency) => currency.currencySymbol === 'USDT',
)!.networks.find((network) => network.networkSymbol === 'TRX')!;

const closedForWithdrawals = SEEDED_CURRENCIES.flatMap((currency) =>
	currency.networks
		.filter((network) => network.canWithdraw === 0)
		.map((network) => ({
			settledCurrency: currency.currencySymbol,
			networkSymbol: network.networkSymbol,
		})),
)[0];

function sentAddresses(): unknown[] {
	return requestsTo(sandbox, 'createPayout').map((request) => JSON.parse(request.rawBody).address);
}

describe('an item refused before sending', () => {
	// [what is wrong, how the item differs from a good one, the field's label, the value as the message shows it]
	const cases: Array<[string, IDataObject, string, string]> = [
		['an unknown currency', { settledCurrency: 'DOGE' }, 'Settled Currency', '"DOGE"'],
		[
			'a network the currency is not offered on',
			{ settledCurrency: 'DAI', networkSymbol: 'TRX' },
			'Network',
			'"TRX"',
		],
		[
			'a network with canWithdraw 0',
			closedForWithdrawals,
			'Network',
			`"${closedForWithdrawals.networkSymbol}"`,
		],
		[
			'an amount below the network minimum',
			{ baseAmount: usdtOnTron.minimumWithdrawal - 0.000001 },
			'Base Amount',
			String(usdtOnTron.minimumWithdrawal - 0.000001),
		],
		[
			'an amount above the network maximum',
			{ baseAmount: usdtOnTron.maximumWithdrawal + 0.5 },
			'Base Amount',
			String(usdtOnTron.maximumWithdrawal + 0.5),
		],
		['an amount of 0', { baseAmount: 0 }, 'Base Amount', '0'],
		['a negative amount', { baseAmount: -5 }, 'Base Amount', '-5'],
		['an amount that is NaN', { baseAmount: NaN }, 'Base Amount', 'NaN'],
		['an amount that is text', { baseAmount: 'abc' }, 'Base Amount', '"abc"'],
		['an infinite amount', { baseAmount: Infinity }, 'Base Amount', 'Infinity'],
		['an empty address', { address: '' }, 'Address', '""'],
		[
			'an address with a space',
			{ address: addressWith(' ') },
			'Address',
			JSON.stringify(addressWith(' ')),
		],
		[
			'an address with a line break',
			{ address: addressWith('\n') },
			'Address',
			JSON.stringify(addressWith('\n')), // the line break shown as \n
		],
		['a 2-letter base currency', { baseCurrency: 'US' }, 'Base Currency', '"US"'],
		['a numeric base currency', { baseCurrency: '840' }, 'Base Currency', '"840"'],
		['a 4-letter base currency', { baseCurrency: 'USDX' }, 'Base Currency', '"USDX"'],
		['an ftp callback URL', { callBackUrl: 'ftp://x' }, 'Callback URL', '"ftp://x"'],
		['a relative callback URL', { callBackUrl: '/relative' }, 'Callback URL', '"/relative"'],
		[
			'a callback URL that is not a URL',
			{ callBackUrl: 'not a url' },
			'Callback URL',
			'"not a url"',
		],
		[
			'a redirect URL without a scheme',
			{ redirectUrl: 'shop.example.com/done' },
			'Redirect URL',
			'"shop.example.com/done"',
		],
		[
			'a javascript: redirect URL',
			{ redirectUrl: 'javascript:alert(1)' },
			'Redirect URL',
			'"javascript:alert(1)"',
		],
	];

	it.each(cases)(
		'%s: names the field, value and item, and sends nothing for it',
		async (_problem, badFields, label, shownValue) => {
			const error = await failureOf(
				runTyltNode({
					credentials: credentialsFor(sandbox),
					items: [goodItem('good 0'), goodItem('good 1'), { ...goodItem('bad 2'), ...badFields }],
					parameters: PAYOUT_FROM_ITEM,
				}),
			);

			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.context.itemIndex).toBe(2);
			expect(error.message).toContain(label);
			expect(error.message).toContain(shownValue);
			expect(error.message).toContain('item 2');
			expect(sentAddresses()).toEqual([tronAddress('good 0'), tronAddress('good 1')]);
		},
	);

	it('refuses an item whose own fields are wrong before any request at all, even the currency list', async () => {
		const error = await failureOf(
			runTyltNode({
				credentials: credentialsFor(sandbox),
				parameters: payoutCreate({ baseAmount: 0 }),
			}),
		);

		expect(error.message).toContain('Invalid Base Amount 0 in item 0');
		expect(sandbox.requests).toHaveLength(0);
	});

	it('reports canWithdraw 0 as the reason a network is refused', async () => {
		const error = await failureOf(
			runTyltNode({
				credentials: credentialsFor(sandbox),
				parameters: payoutCreate(closedForWithdrawals),
			}),
		);

		expect(error.message).toContain('canWithdraw 0');
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});
});

describe('an item let through to TYLT', () => {
	it('accepts an amount given as a numeric string and sends it as a JSON number', async () => {
		await runTyltNode({
			credentials: credentialsFor(sandbox),
			parameters: payoutCreate({ baseAmount: '={{ "15" }}' }),
		});

		const [create] = requestsTo(sandbox, 'createPayout');
		expect(create.rawBody).toContain('"baseAmount":15,');
		expect(create.status).toBe(200);
	});

	it('does not bound a fiat amount by the crypto maximum: TYLT converts it at its own rate', async () => {
		const fiatAmount = usdtOnTron.maximumWithdrawal + 10000;

		await runTyltNode({
			credentials: credentialsFor(sandbox),
			parameters: payoutCreate({
				baseAmount: fiatAmount,
				additionalFields: { baseCurrency: 'INR' },
			}),
		});

		expect(requestsTo(sandbox, 'createPayout').map((request) => request.status)).toEqual([200]);
		expect(sandbox.payouts[0].settledAmountRequested).toBeCloseTo(fiatAmount * USD_RATES.INR, 6);
	});
});

describe('a bad item among good ones', () => {
	const items = [goodItem('before'), { ...goodItem('bad'), baseAmount: 'abc' }, goodItem('after')];

	it('with Continue On Fail becomes an error item paired with its input, and the good items are still sent', async () => {
		const output = await runTyltNode({
			credentials: credentialsFor(sandbox),
			items,
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
		expect(sentAddresses()).toEqual([tronAddress('before'), tronAddress('after')]);
	});

	it('without Continue On Fail stops the execution there: items before it were sent, none after', async () => {
		const error = await failureOf(
			runTyltNode({ credentials: credentialsFor(sandbox), items, parameters: PAYOUT_FROM_ITEM }),
		);

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(1);
		expect(sentAddresses()).toEqual([tronAddress('before')]);
	});
});
