/**
 * The limits against a request about to be signed (nodes/shared/spendingLimits/check.ts): the amount and
 * recipient are read from the exact body text, and anything that might be a create but cannot be read
 * exactly is refused.
 */
import type { IHttpRequestMethods } from 'n8n-workflow';

import { readOutgoingRequest, type QueryValue } from '../../../nodes/shared/outgoingRequest';
import { perPayoutVerdict } from '../../../nodes/shared/spendingLimits/check';
import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { TYLT_ENDPOINTS } from '../../../nodes/Tylt/transport/calls';
import { signingRefusal } from '../../support/spendingLimits';

const BASE = 'https://api.tylt.money';
const CREATE_URL = BASE + TYLT_ENDPOINTS.createPayout;
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const EVM = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

const payout = (fields: Record<string, unknown> = {}) =>
	JSON.stringify({
		baseAmount: 500,
		address: TRON,
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		...fields,
	});

/** The signing's reason to refuse a request (a create unless told otherwise), read as the credential reads it. */
const refusal = (
	limits: SpendingLimitTexts,
	bodyText: string | undefined,
	request: { method?: string; url?: string; qs?: Record<string, QueryValue> } = {},
) =>
	signingRefusal(limits, {
		method: (request.method ?? 'POST') as IHttpRequestMethods,
		url: request.url ?? CREATE_URL,
		body: bodyText,
		qs: request.qs,
	});

const PER_PAYOUT = { maxAmountPerPayout: 'USDT 500, usdc 0.5, EUR 450' };

