/** validatePayout on its own: one item's parameters in, the exact create body (or the first problem) out. */
import { NodeOperationError } from 'n8n-workflow';

import { CurrencyCatalog } from '../../nodes/Tylt/helpers/currencyCatalog';
import type { CurrencyRecord } from '../../nodes/Tylt/transport/records';
import {
	checkPayoutFields,
	validatePayout,
	type PayoutInput,
} from '../../nodes/Tylt/payout/validation';
import { SEEDED_CURRENCIES } from '../../sandbox';
import { EVM_ADDRESS, tronAddress } from '../support/sandboxKit';
import { workflowNode } from '../../tools/harness/workflowNode';

const node = workflowNode('tylt');

const catalog = new CurrencyCatalog(structuredClone(SEEDED_CURRENCIES) as CurrencyRecord[]);

const usdtTron = SEEDED_CURRENCIES[0].networks.find((network) => network.networkSymbol === 'TRX')!;

const RECIPIENT = tronAddress('recipient');

const payout = (overrides: Partial<PayoutInput> = {}): PayoutInput => ({
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	address: RECIPIENT,
	baseAmount: 25,
	...overrides,
});

describe('accepted payouts become the body to send', () => {
	it.each<[string, Partial<PayoutInput>, Record<string, unknown>]>([
		[
			'the minimal payout',
			{},
			{ baseAmount: 25, address: RECIPIENT, settledCurrency: 'USDT', networkSymbol: 'TRX' },
		],
		[
			'symbols in any case, spelled as TYLT lists them',
			{ settledCurrency: ' usdc', networkSymbol: 'eth ', address: EVM_ADDRESS },
			{ settledCurrency: 'USDC', networkSymbol: 'ETH' },
		],
		['a numeric string amount, as a number', { baseAmount: ' 15.5 ' }, { baseAmount: 15.5 }],
		[
			'exactly the minimum withdrawal',
			{ baseAmount: usdtTron.minimumWithdrawal },
			{ baseAmount: usdtTron.minimumWithdrawal },
		],
		[
			'exactly the maximum withdrawal',
			{ baseAmount: usdtTron.maximumWithdrawal },
			{ baseAmount: usdtTron.maximumWithdrawal },
		],
		[
			'a fiat amount above the crypto maximum, in capitals',
			{ baseAmount: 10 ** 6, baseCurrency: ' gbp ' },
			{ baseAmount: 10 ** 6, baseCurrency: 'GBP' },
		],
		[
			'optional text trimmed',
			{ customerName: '  Zoë  ', comments: 42 },
			{ customerName: 'Zoë', comments: '42' },
		],
	])('%s', (_case, overrides, expected) => {
		const body = validatePayout(node, payout(overrides), catalog, 0);

		expect(body).toMatchObject(expected);
	});

	it('leaves empty optional fields out instead of sending them empty', () => {
		const body = validatePayout(
			node,
			payout({
				baseCurrency: '',
				customerName: ' ',
				comments: undefined,
				callBackUrl: null,
				redirectUrl: '',
			}),
			catalog,
			0,
		);

		expect(Object.keys(body)).toEqual([
			'baseAmount',
			'address',
			'settledCurrency',
			'networkSymbol',
		]);
	});

	it('orders the body as the spec lists the fields, whatever order they came in', () => {
		const body = validatePayout(
			node,
			{
				redirectUrl: 'https://shop.example.com/done',
				callBackUrl: 'https://n8n.example.com/webhook/tylt',
				comments: 'c',
				customerName: 'n',
				networkSymbol: 'TRX',
				settledCurrency: 'USDT',
				address: RECIPIENT,
				baseCurrency: 'USD',
				baseAmount: 30,
			},
			catalog,
			0,
		);

		expect(Object.keys(body)).toEqual([
			'baseAmount',
			'baseCurrency',
			'address',
			'settledCurrency',
			'networkSymbol',
			'customerName',
			'comments',
			'callBackUrl',
			'redirectUrl',
		]);
	});
});

