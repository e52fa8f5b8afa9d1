/**
 * Bad input for Payout → Create, one table for the two files that run it: what the user is told
 * (test/actions/payout/createValidation.test.ts) and that nothing is sent for it (test/moneySafety/badInput.test.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEEDED_CURRENCIES } from '../../sandbox';
import { EVM_ADDRESS, payoutCreate, tronAddress } from './sandboxKit';

/**
 * Every parameter comes from the item, so one run can mix good and bad items. Amount In is the one that cannot
 * (it takes no expression): these items are sized in the settled crypto currency.
 */
export const PAYOUT_FROM_ITEM = payoutCreate({
	settledCurrency: '={{ $json.settledCurrency }}',
	networkSymbol: '={{ $json.networkSymbol }}',
	address: '={{ $json.address }}',
	baseAmount: '={{ $json.baseAmount }}',
	amountIn: 'settledCurrency',
	additionalFields: {
		callBackUrl: '={{ $json.callBackUrl }}',
		redirectUrl: '={{ $json.redirectUrl }}',
	},
	reference: '={{ $json.reference }}',
	options: {
		maxPayoutsPerSecond: '={{ $json.maxPayoutsPerSecond }}',
		timeoutSeconds: '={{ $json.timeoutSeconds }}',
		lookBackHours: '={{ $json.lookBackHours }}',
	},
});

/** The same for items sized in fiat: Amount In Fiat Currency, Base Currency from the item. */
export const FIAT_PAYOUT_FROM_ITEM = payoutCreate({
	...PAYOUT_FROM_ITEM,
	amountIn: 'fiat',
	baseCurrency: '={{ $json.baseCurrency }}',
});

export const GOOD_ITEM: IDataObject = {
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	address: tronAddress('good item'),
	baseAmount: 25,
	baseCurrency: '',
	callBackUrl: '',
	redirectUrl: '',
	reference: 'good-item',
	maxPayoutsPerSecond: 0,
	timeoutSeconds: 60,
	lookBackHours: 168,
};

/**
 * The node a bad case runs in, and the good item that goes before it there: a case that sets a Base Currency
 * runs where Amount In is Fiat Currency, beside a good item sized in USD.
 */
export function nodeFor(badFields: IDataObject): {
	parameters: INodeParameters;
	good: IDataObject;
} {
	return badFields.baseCurrency === undefined
		? { parameters: PAYOUT_FROM_ITEM, good: GOOD_ITEM }
		: { parameters: FIAT_PAYOUT_FROM_ITEM, good: { ...GOOD_ITEM, baseCurrency: 'USD' } };
}

/** A good item of its own: its recipient and reference are made from `label`, so the request log tells it apart. */
export function goodItem(label: string): IDataObject {
	return { ...GOOD_ITEM, address: tronAddress(label), reference: label.replace(/\W+/g, '-') };
}

/** The good item with `fields` made wrong, sent to its own recipient. */
export function badItem(fields: IDataObject): IDataObject {
	return { ...GOOD_ITEM, address: tronAddress('bad item'), reference: 'bad-item', ...fields };
}

export const usdtOnTron = SEEDED_CURRENCIES.find(
	(currency) => currency.currencySymbol === 'USDT',
)!.networks.find((network) => network.networkSymbol === 'TRX')!;

const TRON = tronAddress('recipient');
const contractOf = (currencySymbol: string, networkSymbol: string) =>
	SEEDED_CURRENCIES.find((currency) => currency.currencySymbol === currencySymbol)!.networks.find(
		(network) => network.networkSymbol === networkSymbol,
	)!.contractAddress;
const USDT_ON_ETHEREUM_LOWER_CASE = contractOf('USDT', 'ETH').toLowerCase();
const USDC_ON_BSC = contractOf('USDC', 'BSC');
const USDT_MINT_ON_SOLANA = contractOf('USDT', 'SOL');
/** The USDT jetton master the sandbox lists on TON (EQ…), in its non-bounceable spelling: the same account. */
export const USDT_MASTER_ON_TON_NON_BOUNCEABLE = 'UQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_p0p';
/** A valid EIP-55 address (the EIP's own example) with the case of its first letter flipped. */
const EIP55_EXAMPLE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EIP55_ONE_CASE_FLIPPED = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER_BASE58 = (character: string) => (character === 'a' ? 'b' : 'a');
export const TRON_CHECKSUM_BROKEN = TRON.slice(0, 10) + OTHER_BASE58(TRON[10]) + TRON.slice(11);
const TRON_WRONG_PREFIX = 'U' + TRON.slice(1);
const onEthereum = (address: string): IDataObject => ({ networkSymbol: 'ETH', address });
const onSolana = (address: string): IDataObject => ({ networkSymbol: 'SOL', address });
/** Cyrillic Т (U+0422) in place of the Latin T every TRON address starts with: it looks the same. */
const TRON_CYRILLIC_T = '\u0422' + TRON.slice(1);
const TRON_ZERO_WIDTH = `${TRON.slice(0, 10)}\u200b${TRON.slice(10)}`;
const EVM_CYRILLIC_A = EIP55_EXAMPLE.replace('a', '\u0430');