describe('Max Amount per Payout', () => {
	it('lets a payout at the limit through, and refuses one unit of the last decimal above it', () => {
		expect(refusal(PER_PAYOUT, payout({ baseAmount: 500 }))).toBeUndefined();
		expect(
			refusal(PER_PAYOUT, payout({ baseAmount: 0.5, settledCurrency: 'USDC' })),
		).toBeUndefined();
		expect(refusal(PER_PAYOUT, payout({ baseAmount: 500.01 }))).toBe(
			'500.01 USDT is above Max Amount per Payout for USDT (500 USDT)',
		);
		expect(refusal(PER_PAYOUT, payout({ baseAmount: 0.51, settledCurrency: 'USDC' }))).toMatch(
			/0\.51 USDC is above Max Amount per Payout for USDC \(0\.5 USDC\)/,
		);
	});

	it('compares the digits written, not the double JSON.parse makes of them', () => {
		const text = payout().replace('"baseAmount":500', '"baseAmount":500.000000000000000001');
		expect(JSON.parse(text).baseAmount).toBe(500);
		expect(refusal(PER_PAYOUT, text)).toMatch(/500\.000000000000000001 USDT is above/);
	});

	it.each<[string, string, boolean]>([
		['a string with trailing zeros', '"500.00"', true],
		['a string with a leading zero', '"0500"', true],
		['a string with spaces', '" 500 "', true],
		['an exponent in a JSON number', '5e2', true],
		['an exponent above the limit', '5.0001e2', false],
		['a string with a leading zero above the limit', '"0500.1"', false],
	])('reads an amount spelled as %s by its exact value', (_case, spelled, within) => {
		const text = payout().replace('"baseAmount":500', `"baseAmount":${spelled}`);
		expect(refusal(PER_PAYOUT, text) === undefined).toBe(within);
	});

	it.each([
		['an exponent in a string', '"5e2"'],
		['hexadecimal', '"0x1F4"'],
		['a thousands separator', '"1,000"'],
		['a number with junk', '"500abc"'],
		['zero', '0'],
		['a negative number', '-600'],
		['a number too large for a double', '1e400'],
		['a number too small for a double', '1e-400'],
		['true', 'true'],
		['null', 'null'],
		['an object', '{"value":1}'],
	])('refuses an amount written as %s', (_case, spelled) => {
		const text = payout().replace('"baseAmount":500', `"baseAmount":${spelled}`);
		expect(refusal(PER_PAYOUT, text)).toMatch(/its baseAmount is .* not a plain positive decimal/);
	});

	it('refuses a payout without an amount', () => {
		expect(refusal(PER_PAYOUT, JSON.stringify({ address: TRON, settledCurrency: 'USDT' }))).toMatch(
			/baseAmount is missing/,
		);
	});

	it('reads the settled currency with spaces and in any letter case', () => {
		expect(refusal(PER_PAYOUT, payout({ settledCurrency: ' usdt ' }))).toBeUndefined();
		expect(refusal(PER_PAYOUT, payout({ settledCurrency: ' usdt ', baseAmount: 501 }))).toMatch(
			/501 USDT is above/,
		);
	});

	it.each([
		['not listed', 'DAI', /names no limit for DAI \(only USDT, USDC, EUR\).*Add DAI/],
		['missing', undefined, /settledCurrency is missing/],
		['not a symbol', 'US DT', /settledCurrency is "US DT", not a currency symbol/],
		['a look-alike letter', 'USDТ', /not a currency symbol/],
	])('refuses a settled currency %s', (_case, settledCurrency, reason) => {
		expect(refusal(PER_PAYOUT, payout({ settledCurrency }))).toMatch(reason);
	});

	describe('a payout sized in a fiat Base Currency', () => {
		it('goes out when the list names that currency, within its limit', () => {
			expect(refusal(PER_PAYOUT, payout({ baseAmount: 400, baseCurrency: 'EUR' }))).toBeUndefined();
			expect(refusal(PER_PAYOUT, payout({ baseAmount: 450, baseCurrency: 'eur' }))).toBeUndefined();
			expect(refusal(PER_PAYOUT, payout({ baseAmount: 500, baseCurrency: 'EUR' }))).toBe(
				'500 EUR is above Max Amount per Payout for EUR (450 EUR)',
			);
		});

		it('is refused when the list does not name it, with how to allow it', () => {
			expect(refusal(PER_PAYOUT, payout({ baseAmount: 1, baseCurrency: 'USD' }))).toMatch(
				/sized in USD \(baseCurrency\), which TYLT converts to USDT only when it creates the payout.*add USD and its limit to Max Amount per Payout, for example "USD 450"/,
			);
		});

		it('an empty or null Base Currency means none: the amount is in the settled currency', () => {
			expect(refusal(PER_PAYOUT, payout({ baseCurrency: '' }))).toBeUndefined();
			expect(refusal(PER_PAYOUT, payout({ baseCurrency: null, baseAmount: 501 }))).toMatch(
				/501 USDT/,
			);
		});

		it('a Base Currency that is not a symbol is refused', () => {
			expect(refusal(PER_PAYOUT, payout({ baseCurrency: 978 }))).toMatch(/baseCurrency is 978/);
			expect(refusal(PER_PAYOUT, payout({ baseCurrency: '  ' }))).toMatch(/baseCurrency is "  "/);
		});
	});
});

describe('Allowed Recipient Addresses', () => {
	const ALLOWED = { allowedAddresses: `${TRON}\n${EVM.toUpperCase().replace('0X', '0x')}` };

	it('lets a listed recipient be paid, an EVM hex address in any letter case', () => {
		expect(refusal(ALLOWED, payout())).toBeUndefined();
		expect(refusal(ALLOWED, payout({ address: EVM, networkSymbol: 'ETH' }))).toBeUndefined();
		expect(
			refusal(ALLOWED, payout({ address: EVM.toLowerCase(), networkSymbol: 'BSC' })),
		).toBeUndefined();
	});

	it('refuses any other recipient, naming it; Tron addresses are case-sensitive', () => {
		const other = 'TQ4mK4Vc3SqMpJc9nW7xK1y2z3a4b5c6d7';
		expect(refusal(ALLOWED, payout({ address: other }))).toBe(
			`the recipient "${other}" is not in Allowed Recipient Addresses`,
		);
		expect(refusal(ALLOWED, payout({ address: TRON.toLowerCase() }))).toMatch(/is not in Allowed/);
	});

	it('refuses a payout whose address is missing or not text', () => {
		expect(refusal(ALLOWED, JSON.stringify({ baseAmount: 1 }))).toMatch(/address is missing/);
		expect(refusal(ALLOWED, payout({ address: [TRON, 'TQ4'] }))).toMatch(/address is a JSON array/);
	});

	it('checks the recipient with or without an amount limit, and both limits together', () => {
		const both = { ...ALLOWED, ...PER_PAYOUT };
		expect(refusal(both, payout({ baseAmount: 600 }))).toMatch(/600 USDT is above/);
		expect(refusal(both, payout({ address: 'TQ4' }))).toMatch(/"TQ4" is not in Allowed/);
		expect(refusal(both, payout())).toBeUndefined();
	});
});

