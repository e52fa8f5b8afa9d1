/**
 * Max Amount per 24 Hours when a payout's record changes after this process read it. The history cache keeps
 * the records it read and later reads only the top of history (down to its newest payout less the late-arrival
 * margin): a payout read as Cancelled (no room taken) whose record later says money left must take its room in
 * the next execution's sum, wherever it sits in the window.
 *
 * A refusal that rests on a record read earlier and not final (Pending, say) is decided again on a full read.
 *
 * The account: a payout of 70 two hours ago, first listed Cancelled, and 90 payouts in another currency since
 * (an account that pays in two currencies), so the old one is below the pages a read of the top goes through.
 */
import { DAILY_RECHECK, DailyLimit } from '../../../nodes/Tylt/payout/limits/dailyLimit';
import type { PayoutRecord } from '../../../sandbox';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();
afterEach(() => jest.restoreAllMocks());

const RECIPIENT = tronAddress('record-changed-since-read');
let references = 0;
const pay = (baseAmount: number) =>
	suite.run({
		credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
		parameters: payoutCreate({
			baseAmount,
			address: RECIPIENT,
			reference: `changed-${++references}`,
			options: {},
		}),
		continueOnFail: true,
	});
const createdAmounts = () =>
	requestsTo(suite.sandbox, 'createPayout')
		.filter((request) => request.status === 200)
		.map((request) => JSON.parse(request.rawBody).baseAmount as number);

/**
 * The 70 read as Cancelled, `createdHoursAgo`, with payouts in USDC (no limit) made after it: `since` at half
 * its age and twice as many at three quarters of it, so a read of the top of history stops above it.
 */
function cancelledSeventyBelow(since: number, createdHoursAgo: number): PayoutRecord {
	const usdc = (count: number, hours: number) =>
		suite.sandbox.seedPayouts(count, {
			createdAt: hoursAgo(hours),
			settledCurrency: 'USDC',
			settledAmountRequested: 1,
		});
	usdc(since, createdHoursAgo / 2);
	usdc(since * 2, (createdHoursAgo * 3) / 4);
	const [seventy] = suite.sandbox.seedPayouts(1, {
		createdAt: hoursAgo(createdHoursAgo),
		status: 'Cancelled',
		settledAmountRequested: 70,
		settledAmountDebited: 0,
		isDebited: 0,
	});
	return seventy;
}

const SAYS_MONEY_LEFT: Array<[string, Partial<PayoutRecord>]> = [
	[
		'Completed, debited',
		{ status: 'Completed', isDebited: 1, isFinal: 1, settledAmountDebited: 70 },
	],
	['still Cancelled, but debited', { isDebited: 1, settledAmountDebited: 70 }],
];

describe.each(SAYS_MONEY_LEFT)(
	'a payout of 70 read as Cancelled whose record later says %s',
	(_case, later) => {
		it('takes its room in the next execution: 70 + 10 + 25 is above USDT 100', async () => {
			const seventy = cancelledSeventyBelow(30, 2);
			const [first] = await pay(10);
			expect(first.json.error).toBeUndefined();

			Object.assign(seventy, later);
			const [second] = await pay(25);

			expect(String(second.json.error)).toMatch(/above Max Amount per 24 Hours/);
			expect(createdAmounts()).toEqual([10]);
		});

		it('takes its room when it changed inside the late-arrival margin too (the read goes down to it)', async () => {
			const seventy = cancelledSeventyBelow(0, 0.05);
			await pay(10);

			Object.assign(seventy, later);
			const [second] = await pay(25);

			expect(String(second.json.error)).toMatch(/above Max Amount per 24 Hours/);
			expect(createdAmounts()).toEqual([10]);
		});
	},
);

describe('a payout of 70 read as Pending, below the top of history, that TYLT now shows Failed', () => {
	it('a refusal resting on it is decided again on a full read: 10 + 25 is sent', async () => {
		const seventy = cancelledSeventyBelow(30, 2);
		Object.assign(seventy, { status: 'Pending', isFinal: 0 });
		const [first] = await pay(10);
		expect(first.json.error).toBeUndefined();

		Object.assign(seventy, { status: 'Failed', isFinal: 1 });
		const [second] = await pay(25);

		// Counted as last read (Pending), 70 + 10 + 25 is above USDT 100; TYLT's record now moved no money.
		expect(second.json.error).toBeUndefined();
		expect(createdAmounts()).toEqual([10, 25]);
	});
});

describe('a payout of 70 read as Cancelled by the batch, debited before its late create starts', () => {
	it('takes its room at the create’s re-check: 70 + 35 is above USDT 100, nothing is sent', async () => {
		const seventy = cancelledSeventyBelow(30, 2);
		// The create starts after DAILY_RECHECK.afterMs, so it looks at history again; by then the record changed.
		const realNow = Date.now.bind(Date);
		let offsetMs = 0;
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
		const beforeCreate = DailyLimit.prototype.beforeCreate;
		jest.spyOn(DailyLimit.prototype, 'beforeCreate').mockImplementation(async function (
			this: DailyLimit,
			...args
		) {
			Object.assign(seventy, { status: 'Completed', isDebited: 1, settledAmountDebited: 70 });
			offsetMs = DAILY_RECHECK.afterMs + 60_000;
			return await beforeCreate.apply(this, args);
		});

		const [output] = await pay(35);

		expect(String(output.json.error)).toMatch(/Max Amount per 24 Hours refuses it at its turn/);
		expect(createdAmounts()).toEqual([]);
	});
});

describe('a payout of 70 read as Cancelled, below the top of history that later executions read', () => {
	const historyReads = () => requestsTo(suite.sandbox, 'payoutHistory').length;

	it('a payout that fits only without it is paid after one full read of the window shows it still Cancelled', async () => {
		cancelledSeventyBelow(30, 2);
		await pay(20);
		// The first execution read the window in full.
		const fullRead = historyReads();

		const [second] = await pay(20);

		expect(second.json.error).toBeUndefined();
		expect(createdAmounts()).toEqual([20, 20]);
		// Counted as last read, 70 + 20 + 20 is above USDT 100: the window is read in full, where it is still
		// Cancelled: the top of history, then the window in full as the first execution read it.
		expect(historyReads() - fullRead).toBe(1 + fullRead);
	});

	it('a payout that fits either way costs the read of the top of history only', async () => {
		cancelledSeventyBelow(30, 2);
		await pay(10);
		const before = historyReads();

		// Counted as last read, 70 + 10 + 10 is within USDT 100.
		const [second] = await pay(10);

		expect(second.json.error).toBeUndefined();
		expect(historyReads() - before).toBe(1);
	});
});

itShowsNoSecret();
