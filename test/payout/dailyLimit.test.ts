/**
 * Max Amount per 24 Hours, the arithmetic: what history and this process's reservations add up to per limited
 * currency, and which of an execution's payouts fit on top, in order and in exact decimals.
 */
import { exactDecimal, type ExactDecimal } from '../../nodes/shared/decimalText';
import { parseSpendingLimits } from '../../nodes/shared/spendingLimits/parse';
import {
	decideDaily,
	spentInWindow,
	UncountableHistoryError,
} from '../../nodes/Tylt/payout/dailyLimit';
import type { Reservation } from '../../nodes/Tylt/payout/dailySpendJournal';
import type { PayoutRecord } from '../../nodes/Tylt/transport/records';

const limits = (text: string) =>
	parseSpendingLimits({ maxAmountPer24Hours: text }).per24Hours as ReadonlyMap<
		string,
		ExactDecimal
	>;
const exact = (value: number | string) => exactDecimal(value) as ExactDecimal;
let orderIds = 0;
const record = (fields: Partial<PayoutRecord>) =>
	({
		orderId: `order-${++orderIds}`,
		status: 'Completed',
		settledCurrency: 'USDT',
		settledAmountRequested: 10,
		...fields,
	}) as PayoutRecord;
const sums = (spent: Map<string, ExactDecimal>) =>
	Object.fromEntries(
		[...spent].map(([currency, amount]) => [
			currency,
			String(Number(amount.units) / 10 ** amount.scale),
		]),
	);

describe('spentInWindow', () => {
	it('counts pending and completed payouts, not failed ones in any letter case, nor unlimited currencies', () => {
		const spent = spentInWindow(
			limits('USDT 1000'),
			[
				record({ settledAmountRequested: 100 }),
				record({ status: 'Pending', settledAmountRequested: 50 }),
				record({ status: 'Failed', settledAmountRequested: 400 }),
				record({ status: ' FAILED ', settledAmountRequested: 400 }),
				record({ settledCurrency: 'BTC', settledAmountRequested: 1 }),
			],
			[],
		);
		expect(sums(spent)).toEqual({ USDT: '150' });
	});

	it('reads a record of a currency no limit names without reading its amount', () => {
		const spent = spentInWindow(
			limits('USDT 1000'),
			[record({ settledCurrency: 'BTC', settledAmountRequested: 'n/a' as unknown as number })],
			[],
		);
		expect(sums(spent)).toEqual({});
	});

	it('adds in exact decimals', () => {
		const spent = spentInWindow(
			limits('usdt 1'),
			[record({ settledAmountRequested: 0.1 }), record({ settledAmountRequested: 0.2 })],
			[],
		);
		expect(spent.get('USDT')).toEqual({ units: 3n, scale: 1 });
	});

	it('counts a payout sized in fiat by what it settled, whatever its Base Currency', () => {
		const spent = spentInWindow(
			limits('USDT 1000, EUR 500'),
			[record({ baseCurrency: 'eur', baseAmount: 40, settledAmountRequested: 43 })],
			[],
		);
		expect(sums(spent)).toEqual({ USDT: '43' });
	});

	it('adds this process’s reservations, once: a sent one history shows counts from history', () => {
		const shown = record({ settledAmountRequested: 70 });
		const reservation = (amount: number, orderId?: string): Reservation => ({
			lines: [{ currency: 'USDT', amount: exact(amount) }],
			sentAtMs: Date.now(),
			orderId,
		});
		const spent = spentInWindow(
			limits('USDT 1000'),
			[shown],
			[reservation(70, String(shown.orderId)), reservation(5), reservation(8, 'not-listed-yet')],
		);
		expect(sums(spent)).toEqual({ USDT: '83' });
	});

	it.each([
		[{ settledAmountRequested: 'ten' }, /settledAmountRequested "ten", not an amount/],
		[{ settledAmountRequested: -5 }, /settledAmountRequested -5/],
		[{ settledCurrency: undefined }, /no readable settledCurrency/],
	])('cannot add up history holding %j: fail closed', (fields, reason) => {
		const read = () =>
			spentInWindow(limits('USDT 1000, EUR 500'), [record(fields as Partial<PayoutRecord>)], []);
		expect(read).toThrow(UncountableHistoryError);
		expect(read).toThrow(reason);
	});
});

describe('decideDaily', () => {
	const payout = (
		itemIndex: number,
		amount: number,
		settledCurrency = 'USDT',
		baseCurrency?: string,
	) => ({
		itemIndex,
		amount,
		settledCurrency,
		baseCurrency,
	});

	it('takes payouts in order while they fit, and later smaller ones still fit', () => {
		const decisions = decideDaily(limits('USDT 100'), new Map([['USDT', exact(40)]]), [
			payout(0, 50),
			payout(1, 20),
			payout(2, 10),
		]);
		expect([...decisions.values()].map((decision) => decision.fits)).toEqual([true, false, true]);
		expect(decisions.get(2)?.figures).toEqual([
			{ currency: 'USDT', limit: '100', last24Hours: '40', thisExecution: '60', remaining: '0' },
		]);
	});

	it.each([
		[
			'an unlisted settled currency',
			payout(0, 1, 'USDC'),
			/names no limit for USDC \(only USDT, EUR\)/,
		],
		['a crypto Base Currency', payout(0, 1, 'USDT', 'BTC'), /sized in BTC \(Base Currency\)/],
		[
			'a fiat Base Currency, even a listed one',
			payout(0, 1, 'USDT', 'eur'),
			/sized in EUR .*USDT cannot be checked/,
		],
	])('refuses %s', (_case, one, reason) => {
		const decision = decideDaily(limits('USDT 100, EUR 90'), new Map(), [one]).get(0);
		expect(decision).toMatchObject({ fits: false, reason: expect.stringMatching(reason) });
	});

	it('takes a Base Currency equal to the settled one, in any letter case, as none', () => {
		const decision = decideDaily(limits('USDT 100'), new Map(), [
			payout(0, 10, 'USDT', ' usdt '),
		]).get(0);
		expect(decision).toMatchObject({ fits: true, lines: [{ currency: 'USDT' }] });
	});
});
