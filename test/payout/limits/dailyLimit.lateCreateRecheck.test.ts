/**
 * The re-check of a late create (payout/limits/dailyLimit.ts) with several creates in
 * flight at once (the node's own pace sends all three together). The execution decided 3 × 30 under "USDT 100"; before its creates start,
 * and after that decision, a payout of 30 is made elsewhere (the dashboard) and history lists it; the creates
 * start more than DAILY_RECHECK.afterMs after the decision.
 *
 * The limit holds (the gate's sum counts every reservation of the batch). What must not happen (denial of service): the three
 * creates await one shared read and each sums 30 + 3 × 30 = 120 before any refusal frees its room (settleFailed
 * ran promise hops later), so all three are refused although two of them fit (30 + 2 × 30 = 90).
 */
import { DAILY_RECHECK, DailyLimit } from '../../../nodes/Tylt/payout/limits/dailyLimit';
import { credentialsFor, payoutCreate, tronAddress } from '../../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('gate-in-flight');
afterEach(() => jest.restoreAllMocks());

async function batchWithPayoutMadeElsewhere() {
	// The creates start 6 minutes after the decision: late, so the first looks at history again, and the
	// other two, in flight with it, share that look.
	const realNow = Date.now.bind(Date);
	let offsetMs = 0;
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
	const beforeCreate = DailyLimit.prototype.beforeCreate;
	let seeded = false;
	jest.spyOn(DailyLimit.prototype, 'beforeCreate').mockImplementation(async function (
		this: DailyLimit,
		...args
	) {
		if (!seeded) {
			seeded = true;
			suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(0), settledAmountRequested: 30 });
			offsetMs = DAILY_RECHECK.afterMs + 60_000;
		}
		return await beforeCreate.apply(this, args);
	});
	return await suite.run({
		credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
		items: [1, 2, 3].map((n) => ({ row: `in-flight-${n}` })),
		parameters: payoutCreate({
			baseAmount: 30,
			address: RECIPIENT,
			reference: '={{ $json.row }}',
			options: {},
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
