/**
 * Check Balance First's arithmetic (nodes/Tylt/actions/payout/create.balanceCheck.ts): per settled currency,
 * amounts plus network fees in exact decimals against TYLT's balance, failing closed where a payout cannot be
 * priced.
 */
import {
	balanceCheckReport,
	checkBalance,
	type PlannedPayout,
} from '../../nodes/Tylt/actions/payout/create.balanceCheck';
import type { AccountBalance } from '../../nodes/Tylt/transport/records';

let nextItem = 0;
function payout(amount: number, overrides: Partial<PlannedPayout> = {}): PlannedPayout {
	return {
		itemIndex: nextItem++,
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		amount,
		networkFee: 0,
		...overrides,
	};
}

const balance = (currencySymbol: string, amount: number): AccountBalance => ({
	currencySymbol,
	balance: amount,
});

beforeEach(() => {
	nextItem = 0;
});

describe('decimal-safe totals', () => {
	it('0.1 + 0.2 of a token against a balance of 0.3 is exactly covered, not short by a rounding error', () => {
		const check = checkBalance([payout(0.1), payout(0.2)], [balance('USDT', 0.3)]);

		expect(check.enough).toBe(true);
		expect(check.currencies).toEqual([
			{
				currencySymbol: 'USDT',
				payouts: 2,
				amounts: '0.3',
				networkFees: '0',
				total: '0.3',
				balance: '0.3',
				shortfall: '0',
				enough: true,
			},
		]);
	});

	it('0.7 + 0.1 against 0.7999999999999999 is short by 0.0000000000000001, not a pass by a rounding error', () => {
		const check = checkBalance([payout(0.7), payout(0.1)], [balance('USDT', 0.7999999999999999)]);

		expect(check.enough).toBe(false);
		expect(check.currencies[0]).toMatchObject({
			total: '0.8',
			balance: '0.7999999999999999',
			shortfall: '0.0000000000000001',
			enough: false,
		});
	});

	it('adds each payout’s network fee on top of its amount', () => {
		const check = checkBalance(
			[
				payout(25, { networkFee: 1 }),
				payout(40.5, { networkFee: 1 }),
				payout(12, { networkFee: 0.3 }),
			],
			[balance('USDT', 79.8)],
		);

		expect(check.currencies[0]).toMatchObject({
			payouts: 3,
			amounts: '77.5',
			networkFees: '2.3',
			total: '79.8',
			enough: true,
		});
	});

	it('a balance one unit of the last decimal short of amount plus fee is short', () => {
		const check = checkBalance([payout(25, { networkFee: 1 })], [balance('USDT', 25.999999)]);

		expect(check.currencies[0]).toMatchObject({ shortfall: '0.000001', enough: false });
	});
});

describe('per settled currency', () => {
	it('keeps currencies apart, matches TYLT’s symbols in any case, and is enough only when all are covered', () => {
		const check = checkBalance(
			[
				payout(30, { networkFee: 1 }),
				payout(12, { settledCurrency: 'USDC', networkSymbol: 'BSC', networkFee: 0.3 }),
				payout(20, { networkFee: 1 }),
			],
			[balance('usdt', 100), balance('USDC', 12.2), balance('DAI', 5)],
		);

		expect(check.enough).toBe(false);
		expect(check.currencies).toEqual([
			expect.objectContaining({
				currencySymbol: 'USDT',
				total: '52',
				balance: '100',
				enough: true,
			}),
			expect.objectContaining({
				currencySymbol: 'USDC',
				total: '12.3',
				balance: '12.2',
				shortfall: '0.1',
				enough: false,
			}),
		]);
	});

	it('a currency TYLT lists no balance for is short by its whole total', () => {
		const check = checkBalance([payout(20, { settledCurrency: 'DAI', networkFee: 5 })], []);

		expect(check.enough).toBe(false);
		expect(check.currencies[0]).toMatchObject({ balance: null, shortfall: '25', enough: false });
	});

	it('nothing to send is enough, whatever the balance', () => {
		expect(checkBalance([], [])).toEqual({ enough: true, currencies: [], unpriced: [] });
	});
});

describe('payouts that cannot be priced make the check fail, never pass on a guess', () => {
	it('a payout sized in a fiat Base Currency', () => {
		const check = checkBalance(
			[payout(10), payout(100, { baseCurrency: 'EUR' })],
			[balance('USDT', 1_000_000)],
		);

		expect(check.enough).toBe(false);
		expect(check.currencies[0]).toMatchObject({ payouts: 1, total: '10', enough: true });
		expect(check.unpriced).toEqual([
			{
				itemIndex: 1,
				settledCurrency: 'USDT',
				reason: 'sized in EUR, which TYLT converts to USDT only when it creates the payout',
			},
		]);
	});

	it('a payout whose network has no fee in TYLT’s currency list', () => {
		const check = checkBalance([payout(10, { networkFee: undefined })], [balance('USDT', 100)]);

		expect(check.enough).toBe(false);
		expect(check.unpriced[0].reason).toBe(
			"TYLT's currency list gives no network fee for USDT on TRX",
		);
	});
});

it('reports the check as JSON numbers for a dry run', () => {
	const report = balanceCheckReport(
		checkBalance(
			[payout(0.1, { networkFee: 1 }), payout(0.2, { networkFee: 1 })],
			[balance('USDT', 1.5)],
		),
	);

	expect(report).toEqual({
		enough: false,
		currencies: [
			{
				currencySymbol: 'USDT',
				payouts: 2,
				amounts: 0.3,
				networkFees: 2,
				total: 2.3,
				balance: 1.5,
				shortfall: 0.8,
				enough: false,
			},
		],
		unpriced: [],
	});
});
