/**
 * Issue #18, in a real n8n: examples/payout-on-form.json against an account with 10,000 payouts in its
 * look-back window. The first submission reads the window in full; then one order posted 5 times at the same
 * moment pays once, and every execution stays within the steady-state budget of the duplicate guard's history
 * cache: the currency list, at most one history page, and the create (docs/money-safety.md, History cache).
 */
import { useE2e } from './support/context';
import type { Login } from './support/form';
import {
	concurrentSubmissionDrill,
	executionsByOrder,
	expectEveryAnswer200,
	expectOnePayoutPerOrder,
	openPayoutForm,
	paidOnce,
	type ActivePayoutForm,
} from './support/payoutForm';

const e2e = useE2e();

const LOGIN: Login = { user: 'payout-desk-cache', password: 'e2e-cache-Passw0rd!' };
/** The window holds this many payouts once the round paid (the guard's cap: one more would be an error). */
const HISTORY = 10_000;
const SUBMISSIONS = 5;
/** Per execution in steady state: currency list, one history page, the create (sent by one of them). */
const STEADY_REQUESTS_MAX = 3;

let form: ActivePayoutForm;

beforeAll(async () => {
	form = await openPayoutForm(e2e, LOGIN, 'Payout form login (history cache)');
});

// Every other file shares this sandbox: leave it answering at once.
afterEach(async () => {
	await e2e.sandbox.setLatency(0);
});

describe('Payout request form against 10,000 payouts in history (issue #18)', () => {
	it('5 submissions of one order at once pay it once, each execution within the steady-state request budget', async () => {
		// The submission before the round and the round each add a payout: 10,000 in the window at the end,
		// one a minute as an account paying steadily has them (the cache reads 15 minutes below the newest).
		await e2e.sandbox.seedPayouts(HISTORY - 2, undefined, 60_000);
		const payouts = async () => await e2e.sandbox.payouts();
		const executionsBefore = (await e2e.n8n.listExecutions(form.workflow.id)).length;

		// The first execution after the seeding reads the whole window (and this n8n's cache keeps it).
		const first = await concurrentSubmissionDrill(form, {
			submissionsPerRound: 1,
			rounds: 1,
			payouts,
		});
		expectEveryAnswer200(first);
		const firstRequests = (await e2e.sandbox.requests()).length;

		await e2e.sandbox.setLatency(150);
		const report = await concurrentSubmissionDrill(form, {
			submissionsPerRound: SUBMISSIONS,
			rounds: 1,
			payouts,
		});
		console.log(`[e2e history cache] ${report.summary}`);

		expectEveryAnswer200(report);
		expectOnePayoutPerOrder(report);
		const executions = (
			await e2e.n8n.waitForExecutions(form.workflow.id, executionsBefore + 1 + SUBMISSIONS, 30000)
		).slice(executionsBefore + 1);
		expect(
			executionsByOrder(
				executions,
				report.rounds.map((round) => round.orderNumber),
			),
		).toEqual(report.rounds.map(paidOnce));
		const round = (await e2e.sandbox.requests()).slice(firstRequests);
		const count = (endpoint: string) =>
			round.filter((request) => request.endpoint === endpoint).length;
		console.log(
			`[e2e history cache] ${SUBMISSIONS} executions: ${round.length} requests (${count('payoutHistory')} history pages, ${count('currencies')} currency lists, ${count('createPayout')} creates)`,
		);
		expect(count('createPayout')).toBe(1);
		expect(count('currencies')).toBe(SUBMISSIONS);
		// At most one history page per execution (executions that ask while a read is under way share the next).
		expect(count('payoutHistory')).toBeLessThanOrEqual(SUBMISSIONS);
		expect(round.length).toBeLessThanOrEqual(SUBMISSIONS * STEADY_REQUESTS_MAX);
		// 10,000 payouts read in full would be 51 pages for every execution.
		expect(await e2e.sandbox.payouts()).toHaveLength(HISTORY);
	});
});