// [what is wrong, how the item differs from a good one, the field's label, the value as the message shows it
// (an empty field is called empty)]
export type BadCase = [string, IDataObject, string, string];

const BASE_AMOUNT: BadCase[] = [
	['zero', { baseAmount: 0 }, 'Base Amount', '0'],
	['negative', { baseAmount: -25 }, 'Base Amount', '-25'],
	['NaN', { baseAmount: NaN }, 'Base Amount', 'NaN'],
	['text', { baseAmount: 'abc' }, 'Base Amount', '"abc"'],
	['empty text', { baseAmount: '' }, 'Base Amount', 'is empty'],
	['a decimal comma', { baseAmount: '12,50' }, 'Base Amount', '"12,50"'],
	['Infinity', { baseAmount: Infinity }, 'Base Amount', 'Infinity'],
	// Text amounts (an expression may yield a string) are plain decimals only.
	['an exponent in text (1e3)', { baseAmount: '1e3' }, 'Base Amount', '"1e3"'],
	['hex text', { baseAmount: '0x10' }, 'Base Amount', '"0x10"'],
	['a thousands separator', { baseAmount: '1,000' }, 'Base Amount', '"1,000"'],
	['text with inner junk', { baseAmount: ' 12 abc' }, 'Base Amount', '" 12 abc"'],
	['Infinity as text', { baseAmount: 'Infinity' }, 'Base Amount', '"Infinity"'],
	['NaN as text', { baseAmount: 'NaN' }, 'Base Amount', '"NaN"'],
	// A JSON number would carry 25: the digits after it would be silently dropped.
	[
		'more digits than a JSON number keeps',
		{ baseAmount: '25.000000000000000001' },
		'Base Amount',
		'"25.000000000000000001"',
	],
	['-Infinity', { baseAmount: -Infinity }, 'Base Amount', '-Infinity'],
	['huge (1e13) crypto', { baseAmount: 1e13 }, 'Base Amount', '10000000000000'],
	// A fiat amount is not bounded by the network's limits, so only the exact-number cap stops it.
	['huge (1e13) fiat', { baseAmount: 1e13, baseCurrency: 'USD' }, 'Base Amount', '10000000000000'],
	[
		'below the network minimum',
		{ baseAmount: usdtOnTron.minimumWithdrawal - 0.01 },
		'Base Amount',
		String(usdtOnTron.minimumWithdrawal - 0.01),
	],
	[
		'above the network maximum',
		{ baseAmount: usdtOnTron.maximumWithdrawal + 0.01 },
		'Base Amount',
		String(usdtOnTron.maximumWithdrawal + 0.01),
	],
];

const CURRENCY_AND_NETWORK: BadCase[] = [
	['unknown currency', { settledCurrency: 'DOGE' }, 'Settled Currency', '"DOGE"'],
	['empty currency', { settledCurrency: '' }, 'Settled Currency', 'is empty'],
	[
		'network the currency is not offered on',
		{ settledCurrency: 'DAI', networkSymbol: 'TRX' },
		'Network',
		'"TRX"',
	],
	[
		'network with canWithdraw 0',
		{ settledCurrency: 'USDC', networkSymbol: 'MATIC', address: EVM_ADDRESS },
		'Network',
		'"MATIC"',
	],
	['empty network', { networkSymbol: '' }, 'Network', 'is empty'],
];

