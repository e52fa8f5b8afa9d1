/**
 * Max Amount per 24 Hours leaves out a no-money status only when `settledAmountSent` says nothing was sent and
 * `transactions` is absent, null or an empty list. Records that write those two fields oddly: whatever does not
 * plainly say "nothing left" counts.
 */
import type { ExactDecimal } from '../../nodes/shared/decimalText';
import { parseSpendingLimits } from '../../nodes/shared/spendingLimits/parse';
import { spentInWindow } from '../../nodes/Tylt/payout/dailyLimit';
import type { PayoutRecord } from '../../nodes/Tylt/transport/records';

const UNDER_USDT_100 = parseSpendingLimits({ maxAmountPer24Hours: 'USDT 100' })
	.per24Hours as ReadonlyMap<string, ExactDecimal>;
let orderIds = 0;
const counted = (fields: Record<string, unknown>) => {
	const record = {
		orderId: `sent-${++orderIds}`,
		status: 'Cancelled',
		settledCurrency: 'USDT',
		settledAmountRequested: 70,
		isDebited: 0,
		settledAmountDebited: 0,
		...fields,
	} as unknown as PayoutRecord;
	const spent = spentInWindow(UNDER_USDT_100, [record], []).get('USDT');
	return spent === undefined ? 0 : Number(spent.units) / 10 ** spent.scale;
};

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
		expect(counted(fields)).toBe(70);
	});
});

describe('a Cancelled payout whose sent amount and transactions say nothing left is left out', () => {
	it.each<[string, Record<string, unknown>]>([
		['settledAmountSent "0.0", transactions []', { settledAmountSent: '0.0', transactions: [] }],
		['settledAmountSent 0, transactions null', { settledAmountSent: 0, transactions: null }],
		['settledAmountSent "-0", no transactions field', { settledAmountSent: '-0' }],
	])('%s', (_case, fields) => {
		expect(counted(fields)).toBe(0);
	});
});
