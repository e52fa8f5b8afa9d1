/**
 * Exact decimals (nodes/shared/decimalText.ts): the arithmetic Check Balance First adds and compares with, and
 * the one comparison of amounts everywhere else (duplicate-guard collisions, the AI agent's cap, withdrawal bounds).
 */
import {
	addExact,
	compareExact,
	exactDecimal,
	exactText,
	sameDecimal,
	subtractExact,
	type ExactDecimal,
} from '../../nodes/shared/decimalText';

const exact = (value: number | string) => exactDecimal(value) as ExactDecimal;
const sum = (...values: Array<number | string>) =>
	values.map(exact).reduce((total, value) => addExact(total, value));

describe('exactDecimal', () => {
	it.each<[number | string, string]>([
		[0.1, '0.1'],
		[25, '25'],
		[100, '100'],
		[12.0579, '12.0579'],
		[-0.5, '-0.5'],
		[0, '0'],
		[1e-7, '0.0000001'],
		[1e21, '1000000000000000000000'],
		['25.50', '25.5'],
		['2.55e1', '25.5'],
		['+3', '3'],
	])('reads %p as exactly %s', (value, text) => {
		expect(exactText(exact(value))).toBe(text);
	});

	it.each<unknown>([Number.NaN, Infinity, -Infinity, '', '1,5', '0x10', 'ten', null, undefined, {}, true])(
		'has no exact value for %p',
		(value) => {
			expect(exactDecimal(value as number | string)).toBeUndefined();
		},
	);
});

describe('sums and comparisons are exact where doubles are not', () => {
	it('0.1 + 0.2 is 0.3, not 0.30000000000000004', () => {
		expect(0.1 + 0.2).not.toBe(0.3);
		expect(compareExact(sum(0.1, 0.2), exact(0.3))).toBe(0);
		expect(exactText(sum(0.1, 0.2))).toBe('0.3');
	});

	it('0.7 + 0.1 is 0.8, not 0.7999999999999999', () => {
		expect(0.7 + 0.1).toBe(0.7999999999999999);
		expect(compareExact(sum(0.7, 0.1), exact(0.7999999999999999))).toBe(1);
		expect(exactText(subtractExact(sum(0.7, 0.1), exact(0.7999999999999999)))).toBe(
			'0.0000000000000001',
		);
	});

	it('ten thousand payouts of 0.01 add up to exactly 100', () => {
		const payouts = Array.from({ length: 10_000 }, () => 0.01);
		expect(payouts.reduce((total, amount) => total + amount, 0)).not.toBe(100);
		expect(exactText(sum(...payouts))).toBe('100');
	});

	it('compares across scales and signs', () => {
		expect(compareExact(exact('1.10'), exact(1.1))).toBe(0);
		expect(compareExact(exact(2), exact(1.999999))).toBe(1);
		expect(compareExact(exact(-1), exact(0))).toBe(-1);
		expect(exactText(subtractExact(exact(918), exact(1530)))).toBe('-612');
	});
});

describe('sameDecimal: one amount however it is spelled, two amounts however close', () => {
	it.each<[unknown, unknown]>([
		[50000, '50000.00'],
		[50000, 5e4],
		['5e4', ' 50000 '],
		[49999.99996, '49999.99996'],
		[0.1, '0.100'],
		// What a sum computed in an expression is sent as, and so what the item pays.
		[0.1 + 0.2, '0.30000000000000004'],
	])('%p and %p are the same amount', (a, b) => {
		expect(sameDecimal(a, b)).toBe(true);
	});

	it.each<[unknown, unknown]>([
		[49999.99996, 50000],
		['49999.99996', 50000],
		[5000.000001, 5000],
		[1e12, 999999999999.9999],
		['25.000000000000000001', 25],
		[0.1 + 0.2, 0.3],
		[25, null],
		[undefined, undefined],
		['', 0],
	])('%p and %p are not', (a, b) => {
		expect(sameDecimal(a, b)).toBe(false);
	});
});

describe('an exponent no amount has', () => {
	it('is not an amount, and is answered at once (a huge power of ten is never built)', () => {
		expect(exactDecimal('1e-1000000000')).toBeUndefined();
		expect(exactDecimal('1e1000000000')).toBeUndefined();
		expect(sameDecimal('1e-1000000000', 0)).toBe(false);
		expect(exactDecimal('5e-324')).toBeDefined();
		expect(exactDecimal(Number.MAX_VALUE)).toBeDefined();
	});
});