describe('refused payouts name the field, the value and the item', () => {
	it.each<[string, Partial<PayoutInput>, string, string]>([
		['no currency', { settledCurrency: '' }, 'Settled Currency', 'required'],
		[
			'an unknown currency',
			{ settledCurrency: 'DOGE' },
			'Settled Currency',
			'supported: USDT, USDC, DAI',
		],
		['no network', { networkSymbol: undefined }, 'Network', 'required'],
		[
			'a network the currency lacks',
			{ settledCurrency: 'DAI', networkSymbol: 'TRX' },
			'Network',
			'networks open for payouts: ETH',
		],
		[
			'a network closed for withdrawals',
			{ settledCurrency: 'USDC', networkSymbol: 'MATIC' },
			'Network',
			'canWithdraw 0',
		],
		['a fiat code of 2 letters', { baseCurrency: 'US' }, 'Base Currency', '3-letter'],
		['a fiat code of digits', { baseCurrency: '840' }, 'Base Currency', '3-letter'],
		['a fiat code of 4 letters', { baseCurrency: 'USDX' }, 'Base Currency', '3-letter'],
		['an amount of 0', { baseAmount: 0 }, 'Base Amount', 'greater than 0'],
		['a negative amount', { baseAmount: -1 }, 'Base Amount', 'greater than 0'],
		['NaN', { baseAmount: NaN }, 'Base Amount', 'must be a number'],
		['text', { baseAmount: 'abc' }, 'Base Amount', 'must be a number'],
		['Infinity', { baseAmount: Infinity }, 'Base Amount', 'finite'],
		[
			'an amount below the minimum',
			{ baseAmount: usdtTron.minimumWithdrawal - 0.01 },
			'Base Amount',
			`minimum withdrawal of ${usdtTron.minimumWithdrawal} USDT on TRX`,
		],
		[
			'an amount above the maximum',
			{ baseAmount: usdtTron.maximumWithdrawal + 0.01 },
			'Base Amount',
			`maximum withdrawal of ${usdtTron.maximumWithdrawal} USDT on TRX`,
		],
		['no address', { address: '' }, 'Address', 'required'],
		['an address that is not text', { address: 12345 }, 'Address', 'required'],
		['an address with a space', { address: `${RECIPIENT} ` }, 'Address', 'space'],
		['an address with a line break', { address: `${RECIPIENT}\n` }, 'Address', 'line break'],
		[
			'an ftp callback URL',
			{ callBackUrl: 'ftp://x' },
			'Callback URL',
			'absolute http:// or https:// URL',
		],
		[
			'a relative callback URL',
			{ callBackUrl: '/relative' },
			'Callback URL',
			'absolute http:// or https:// URL',
		],
		[
			'a redirect URL that is not a URL',
			{ redirectUrl: 'not a url' },
			'Redirect URL',
			'absolute http:// or https:// URL',
		],
		[
			'a customer name that is not text',
			{ customerName: { first: 'Zoë' } },
			'Customer Name',
			'must be text',
		],
	])('%s', (_case, overrides, label, reason) => {
		let thrown: unknown;
		try {
			validatePayout(node, payout(overrides), catalog, 3);
		} catch (error) {
			thrown = error;
		}

		expect(thrown).toBeInstanceOf(NodeOperationError);
		const error = thrown as NodeOperationError;
		expect(error.message).toMatch(
			new RegExp(`^(Invalid ${label} .*|${label} is empty) in item 3: `),
		);
		expect(error.message).toContain(reason);
		expect(error.context.itemIndex).toBe(3);
	});

	it('reports what the item alone shows before what needs the currency list', () => {
		expect(() =>
			validatePayout(node, payout({ settledCurrency: 'DOGE', baseAmount: -1 }), catalog, 0),
		).toThrow(/^Invalid Base Amount -1/);
		expect(() =>
			validatePayout(node, payout({ settledCurrency: 'DOGE', networkSymbol: 'XYZ' }), catalog, 0),
		).toThrow(/^Invalid Settled Currency "DOGE"/);
	});

	it('checks the item-only fields without any currency list, so such an item costs no request', () => {
		expect(() => checkPayoutFields(node, payout({ address: 'T abc' }), 2)).toThrow(
			/^Invalid Address "T abc" in item 2/,
		);
		expect(() => checkPayoutFields(node, payout({ settledCurrency: 'DOGE' }), 2)).not.toThrow();
	});
});

