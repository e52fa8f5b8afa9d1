/**
 * Issue #10, in a real n8n: examples/payout-on-form.json submitted several times at the same moment for one
 * order number (a double click, a form posted from two tabs, a client that retries while the first request
 * still runs) must pay that order exactly once. TYLT answers every request after 300 ms (DRILL), as a remote API
 * does: without a claim shared by the concurrent executions, each of them reads a history without the
 * payout and sends its own.
 */
import { useE2e } from './support/context';
import type { Login } from './support/form';
import {
	concurrentSubmissionDrill,
	DRILL,
	executionsByOrder,
	expectEveryAnswer200,
	expectOnePaidEnding,
	expectOnePayoutPerOrder,
	openPayoutForm,
	paidOnce,
	type ActivePayoutForm,
} from './support/payoutForm';

const e2e = useE2e();

const LOGIN: Login = { user: 'payout-desk', password: 'e2e-form-Passw0rd!' };

let form: ActivePayoutForm;

beforeAll(async () => {
	form = await openPayoutForm(e2e, LOGIN, 'Payout form login (concurrent)');
});

beforeEach(async () => {
	await e2e.sandbox.setLatency(DRILL.tyltLatencyMs);
});

// Every other file shares this sandbox: leave it answering at once.
afterEach(async () => {
	await e2e.sandbox.setLatency(0);
});

describe('Payout request form submitted several times at once (issue #10)', () => {
	it.each([2, 5])(
		'%i submissions of one order at the same moment pay it exactly once, round after round',
		async (submissionsPerRound) => {
			const executionsBefore = (await e2e.n8n.listExecutions(form.workflow.id)).length;

			const report = await concurrentSubmissionDrill(form, {
				submissionsPerRound,
				payouts: async () => await e2e.sandbox.payouts(),
			});
			console.log(`[e2e concurrent] ${report.summary}`);

			expectEveryAnswer200(report);
			// TYLT: exactly one payout per order, in every round.
			expectOnePayoutPerOrder(report);
			// The submitters: one was told "Paid", every other one "Already paid".
			expectOnePaidEnding(report);
			// n8n: one execution per submission, all successful; one sent the payout, the others output it with
			// alreadySent: true.
			const executions = (
				await e2e.n8n.waitForExecutions(
					form.workflow.id,
					executionsBefore + DRILL.rounds * submissionsPerRound,
					30000,
				)
			).slice(executionsBefore);
			expect(executions).toHaveLength(DRILL.rounds * submissionsPerRound);
			expect(
				executionsByOrder(
					executions,
					report.rounds.map((round) => round.orderNumber),
				),
			).toEqual(report.rounds.map(paidOnce));
		},
		// Each round's submissions follow their endings side by side; on a loaded machine a round can take many
		// seconds (the executions run to the ending, then once more when the ending page posts back).
		DRILL.rounds * 15000,
	);
});
