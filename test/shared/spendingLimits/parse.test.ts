/** The credential's limit fields read into data (nodes/shared/spendingLimits/parse.ts). */
import { exactText } from '../../../nodes/shared/decimalText';
import {
	UnreadableLimitError,
	hasSpendingLimits,
	spendingLimitProblems,
} from '../../../nodes/shared/spendingLimits/parse';
import {
	parseAllowedAddresses,
	parseCurrencyLimits,
	parseSpendingLimits,
} from '../../support/spendingLimits';
import { tronAddress } from '../../support/sandboxKit';

const limitsOf = (text: string) => {
	const limits = parseCurrencyLimits('maxAmountPerPayout', text);
	return (
		limits &&
		Object.fromEntries([...limits].map(([currency, limit]) => [currency, exactText(limit)]))
	);
};

const unreadable = (read: () => unknown): UnreadableLimitError => {
	try {
		read();
	} catch (error) {
		if (error instanceof UnreadableLimitError) return error;
		throw error;
	}
	throw new Error('expected the text to be refused');
};

/** Malformed currency lists: [case, text, the part the error quotes, the reason]. */
const MALFORMED: Array<[string, string, string, RegExp]> = [
	['a missing amount', 'USDT 500, USDC', 'USDC', /gives no amount for USDC/],
	['a negative amount', 'USDT -500', 'USDT -500', /negative/],
	['an exponent', 'USDT 5e2', 'USDT 5e2', /exponent/],
	['a thousands separator (comma)', 'USDT 1,000', '000', /thousands separators/],
	['a thousands separator (space)', 'USDT 1 000', 'USDT 1 000', /more than a symbol and an amount/],
	['a decimal comma', 'EUR 1.000,50', '50', /without a currency symbol/],
	['a currency twice', 'USDT 500, usdt 100', 'usdt 100', /names USDT a second time/],
	['an empty pair', 'USDT 500,, USDC 5', 'USDT 500,, USDC 5', /empty entry/],
	['a trailing comma', 'USDT 500,', 'USDT 500,', /empty entry/],
	['an amount alone', '500', '500', /is an amount without a currency symbol \(write "USDT 500"/],
	['an exponent, amount first', '5e2 USDT', '5e2 USDT', /exponent/],
	['a negative amount, amount first', '-500 USDT', '-500 USDT', /negative/],
	['a thousands separator, amount first', '1,000 USDT', '1', /thousands separators/],
	['a symbol glued to its amount', 'USDT500', 'USDT500', /gives no amount/],
	['a colon', 'USDT: 500', 'USDT: 500', /names no currency symbol such as USDT/],
	['a sign', 'USDT +500', 'USDT +500', /not a plain decimal/],
	['a bare point', 'USDT .5', 'USDT .5', /not a plain decimal/],
	['junk', 'no limit please', 'no limit please', /more than a symbol and an amount/],
	['a currency sign', '$ 500', '$ 500', /names no currency symbol such as USDT/],
	['a currency sign, amount first', '500 $', '500 $', /names no currency symbol such as USDT/],
	['two amounts', '500 600', '500 600', /without a currency symbol/],
	['Infinity', 'USDT Infinity', 'USDT Infinity', /not a plain decimal/],
];

describe('Max Amount per Payout', () => {
	it('reads symbol and amount pairs, symbols in any letter case, amounts exactly', () => {
		expect(limitsOf('USDT 500, usdc 499.99,\tEur  450 ,DAI 0.000000000000000001')).toEqual({
			USDT: '500',
			USDC: '499.99',
			EUR: '450',
			DAI: '0.000000000000000001',
		});
	});

	it('reads an empty or blank field as no limit', () => {
		expect(limitsOf('')).toBeUndefined();
		expect(limitsOf('  \n ')).toBeUndefined();
		expect(parseCurrencyLimits('maxAmountPerPayout', undefined)).toBeUndefined();
	});

	it('reads the amount before or after its symbol, the same limit either way', () => {
		expect(limitsOf('500 USDT, usdc 499.99, 450 eur, 1INCH 7, 8 1INCH2')).toEqual({
			USDT: '500',
			USDC: '499.99',
			EUR: '450',
			'1INCH': '7',
			'1INCH2': '8',
		});
		expect(() => parseCurrencyLimits('maxAmountPerPayout', '500 USDT, USDT 400')).toThrow(
			/"USDT 400" names USDT a second time/,
		);
	});

	it('takes 0 as a limit: nothing in that currency may be paid', () => {
		expect(limitsOf('USDT 0')).toEqual({ USDT: '0' });
	});

	it.each(MALFORMED)('refuses %s, naming the field and the text', (_case, text, shown, reason) => {
		const error = unreadable(() => parseCurrencyLimits('maxAmountPerPayout', text));
		expect(error.message).toMatch(/^Max Amount per Payout cannot be read: /);
		expect(error.message).toContain(`"${shown}"`);
		expect(error.message).toMatch(reason);
		expect(error.field).toBe('maxAmountPerPayout');
		expect(error.text).toBe(shown);
	});
});

describe('Max Amount per 24 Hours', () => {
	it('reads the same form as Max Amount per Payout', () => {
		const limits = parseSpendingLimits({ maxAmountPer24Hours: 'usdt 2000, EUR 1800.5' }).per24Hours;
		expect(
			Object.fromEntries([...(limits ?? [])].map(([key, value]) => [key, exactText(value)])),
		).toEqual({
			USDT: '2000',
			EUR: '1800.5',
		});
	});

	it.each(MALFORMED)('refuses %s, naming its own field', (_case, text, shown, reason) => {
		const error = unreadable(() => parseSpendingLimits({ maxAmountPer24Hours: text }));
		expect(error.message).toMatch(/^Max Amount per 24 Hours cannot be read: /);
		expect(error.message).toContain(`"${shown}"`);
		expect(error.message).toMatch(reason);
		expect(error.field).toBe('maxAmountPer24Hours');
	});
});

describe('Allowed Recipient Addresses', () => {
	const evm = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
	const tron = tronAddress('allowed');
	const solana = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
	const tonRaw = '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e';

	it('a Bitcoin Cash address written with its bitcoincash: prefix is the bare address it always was', () => {
		const cashAddress = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
		expect(parseAllowedAddresses(cashAddress)).toEqual([
			{ entry: cashAddress, address: cashAddress },
		]);
	});

	it('splits on commas, spaces and line breaks; EVM hex addresses are kept in one letter case', () => {
		const allowed = parseAllowedAddresses(`${evm},${tron}\n\n  other-Format\r\n`);
		expect(allowed).toEqual([
			{ entry: evm, address: evm.toLowerCase() },
			{ entry: tron, address: tron },
			{ entry: 'other-Format', address: 'other-Format' },
		]);
	});

	it('ties an address to the network written before its colon, the symbol in any letter case', () => {
		expect(parseAllowedAddresses(`TRX:${tron}, bsc:${evm}\nSol:${solana} TON:${tonRaw}`)).toEqual([
			{ entry: `TRX:${tron}`, network: 'TRX', address: tron },
			{ entry: `bsc:${evm}`, network: 'BSC', address: evm.toLowerCase() },
			{ entry: `Sol:${solana}`, network: 'SOL', address: solana },
			{ entry: `TON:${tonRaw}`, network: 'TON', address: tonRaw },
		]);
	});

	it('reads a colon after something that is no network symbol as part of a bare address (TON raw form)', () => {
		expect(parseAllowedAddresses(tonRaw)).toEqual([{ entry: tonRaw, address: tonRaw }]);
	});

	it('reads an empty field as no list', () => {
		expect(parseAllowedAddresses(' \n ')).toBeUndefined();
		expect(parseAllowedAddresses('')).toBeUndefined();
	});

	it('refuses separators without an address: a list meant to be set is never read as no list', () => {
		expect(unreadable(() => parseAllowedAddresses(' , \n')).message).toMatch(/no address/);
	});

	it.each([
		['a zero-width space', `${evm}\u200b`, 'U+200B'],
		['a Cyrillic letter', 'TJRаbPrwbZy45sbavfcjinPJC18kjpRTv8', 'U+0430'],
	])('refuses an address with %s, naming it', (_case, address, codePoint) => {
		const error = unreadable(() => parseAllowedAddresses(`TQ4, ${address}`));
		expect(error.message).toMatch(/^Allowed Recipient Addresses cannot be read: /);
		expect(error.message).toContain(codePoint);
		expect(error.text).toBe(address);
	});

	/** Tied entries that cannot be checked: [case, field text, the entry the error quotes, the reason]. */
	const MALFORMED_TIED: Array<[string, string, string, RegExp]> = [
		[
			'a network the node knows no format of',
			`AVAX:${evm}`,
			`AVAX:${evm}`,
			/ties its address to AVAX, a network whose address format the node does not know/,
		],
		[
			'an address of another network',
			`TRX:${evm}`,
			`TRX:${evm}`,
			/is not a TRX address: TRON addresses are written in Base58/,
		],
		[
			'a mistyped TRON address',
			`TRX:${tron.slice(0, -1)}x`,
			`TRX:${tron.slice(0, -1)}x`,
			/is not a TRX address: .*checksum/,
		],
		[
			'a broken EIP-55 checksum',
			`ETH:${evm.replace('dAC', 'DAC')}`,
			`ETH:${evm.replace('dAC', 'DAC')}`,
			/is not a ETH address: .*EIP-55/,
		],
		['no address after the colon', `TRX: ${tron}`, 'TRX:', /has no address after TRX/],
		[
			'spaces around the colon (the network)',
			`TRX : ${tron}`,
			'TRX',
			/is a network symbol, not an address: write TRX:address/,
		],
		[
			'spaces around the colon (the colon)',
			`TRX : ${tron}`,
			':',
			/has no network before its colon/,
		],
		['a colon before the address', `:${tron}`, `:${tron}`, /has no network before its colon/],
		[
			'a network in lower case alone',
			`trx ${tron}`,
			'trx',
			/is a network symbol, not an address: write TRX:address/,
		],
		['a network twice', `TRX:TRX:${tron}`, `TRX:TRX:${tron}`, /is not a TRX address/],
	];

	it.each(MALFORMED_TIED)(
		'refuses %s, naming the field and the entry',
		(_case, text, shown, reason) => {
			expect(() => parseAllowedAddresses(text)).toThrow(UnreadableLimitError);
			const error = spendingLimitProblems({ allowedAddresses: text }).find(
				(problem) => problem.text === shown,
			);
			expect(error?.message).toMatch(/^Allowed Recipient Addresses cannot be read: /);
			expect(error?.message).toContain(`"${shown}"`);
			expect(error?.message).toMatch(reason);
			expect(error?.field).toBe('allowedAddresses');
		},
	);
});

describe('spendingLimitProblems', () => {
	it('lists every entry that cannot be read, in field order, and nothing for limits that can', () => {
		const problems = spendingLimitProblems({
			maxAmountPerPayout: 'USDT 5e2, 500 USDC, EUR',
			maxAmountPer24Hours: '1000 USDT',
			allowedAddresses: `AVAX:0xdAC17F958D2ee523a2206206994597C13D831ec7 TRX:TQ4`,
		});
		expect(problems.map(({ field, text }) => [field, text])).toEqual([
			['maxAmountPerPayout', 'USDT 5e2'],
			['maxAmountPerPayout', 'EUR'],
			['allowedAddresses', 'AVAX:0xdAC17F958D2ee523a2206206994597C13D831ec7'],
			['allowedAddresses', 'TRX:TQ4'],
		]);
		expect(problems.every((problem) => problem instanceof UnreadableLimitError)).toBe(true);
		expect(spendingLimitProblems({ maxAmountPerPayout: '500 USDT', allowedAddresses: '' })).toEqual(
			[],
		);
	});
});

describe('parseSpendingLimits', () => {
	it('reads both fields, and says whether any is set', () => {
		const texts = {
			maxAmountPerPayout: 'USDT 5',
			allowedAddresses: '',
		};
		const limits = parseSpendingLimits(texts);
		expect([...(limits.perPayout?.keys() ?? [])]).toEqual(['USDT']);
		expect(limits.allowedAddresses).toBeUndefined();
		expect(hasSpendingLimits(texts)).toBe(true);
		expect(hasSpendingLimits({ maxAmountPerPayout: ' ', allowedAddresses: '' })).toBe(false);
		expect(hasSpendingLimits({})).toBe(false);
	});

	it('refuses the whole set when one field cannot be read', () => {
		expect(() =>
			parseSpendingLimits({ maxAmountPerPayout: 'USDT 5', allowedAddresses: 'TQ4 \u200b' }),
		).toThrow(/Allowed Recipient Addresses cannot be read/);
	});
});