/** Issue #10 (Money safety II): amounts exactly as typed, bounds only when TYLT gives numbers, addresses in ASCII. */
describe('text amounts are plain decimals, sent only when a JSON number carries every digit', () => {
	const refusal = (baseAmount: unknown, baseCurrency?: string) => {
		try {
			validatePayout(node, payout({ baseAmount, baseCurrency }), catalog, 4);
		} catch (error) {
			return (error as NodeOperationError).message;
		}
		return 'accepted';
	};

	it.each([
		['1e3', 'plain decimal'],
		['1E-2', 'plain decimal'],
		['2.5e1', 'plain decimal'],
		['10,5', 'plain decimal'],
		['1,000', 'plain decimal'],
		['0x10', 'plain decimal'],
		['0b11', 'plain decimal'],
		['1 2', 'plain decimal'],
		[' 12 abc', 'plain decimal'],
		['12\u200b', 'plain decimal'],
		['Infinity', 'plain decimal'],
		['-Infinity', 'plain decimal'],
		['NaN', 'plain decimal'],
		['25.000000000000000001', 'would be sent as 25'],
		['0.1000000000000000055511151231257827', 'would be sent as 0.1'],
		['123456789.1234567891', 'would be sent as 123456789.12345679'],
	])('refuses %p', (text, reason) => {
		const message = refusal(text, 'USD');
		expect(message).toMatch(
			new RegExp(`^Invalid Base Amount ${escape(JSON.stringify(text))} in item 4: `),
		);
		expect(message).toContain(reason);
	});

	it.each([
		['', 'Base Amount is empty in item 4: a payout needs an amount greater than 0'],
		['   ', 'Invalid Base Amount "   " in item 4: a payout needs an amount greater than 0'],
	])('calls %p empty, not a wrong number', (text, message) => {
		expect(refusal(text, 'USD')).toBe(message);
	});

	it.each<[string, number]>([
		[' 12 ', 12],
		['25.50', 25.5],
		['+30', 30],
		['007.25', 7.25],
		['.5', 0.5],
		['0.30000000000000004', 0.30000000000000004],
		['999999999999.99', 999999999999.99],
		['0.0000001', 1e-7],
	])('accepts %p as %p', (text, amount) => {
		const body = validatePayout(
			node,
			payout({ baseAmount: text, baseCurrency: 'USD' }),
			catalog,
			0,
		);
		expect(body.baseAmount).toBe(amount);
	});
});

describe('withdrawal bounds TYLT does not give as numbers are treated as absent', () => {
	const withBounds = (
		minimumWithdrawal: unknown,
		maximumWithdrawal: unknown,
		networkFees?: unknown,
	) =>
		new CurrencyCatalog([
			{
				currencyName: 'Tether USD',
				currencySymbol: 'USDT',
				networks: [{ ...usdtTron, minimumWithdrawal, maximumWithdrawal, networkFees }],
			},
		] as unknown as CurrencyRecord[]);
	const check = (bounds: CurrencyCatalog, baseAmount: number) => () =>
		validatePayout(node, payout({ baseAmount }), bounds, 0);

	it.each([null, '', 'n/a', undefined, {}, 'Infinity'])('no bound from %p', (bound) => {
		expect(check(withBounds(bound, bound, bound), 0.01)).not.toThrow();
		expect(check(withBounds(bound, bound, bound), 1e9)).not.toThrow();
	});

	it('reads numeric text as the number it spells', () => {
		expect(check(withBounds('10', ' 50000 '), 9.99)).toThrow(
			/below the minimum withdrawal of 10 USDT/,
		);
		expect(check(withBounds('10', ' 50000 '), 50000.01)).toThrow(
			/above the maximum withdrawal of 50000 USDT/,
		);
		expect(check(withBounds('10', ' 50000 '), 10)).not.toThrow();
	});

	it('keeps a numeric bound when the other one is missing', () => {
		expect(check(withBounds(null, 100), 101)).toThrow(/above the maximum withdrawal of 100/);
		expect(check(withBounds(20, ''), 19)).toThrow(/below the minimum withdrawal of 20/);
		expect(check(withBounds(20, ''), 1e9)).not.toThrow();
	});
});