const ADDRESS: BadCase[] = [
	['empty address', { address: '' }, 'Address', 'is empty'],
	['address with a space', { address: `${TRON} ` }, 'Address', JSON.stringify(`${TRON} `)],
	['address with a line break', { address: `${TRON}\n` }, 'Address', JSON.stringify(`${TRON}\n`)],
	[
		'EVM address one hex digit short (0x + 39)',
		onEthereum(EIP55_EXAMPLE.slice(0, -1)),
		'Address',
		`"${EIP55_EXAMPLE.slice(0, -1)}"`,
	],
	[
		'EVM address with one letter’s case flipped (EIP-55 checksum)',
		onEthereum(EIP55_ONE_CASE_FLIPPED),
		'Address',
		`"${EIP55_ONE_CASE_FLIPPED}"`,
	],
	['TRON address on Ethereum', onEthereum(TRON), 'Address', `"${TRON}"`],
	[
		'TRON address with a Cyrillic Т',
		{ address: TRON_CYRILLIC_T },
		'Address',
		`"${TRON_CYRILLIC_T}"`,
	],
	[
		'address with a zero-width space',
		{ address: TRON_ZERO_WIDTH },
		'Address',
		`"${TRON_ZERO_WIDTH}"`,
	],
	['EVM address with a Cyrillic а', onEthereum(EVM_CYRILLIC_A), 'Address', `"${EVM_CYRILLIC_A}"`],
	['EVM address on Tron', { address: EVM_ADDRESS }, 'Address', `"${EVM_ADDRESS}"`],
	[
		'TRON address with one character changed (checksum)',
		{ address: TRON_CHECKSUM_BROKEN },
		'Address',
		`"${TRON_CHECKSUM_BROKEN}"`,
	],
	[
		'TRON address with the wrong prefix',
		{ address: TRON_WRONG_PREFIX },
		'Address',
		`"${TRON_WRONG_PREFIX}"`,
	],
	['TRON address on Solana', onSolana(TRON), 'Address', `"${TRON}"`],
	// A token sent to a token's own contract is lost for good: every contract the currency list names is refused.
	[
		"USDT's own contract on Tron",
		{ address: usdtOnTron.contractAddress },
		'Address',
		`"${usdtOnTron.contractAddress}"`,
	],
	[
		"USDT's contract on Ethereum, in lower case",
		onEthereum(USDT_ON_ETHEREUM_LOWER_CASE),
		'Address',
		`"${USDT_ON_ETHEREUM_LOWER_CASE}"`,
	],
	[
		"USDC's contract as the recipient of USDT on BSC",
		{ networkSymbol: 'BSC', address: USDC_ON_BSC },
		'Address',
		`"${USDC_ON_BSC}"`,
	],
	["USDT's mint on Solana", onSolana(USDT_MINT_ON_SOLANA), 'Address', `"${USDT_MINT_ON_SOLANA}"`],
	[
		"USDT's jetton master on TON, spelt non-bounceable",
		{ networkSymbol: 'TON', address: USDT_MASTER_ON_TON_NON_BOUNCEABLE },
		'Address',
		`"${USDT_MASTER_ON_TON_NON_BOUNCEABLE}"`,
	],
];

const URLS_AND_FIAT: BadCase[] = [
	[
		'ftp:// callback URL',
		{ callBackUrl: 'ftp://n8n.example.com/cb' },
		'Callback URL',
		'"ftp://n8n.example.com/cb"',
	],
	['relative callback URL', { callBackUrl: '/cb' }, 'Callback URL', '"/cb"'],
	[
		'n8n test-webhook callback URL',
		{ callBackUrl: 'https://n8n.example.com/webhook-test/abc' },
		'Callback URL',
		'"https://n8n.example.com/webhook-test/abc"',
	],
	[
		'javascript: redirect URL',
		{ redirectUrl: 'javascript:alert(1)' },
		'Redirect URL',
		'"javascript:alert(1)"',
	],
	['2-letter base currency', { baseCurrency: 'US' }, 'Base Currency', '"US"'],
	['numeric base currency', { baseCurrency: '840' }, 'Base Currency', '"840"'],
];

const TOO_LONG_REFERENCE = 'R'.repeat(65);
export const OPTIONS: BadCase[] = [
	[
		'reference over 64 characters',
		{ reference: TOO_LONG_REFERENCE },
		'Reference',
		`"${TOO_LONG_REFERENCE}"`,
	],
	['reference with a space', { reference: 'INV 1001' }, 'Reference', '"INV 1001"'],
	// A ] would end the [ref:…] tag in the comments early, so the guard could not find the payout again.
	['reference with a ]', { reference: 'INV]1001' }, 'Reference', '"INV]1001"'],
	['negative pace', { maxPayoutsPerSecond: -1 }, 'Max Payouts Per Second', '-1'],
	['timeout 0', { timeoutSeconds: 0 }, 'Timeout (Seconds)', '0'],
	['timeout as text', { timeoutSeconds: 'soon' }, 'Timeout (Seconds)', '"soon"'],
	['look-back of 0 hours', { lookBackHours: 0 }, 'Duplicate Look-Back (Hours)', '0'],
];

export const BAD_INPUTS: BadCase[] = [
	...BASE_AMOUNT,
	...CURRENCY_AND_NETWORK,
	...ADDRESS,
	...URLS_AND_FIAT,
	...OPTIONS,
];
