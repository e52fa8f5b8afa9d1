/**
 * spentInWindow, each payout once: a reservation whose create's answer never came is replaced by the payout
 * history lists under its reference, and only by a payout that can be it (same amount and currency, created
 * since its send, not another reservation's); anything less certain counts both.
 */
import { exactDecimal, type ExactDecimal } from '../../../nodes/shared/decimalText';
import type { Reservation } from '../../../nodes/Tylt/payout/limits/reservations';
import { spentInWindow } from '../../../nodes/Tylt/payout/limits/spentInWindow';
import type { PayoutRecord } from '../../../nodes/Tylt/transport/records';
import { parseSpendingLimits } from '../../support/spendingLimits';

const LIMITS = parseSpendingLimits({ maxAmountPer24Hours: 'USDT 1000' }).per24Hours as ReadonlyMap<
	string,
	ExactDecimal
>;
const MINUTE_MS = 60_000;
const sentAtMs = Date.now() - 60 * MINUTE_MS;

const unanswered = (amount: number, reference = 'row-1'): Reservation => ({
	lines: [{ currency: 'USDT', amount: exactDecimal(amount) as ExactDecimal }],
	reference,
	sentAtMs,
});
let orderIds = 0;
const listed = (fields: Partial<PayoutRecord> = {}) =>
	({
		orderId: `order-${++orderIds}`,
		status: 'Pending',
		settledCurrency: 'USDT',
		settledAmountRequested: 60,
		comments: '[ref:row-1] rent',
		createdAt: new Date(sentAtMs + MINUTE_MS).toISOString(),
		...fields,
	}) as PayoutRecord;
const usdt = (history: PayoutRecord[], reservations: Reservation[]) => {
	const spent = spentInWindow(LIMITS, history, reservations).get('USDT');
	return spent === undefined ? 0 : Number(spent.units) / 10 ** spent.scale;
};

describe('a reservation whose create’s answer never came', () => {
	it('is replaced by the payout history lists under its reference', () => {
		expect(usdt([listed()], [unanswered(60)])).toBe(60);
	});

	it('is replaced by its payout found by merchantOrderId too', () => {
		expect(usdt([listed({ comments: 'rent', merchantOrderId: 'row-1' })], [unanswered(60)])).toBe(
			60,
		);
	});

	it('moved no money, by TYLT’s record now: takes no room', () => {
		expect(usdt([listed({ status: 'Failed' })], [unanswered(60)])).toBe(0);
	});

	it.each<[string, Partial<PayoutRecord>, number]>([
		['of another amount', { settledAmountRequested: 59 }, 60 + 59],
		['in another currency (one without a limit)', { settledCurrency: 'USDC' }, 60],
		['of another reference', { comments: '[ref:row-2] rent' }, 60 + 60],
		[
			'created over 15 minutes before the send',
			{ createdAt: new Date(sentAtMs - 16 * MINUTE_MS).toISOString() },
			60 + 60,
		],
		['with no readable createdAt', { createdAt: 'yesterday' }, 60 + 60],
	])('is not replaced by a payout %s: both count', (_case, fields, total) => {
		expect(usdt([listed(fields)], [unanswered(60)])).toBe(total);
	});

	it('one payout replaces one reservation: two lost creates of a reference and one listed payout count 120', () => {
		expect(usdt([listed()], [unanswered(60), unanswered(60)])).toBe(120);
	});

	it('a payout another reservation names by order ID replaces that one only', () => {
		const payout = listed();
		const answered = { ...unanswered(60), orderId: payout.orderId as string };
		expect(usdt([payout], [answered, unanswered(60)])).toBe(120);
	});
});
