/**
 * Adversary (issue 26, third round): the re-check of a late create (create.dailyGate.ts) with several creates in
 * flight at once (Concurrent Payouts 3). The execution decided 3 × 30 under "USDT 100"; before its creates start,
 * and after that decision, a payout of 30 is made elsewhere (the dashboard) and history lists it. Every create
 * starts "late" (DAILY_RECHECK.afterMs tuned down), so each one looks at history again.
 */
import { DAILY_RECHECK, DailyLimitGate } from '../../nodes/Tylt/actions/payout/create.dailyGate';
import { credentialsFor, payoutCreate, tronAddress } from '../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('gate-in-flight');
const afterMs = DAILY_RECHECK.afterMs;
afterEach(() => {
	DAILY_RECHECK.afterMs = afterMs;
	jest.restoreAllMocks();
});

async function batchWithPayoutMadeElsewhere() {
	// Every create is late: each looks at history again.
	DAILY_RECHECK.afterMs = -1;
	const beforeCreate = DailyLimitGate.prototype.beforeCreate;
	let seeded = false;
	jest.spyOn(DailyLimitGate.prototype, 'beforeCreate').mockImplementation(async function (
		this: DailyLimitGate,
		...args
	) {
		if (!seeded) {
			seeded = true;
			suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(0), settledAmountRequested: 30 });
		}
		return await beforeCreate.apply(this, args);
	});
	return await suite.run({
		credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
		items: [1, 2, 3].map((n) => ({ row: `in-flight-${n}` })),
		parameters: payoutCreate({
			baseAmount: 30,
			address: RECIPIENT,
			options: { reference: '={{ $json.row }}', concurrentPayouts: 3 },
		}),
		continueOnFail: true,
	});
}

const paidTotal = () => suite.sandbox.payouts.reduce((sum, p) => sum + p.settledAmountRequested, 0);

it('creates in flight together never pay past the limit on one look at history', async () => {
	await batchWithPayoutMadeElsewhere();
	expect(paidTotal()).toBeLessThanOrEqual(100);
});

it('a refusal at the re-check leaves the room it freed to the creates after it (two of the three 30s fit)', async () => {
	const outcomes = await batchWithPayoutMadeElsewhere();
	// 30 made elsewhere + 2 × 30 = 90 ≤ 100: only one of the batch's three has to give way.
	expect(outcomes.filter((item) => item.json.error !== undefined)).toHaveLength(1);
	expect(paidTotal()).toBe(90);
});

itShowsNoSecret();