describe('Allowed Recipient Addresses tied to a network', () => {
	const TIED = { allowedAddresses: `ETH:${EVM}, TRX:${TRON}` };
	const verdict = (limits: SpendingLimitTexts, bodyText: string) =>
		perPayoutVerdict(
			limits,
			readOutgoingRequest(BASE, { method: 'POST', url: CREATE_URL, body: bodyText }),
		);

	it('allows the address on its network, EVM in any letter case, and names the entry that allowed it', () => {
		expect(verdict(TIED, payout({ address: EVM.toLowerCase(), networkSymbol: 'ETH' }))).toEqual({
			allowed: true,
			allowedBy: `ETH:${EVM}`,
		});
		expect(verdict(TIED, payout())).toEqual({ allowed: true, allowedBy: `TRX:${TRON}` });
	});

	it.each(['BSC', 'MATIC', 'POLYGON', 'BASE', 'ERC20'])(
		'refuses the address on %s, another network of the same format',
		(network) => {
			expect(refusal(TIED, payout({ address: EVM, networkSymbol: network }))).toBe(
				`Allowed Recipient Addresses allows the recipient "${EVM}" only on ETH, not on ${network} (entry: ETH:${EVM})`,
			);
		},
	);

	it('reads the payout’s network symbol in any letter case, as the node matches TYLT’s list', () => {
		expect(refusal(TIED, payout({ address: EVM, networkSymbol: 'eth' }))).toBeUndefined();
		expect(refusal(TIED, payout({ networkSymbol: 'Trx' }))).toBeUndefined();
		expect(refusal(TIED, payout({ networkSymbol: 'bsc' }))).toMatch(/only on TRX, not on BSC/);
	});

	it.each<[string, unknown]>([
		['a trailing space', 'ETH '],
		['a leading space', ' ETH'],
		['a line break', 'ETH\n'],
		['fullwidth letters', 'ＥＴＨ'],
		['a Cyrillic letter', 'ЕTH'],
		['a zero byte', 'ETH\u0000'],
		['an empty string', ''],
		['a number', 1],
		['null', null],
		['a list', ['ETH']],
	])(
		'refuses a network symbol with %s: which network TYLT would read is not certain',
		(_case, symbol) => {
			expect(refusal(TIED, payout({ address: EVM, networkSymbol: symbol }))).toMatch(
				new RegExp(
					`^Allowed Recipient Addresses allows the recipient "${EVM}" only on ETH, and its networkSymbol [^\\n]* is not a network symbol as TYLT writes them`,
				),
			);
		},
	);

	it('refuses a payout without a network symbol, or with one under another spelling of its key', () => {
		const withoutNetwork = JSON.stringify({ baseAmount: 1, address: EVM, settledCurrency: 'USDT' });
		expect(refusal(TIED, withoutNetwork)).toMatch(
			/its networkSymbol missing is not a network symbol/,
		);
		const otherKey = withoutNetwork.replace('"address"', '"NetworkSymbol":"ETH","address"');
		expect(refusal(TIED, otherKey)).toMatch(/names "NetworkSymbol", which is not TYLT’s spelling/);
		const twice = withoutNetwork.replace(
			'"address"',
			'"networkSymbol":"ETH","networkSymbol":"BSC","address"',
		);
		expect(refusal(TIED, twice)).toMatch(/names networkSymbol twice/);
	});

	it('keeps TRON addresses case-sensitive on their network', () => {
		expect(refusal(TIED, payout({ address: TRON.toLowerCase() }))).toMatch(/is not in Allowed/);
	});

	it('a bare entry keeps allowing its address on any network, and a tied one is named when both allow', () => {
		const both = { allowedAddresses: `BSC:${EVM} ${EVM.toLowerCase()}` };
		expect(verdict(both, payout({ address: EVM, networkSymbol: 'BSC' }))).toEqual({
			allowed: true,
			allowedBy: `BSC:${EVM}`,
		});
		expect(verdict(both, payout({ address: EVM, networkSymbol: 'MATIC' }))).toEqual({
			allowed: true,
			allowedBy: EVM.toLowerCase(),
		});
		expect(verdict(both, payout({ address: EVM, networkSymbol: 'ETH ' }))).toMatchObject({
			allowed: true,
		});
	});

	it('an entry that cannot be checked refuses every payout, naming the field and the entry', () => {
		const limits = { allowedAddresses: `TRX:${TRON}, AVAX:${EVM}` };
		expect(refusal(limits, payout())).toBe(
			`Allowed Recipient Addresses cannot be read: "AVAX:${EVM}" ties its address to AVAX, a network whose address format the node does not know, so the address cannot be checked: use a network symbol such as TRX, BSC, ETH or SOL. Fix it in the credential: until then no payout is sent with it`,
		);
	});
});

