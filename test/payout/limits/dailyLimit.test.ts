/**
 * Max Amount per 24 Hours, the arithmetic: what history and this process's reservations add up to per limited
 * currency (a payout whose status says it moved no money left out, unless its record says money left), and
 * which of an execution's payouts fit on top, in order and in exact decimals; then the same rule through
 * Payout → Create against the sandbox.
 */
import type { INodeParameters } from 'n8n-workflow';

import { exactDecimal, type ExactDecimal } from '../../../nodes/shared/decimalText';
import { parseSpendingLimits } from '../../support/spendingLimits';
import { decideDaily } from '../../../nodes/Tylt/payout/limits/dailyLimit';
import {
	spentInWindow,
	UncountableHistoryError,
} from '../../../nodes/Tylt/payout/limits/spentInWindow';
import { type Reservation } from '../../../nodes/Tylt/payout/limits/reservations';
import type { PayoutRecord } from '../../../nodes/Tylt/transport/records';
import { hoursAgo } from '../../support/moneySafetyKit';
import {
	credentialsFor,
	payoutCreate,
	requestsTo,
	tronAddress,
	useTyltNode,
} from '../../support/sandboxKit';

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

	it.each(['Failed', 'Cancelled', 'Expired', 'Rejected', 'CANCELLED', ' rejected ', 'expired'])(
		'leaves out a payout whose status %p says it moved no money',
		(status) => {
			const spent = spentInWindow(
				limits('USDT 100'),
				[record({ status, settledAmountRequested: 90, isDebited: 0, settledAmountDebited: 0 })],
				[],
			);
			expect(sums(spent)).toEqual({});
		},
	);

	it.each(['Pending', 'Completed', 'Refunded', 'Canceled', 'Processing', '', 'Cancelled-ish'])(
		'counts a payout whose status is %p: one that may have moved money, or one the node does not know',
		(status) => {
			const spent = spentInWindow(
				limits('USDT 100'),
				[record({ status, settledAmountRequested: 90 })],
				[],
			);
			expect(sums(spent)).toEqual({ USDT: '90' });
		},
	);

	it('counts a payout without a status, or with one that is not text', () => {
		const spent = spentInWindow(
			limits('USDT 1000'),
			[
				record({ status: undefined, settledAmountRequested: 90 }),
				record({ status: 3 as unknown as string, settledAmountRequested: 5 }),
			],
			[],
		);
		expect(sums(spent)).toEqual({ USDT: '95' });
	});

	it.each<[string, Record<string, unknown>]>([
		['isDebited 1', { isDebited: 1 }],
		['isDebited true', { isDebited: true }],
		['isDebited "1"', { isDebited: '1' }],
		['an isDebited that cannot be read', { isDebited: 'yes' }],
		['settledAmountDebited above zero', { settledAmountDebited: 91.5 }],
		['settledAmountDebited above zero as text', { settledAmountDebited: '0.000001' }],
		['a settledAmountDebited that cannot be read', { settledAmountDebited: 'n/a' }],
	])(
		'counts a Cancelled payout whose record says money left (%s), whatever its status',
		(_case, fields) => {
			const spent = spentInWindow(
				limits('USDT 100'),
				[record({ status: 'Cancelled', settledAmountRequested: 90, ...fields })],
				[],
			);
			expect(sums(spent)).toEqual({ USDT: '90' });
		},
	);

	it('leaves out a Rejected payout whose debit fields say nothing left (0, "0", false, null)', () => {
		const spent = spentInWindow(
			limits('USDT 100'),
			[
				record({ status: 'Rejected', isDebited: false, settledAmountDebited: '0' }),
				record({ status: 'Rejected', isDebited: '0', settledAmountDebited: null }),
			],
			[],
		);
		expect(sums(spent)).toEqual({});
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
			reference: `reserved-${amount}`,
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

describe('Payout → Create under Max Amount per 24 Hours, with history in each status', () => {
	const node = useTyltNode();
	const RECIPIENT = tronAddress('daily recipient');
	const underUsdt100 = () => ({ ...credentialsFor(node.sandbox), maxAmountPer24Hours: 'USDT 100' });
	const createdAmounts = () =>
		requestsTo(node.sandbox, 'createPayout').map(
			(request) => JSON.parse(request.rawBody).baseAmount as number,
		);
	const payTwenty = (options: INodeParameters = {}) =>
		node.run({
			credentials: underUsdt100(),
			parameters: payoutCreate({ baseAmount: 20, address: RECIPIENT, options }),
		});
	const seedNinety = (fields: Record<string, unknown>) =>
		node.sandbox.seedPayouts(1, {
			createdAt: hoursAgo(1),
			settledAmountRequested: 90,
			...fields,
		});

	it.each(['Cancelled', 'Expired', 'Rejected', 'Failed', 'REJECTED'])(
		'a %s payout of 90 under USDT 100 leaves room for 20',
		async (status) => {
			seedNinety({ status });
			const [paid] = await payTwenty();
			expect(paid.json.status).toBe('Pending');
			expect(createdAmounts()).toEqual([20]);
		},
	);

	it.each([
		['Pending', { status: 'Pending' }],
		['a status the node does not know', { status: 'On Hold' }],
		['Cancelled, its record saying money was debited', { status: 'Cancelled', isDebited: 1 }],
		['Expired, with an amount debited', { status: 'Expired', settledAmountDebited: 91 }],
	])('a payout of 90 that is %s takes its room: 20 more is refused', async (_case, fields) => {
		seedNinety(fields);
		const error = await node.fail({
			credentials: underUsdt100(),
			parameters: payoutCreate({ baseAmount: 20, address: RECIPIENT }),
		});
		expect(error.message).toMatch(
			/20 USDT would take the last 24 hours to 110 USDT, above Max Amount per 24 Hours for USDT \(100 USDT\): 90 USDT was paid out or is on its way/,
		);
		expect(createdAmounts()).toEqual([]);
	});

	it('Dry Run and Check Balance First report the figures the limit uses', async () => {
		seedNinety({ status: 'Cancelled' });
		seedNinety({ status: 'Completed', settledAmountRequested: 30 });
		const [dry] = await payTwenty({ dryRun: true, checkBalanceFirst: true });

		expect(dry.json).toMatchObject({
			wouldSend: true,
			spendingLimits: {
				allowed: true,
				last24Hours: [
					{
						currency: 'USDT',
						limit: '100',
						last24Hours: '30',
						thisExecution: '20',
						remaining: '50',
					},
				],
			},
			balanceCheck: { enough: true, currencies: [{ currencySymbol: 'USDT', amounts: 20 }] },
		});
		expect(createdAmounts()).toEqual([]);
		await payTwenty({ checkBalanceFirst: true });
		expect(createdAmounts()).toEqual([20]);
	});
});
