/**
 * Max Amount per 24 Hours leaves out a payout only when its status says it moved no money (Failed, Cancelled,
 * Expired, Rejected, in any letter case) and nothing in its record says money left. Attacks on that rule with
 * records written oddly: each one here either may have moved money (it must count) or plainly did not. A
 * record's `settledAmountSent` says nothing was sent only when it is zero or absent, and its `transactions` only
 * when absent, null or an empty list.
 */
import type { ExactDecimal } from '../../../nodes/shared/decimalText';
import { parseSpendingLimits } from '../../support/spendingLimits';
import { spentInWindow } from '../../../nodes/Tylt/payout/limits/spentInWindow';
import type { PayoutRecord } from '../../../nodes/Tylt/transport/records';

const UNDER_USDT_100 = parseSpendingLimits({ maxAmountPer24Hours: 'USDT 100' })
	.per24Hours as ReadonlyMap<string, ExactDecimal>;
let orderIds = 0;
const counted = (fields: Record<string, unknown>) => {
	const record = {
		orderId: `odd-${++orderIds}`,
		settledCurrency: 'USDT',
		settledAmountRequested: 70,
		isDebited: 0,
		settledAmountDebited: 0,
		...fields,
	} as unknown as PayoutRecord;
	const spent = spentInWindow(UNDER_USDT_100, [record], []).get('USDT');
	return spent === undefined ? 0 : Number(spent.units) / 10 ** spent.scale;
};

describe('a status that is not exactly a no-money status counts', () => {
	it.each([
		'Canceled',
		'CANCELLED\u200b',
		'Cancelled\u0000',
		'Cancelled.',
		'Cancel',
		'FA\u0130LED',
		'\uff23\uff21\uff2e\uff23\uff25\uff2c\uff2c\uff25\uff24',
		'Failed / Retrying',
		'Partially Cancelled',
	])('%p', (status) => {
		expect(counted({ status })).toBe(70);
	});
});

describe('a no-money status whose debit fields do not plainly say "nothing" counts', () => {
	it.each<[string, Record<string, unknown>]>([
		['isDebited "true"', { isDebited: 'true' }],
		['isDebited " 1 "', { isDebited: ' 1 ' }],
		['isDebited -1', { isDebited: -1 }],
		['isDebited "0x1"', { isDebited: '0x1' }],
		['isDebited ""', { isDebited: '' }],
		['isDebited []', { isDebited: [] }],
		['isDebited {}', { isDebited: {} }],
		['settledAmountDebited "-1"', { settledAmountDebited: '-1' }],
		['settledAmountDebited "abc"', { settledAmountDebited: 'abc' }],
		['settledAmountDebited "1e-7"', { settledAmountDebited: '1e-7' }],
		['settledAmountDebited "Infinity"', { settledAmountDebited: 'Infinity' }],
		['isDebited "0" but settledAmountDebited 70', { isDebited: '0', settledAmountDebited: 70 }],
	])('Cancelled with %s', (_case, fields) => {
		expect(counted({ status: 'Cancelled', ...fields })).toBe(70);
	});
});

describe('a no-money status whose record says money was sent on chain counts', () => {
	it.each<[string, Record<string, unknown>]>([
		['settledAmountSent 70', { settledAmountSent: 70 }],
		['a transaction with its hash', { transactions: [{ txHash: '0xabc', amount: 70 }] }],
	])('Expired with %s, isDebited 0 and settledAmountDebited 0', (_case, fields) => {
		expect(counted({ status: 'Expired', ...fields })).toBe(70);
	});
});

describe('a no-money status whose debit fields say nothing left is left out', () => {
	it.each<[string, Record<string, unknown>]>([
		[
			'isDebited "0", settledAmountDebited "0.00"',
			{ isDebited: '0', settledAmountDebited: '0.00' },
		],
		['isDebited null, settledAmountDebited null', { isDebited: null, settledAmountDebited: null }],
		['no debit fields at all', { isDebited: undefined, settledAmountDebited: undefined }],
		['isDebited false, settledAmountDebited "0"', { isDebited: false, settledAmountDebited: '0' }],
	])('Rejected with %s', (_case, fields) => {
		expect(counted({ status: ' rejected ', ...fields })).toBe(0);
	});
});

it('a record whose status is missing counts', () => {
	expect(counted({ status: undefined })).toBe(70);
});

const countedCancelled = (fields: Record<string, unknown>) =>
	counted({ status: 'Cancelled', ...fields });

describe('a Cancelled payout whose sent amount or transactions do not plainly say "nothing" counts', () => {
	it.each<[string, Record<string, unknown>]>([
		['transactions {}', { transactions: {} }],
		['transactions "[]" (a string)', { transactions: '[]' }],
		['transactions ""', { transactions: '' }],
		['transactions false', { transactions: false }],
		['transactions [null]', { transactions: [null] }],
		['transactions [{}]', { transactions: [{}] }],
		['settledAmountSent "-1"', { settledAmountSent: '-1' }],
		['settledAmountSent -0.5', { settledAmountSent: -0.5 }],
		['settledAmountSent 1e-7', { settledAmountSent: 1e-7 }],
		['settledAmountSent "0,5"', { settledAmountSent: '0,5' }],
		['settledAmountSent "NaN"', { settledAmountSent: 'NaN' }],
		['settledAmountSent true', { settledAmountSent: true }],
	])('%s', (_case, fields) => {
		expect(countedCancelled(fields)).toBe(70);
	});
});

describe('a Cancelled payout whose sent amount and transactions say nothing left is left out', () => {
	it.each<[string, Record<string, unknown>]>([
		['settledAmountSent "0.0", transactions []', { settledAmountSent: '0.0', transactions: [] }],
		['settledAmountSent 0, transactions null', { settledAmountSent: 0, transactions: null }],
		['settledAmountSent "-0", no transactions field', { settledAmountSent: '-0' }],
	])('%s', (_case, fields) => {
		expect(countedCancelled(fields)).toBe(0);
	});
});