describe('the create’s body', () => {
	const limits = { ...PER_PAYOUT, allowedAddresses: TRON };

	it('no limit set: nothing is checked', () => {
		expect(refusal({}, payout({ baseAmount: 1e9 }))).toBeUndefined();
		expect(
			refusal({ maxAmountPerPayout: '  ', allowedAddresses: '' }, payout({ baseAmount: 1e9 })),
		).toBeUndefined();
	});

	it('a create without a JSON object body is refused', () => {
		expect(refusal(limits, '{}')).toMatch(/address is missing/);
		expect(refusal(limits, '')).toMatch(/no JSON object body/);
		expect(refusal(limits, '"text"')).toMatch(/no JSON object body/);
	});

	it.each([
		['a repeated key', payout().replace('{', '{"baseAmount":1,'), /names baseAmount twice/],
		[
			'a repeated key spelled with an escape',
			payout().replace('{', '{"base\\u0041mount":1,'),
			/names baseAmount twice/,
		],
		[
			'another letter case',
			payout().replace('"address"', '"Address"'),
			/names "Address", which is not TYLT’s spelling of address/,
		],
		[
			'payout fields in a nested object',
			JSON.stringify({ payout: { baseAmount: 1e6, address: 'TQ4' } }),
			/nested object/,
		],
		[
			'a list of payouts',
			JSON.stringify([{ baseAmount: 1e6, address: 'TQ4' }]),
			/nested object or list/,
		],
	])('refuses a body with %s', (_case, text, reason) => {
		expect(refusal(limits, text)).toMatch(reason);
	});
});

describe('a limit written wrong', () => {
	it.each([
		['maxAmountPerPayout', 'USDT 1,000', /^Max Amount per Payout cannot be read: "000"/],
		['maxAmountPerPayout', 'USDT 5e2', /^Max Amount per Payout cannot be read: "USDT 5e2"/],
		['allowedAddresses', 'TQ4\u200b', /^Allowed Recipient Addresses cannot be read/],
	])('%s: every payout is refused, naming the field and the text', (field, text, reason) => {
		const message = refusal({ [field]: text }, payout({ baseAmount: 1 }));
		expect(message).toMatch(reason);
		expect(message).toMatch(/until then no payout is sent with it$/);
	});

	it('a request that is no payout still goes', () => {
		expect(
			refusal({ maxAmountPerPayout: 'junk' }, undefined, {
				method: 'GET',
				url: `${BASE}${TYLT_ENDPOINTS.supportedCurrencies}`,
			}),
		).toBeUndefined();
	});
});
