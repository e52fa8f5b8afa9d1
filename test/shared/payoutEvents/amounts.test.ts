import { exactNumber, normaliseAmounts } from '../../../nodes/shared/payoutEvents/amounts';

describe('exactNumber', () => {
	it.each([
		['25', 25],
		['24.50', 24.5],
		['-0.5', -0.5],
		['007', 7],
		[' 12.3 ', 12.3],
		['0.000001', 0.000001],
		// A satoshi: the number prints as 1e-8, the same decimal value (the payout check's rule, decimalText.ts).
		['0.00000001', 0.00000001],
	])('reads %p as %p', (text, value) => {
		expect(exactNumber(text)).toBe(value);
	});

	it.each([['0.123456789012345678'], ['123456789012345678901'], ['1e5'], ['12,5'], [''], ['abc']])(
		'leaves %p alone: not a decimal, or not exact as a number',
		(text) => {
			expect(exactNumber(text)).toBeUndefined();
		},
	);
});

describe('normaliseAmounts', () => {
	it('converts amount, commission and fee fields at any depth, and nothing else', () => {
		expect(
			normaliseAmounts({
				orderId: '123',
				merchantOrderId: '456',
				isFinal: '1',
				settledAmountSent: '10',
				commission: '0.25',
				networkFees: '1.5',
				transactions: [{ amount: '10', transactionHash: '42' }],
				transaction: { amount: 'n/a' },
			}),
		).toEqual({
			orderId: '123',
			merchantOrderId: '456',
			isFinal: '1',
			settledAmountSent: 10,
			commission: 0.25,
			networkFees: 1.5,
			transactions: [{ amount: 10, transactionHash: '42' }],
			transaction: { amount: 'n/a' },
		});
	});

	it('keeps a field named __proto__ as a field of the copy, never as its prototype', () => {
		const record = JSON.parse('{"__proto__":{"amount":"2.50"},"fee":"1"}') as object;
		const copy = normaliseAmounts(record) as Record<string, unknown>;

		expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
		expect(Object.keys(copy)).toEqual(['__proto__', 'fee']);
		expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ amount: 2.5 });
		expect(copy.fee).toBe(1);
	});

	it('does not change the record it is given', () => {
		const record = { settledAmountSent: '10' };
		normaliseAmounts(record);
		expect(record).toEqual({ settledAmountSent: '10' });
	});
});