describe('withdrawal bounds compare as exact decimals', () => {
	const withBounds = (minimumWithdrawal: unknown, maximumWithdrawal: unknown) =>
		new CurrencyCatalog([
			{
				currencyName: 'Tether USD',
				currencySymbol: 'USDT',
				networks: [{ ...usdtTron, minimumWithdrawal, maximumWithdrawal }],
			},
		] as unknown as CurrencyRecord[]);
	const check = (bounds: CurrencyCatalog, baseAmount: number | string) => () =>
		validatePayout(node, payout({ baseAmount }), bounds, 0);

	it('a bound written with more digits than a double holds is not rounded to the amount', () => {
		// As doubles, 10.0000000000000000001 is 10 and 49999.9999999999999999 is 50000.
		expect(check(withBounds('10.0000000000000000001', 50000), 10)).toThrow(
			/below the minimum withdrawal of 10.0000000000000000001 USDT/,
		);
		expect(check(withBounds(10, '49999.9999999999999999'), 50000)).toThrow(
			/above the maximum withdrawal of 49999.9999999999999999 USDT/,
		);
	});

	it('an amount exactly at a bound, however either is spelled, is inside', () => {
		expect(check(withBounds('10.000', '5e4'), 10)).not.toThrow();
		expect(check(withBounds('10.000', '5e4'), '50000.00')).not.toThrow();
		expect(check(withBounds(10.000001, 50000), 10.000001)).not.toThrow();
		expect(check(withBounds(10.000001, 50000), '10.000000')).toThrow(/below the minimum/);
	});
});

describe('addresses are printable ASCII on every network', () => {
	// A network no format checker knows: only the character rule stands between a typo and a lost payout.
	const otherNetwork = new CurrencyCatalog([
		{
			currencyName: 'Tether USD',
			currencySymbol: 'USDT',
			networks: [{ ...usdtTron, networkSymbol: 'SOL', networkName: 'Solana' }],
		},
	] as unknown as CurrencyRecord[]);
	const SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

	it('accepts a printable ASCII address on a network it has no format for', () => {
		expect(
			validatePayout(node, payout({ networkSymbol: 'SOL', address: SOLANA }), otherNetwork, 0)
				.address,
		).toBe(SOLANA);
	});

	it.each([
		['a Cyrillic с', SOLANA.replace('c', '\u0441'), "'с' (U+0441)"],
		['a Greek Ο', SOLANA.replace('x', '\u039f'), "'Ο' (U+039F)"],
		['a zero-width space', `${SOLANA.slice(0, 5)}\u200b${SOLANA.slice(5)}`, 'a zero-width space'],
		['a zero-width joiner', `${SOLANA}\u200d`, 'U+200D'],
		['a byte-order mark', `\ufeff${SOLANA}`, 'U+FEFF'],
		['a non-breaking space', `${SOLANA}\u00a0`, 'a non-breaking space'],
		['a space', `${SOLANA} `, 'a space'],
		['a tab', `\t${SOLANA}`, 'a tab'],
		['a control character', `${SOLANA}\u0007`, 'U+0007'],
		['a fullwidth digit', SOLANA.replace('3', '\uff13'), 'U+FF13'],
	])('refuses %s, before the currency list is needed', (_case, address, named) => {
		for (const validate of [
			() => validatePayout(node, payout({ networkSymbol: 'SOL', address }), otherNetwork, 1),
			() => checkPayoutFields(node, payout({ networkSymbol: 'SOL', address }), 1),
		]) {
			expect(validate).toThrow(/^Invalid Address ".*" in item 1: .*printable ASCII/);
			expect(validate).toThrow(named);
		}
	});
});

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
