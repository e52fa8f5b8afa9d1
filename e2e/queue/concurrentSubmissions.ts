/**
 * Issue #10 in queue mode (the stack queueMode.test.ts starts): the payout form submitted 2 and 5 times at the
 * same moment for one order number, TYLT answering after 300 ms, round after round.
 *
 * The duplicate guard's claim on a reference lives in one process: executions on one worker wait for each
 * other, executions on two workers do not (n8n gives a node no atomic store shared between processes). So:
 *
 * - one worker (the default --concurrency 5): every order is paid exactly once: asserted, this is the safe
 *   queue-mode setup;
 * - two workers: measured and reported, not asserted (a rate, not a guarantee); what is asserted is that every
 *   submission was answered, every execution succeeded and n8n's executions agree with what TYLT holds;
 * - two workers with a Redis claim in the workflow (n8n's Redis node, INCR on the order number, before Send
 *   payout: examples/payout-on-form-queue-mode.json, as a user imports it): every order is paid exactly once:
 *   asserted, the recipe for several workers.
 *
 * It runs its first part on one worker and its last two on two (useWorkers), and leaves two running.
 */
import path from 'node:path';

import { startSandbox, type TyltSandbox } from '../../sandbox';
import type { Login } from '../support/form';
import { type Execution, type N8nClient, type QueueMode } from '../../tools/n8n';
import {
	activatePayoutForm,
	concurrentSubmissionDrill,
	DRILL,
	executionsByOrder,
	ENDINGS,
	expectEveryAnswer200,
	expectOnePaidEnding,
	expectOnePayoutPerOrder,
	paidOnce,
	NO_ANSWER,
	SUBMISSION_TIMEOUT_MS,
	type ActivePayoutForm,
	type DrillReport,
} from '../support/payoutForm';
import { useWorkers, type QueueStack } from './stack';

const LOGIN: Login = { user: 'queue-desk', password: 'e2e-queue-Passw0rd!' };
const ROUNDS = DRILL.rounds;

let sandbox: TyltSandbox;
let queue: QueueMode;
let n8n: N8nClient;
let form: ActivePayoutForm;
let tylt: { id: string; name: string };
let login: { id: string; name: string };

/** The drill, then n8n's executions of its rounds (the form answers once its execution ended). */
async function drill(
	submissionsPerRound: number,
	form: ActivePayoutForm,
): Promise<{ report: DrillReport; executions: Execution[] }> {
	const before = new Set((await n8n.listExecutions(form.workflow.id)).map((run) => run.id));
	const report = await concurrentSubmissionDrill(form, {
		submissionsPerRound,
		payouts: async () => sandbox.payouts,
	});
	const executions = (
		await n8n.waitForExecutions(form.workflow.id, before.size + ROUNDS * submissionsPerRound, 60000)
	).filter((run) => !before.has(run.id));
	return { report, executions };
}

/** Which worker ran each execution (their logs: "Worker started execution <id> (job <n>)"). */
function workersOf(executions: Execution[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const execution of executions) {
		const started = new RegExp(`Worker started execution ${execution.id} \\(job \\d+\\)`);
		const worker = queue.workers.find((each) => started.test(each.logs));
		const name = worker ? path.basename(worker.userFolder) : 'unknown';
		counts[name] = (counts[name] ?? 0) + 1;
	}
	return counts;
}

export function describeConcurrentSubmissions(stack: () => QueueStack): void {
	describe('queue mode: the payout form submitted several times at once (issue #10)', () => {
		beforeAll(async () => {
			({ queue, n8n } = stack());
			sandbox = await startSandbox({
				autoSettle: false,
				latencyMs: DRILL.tyltLatencyMs,
				apiSecret: 'e2e-queue-concurrent-secret-8c2e',
			});
			tylt = await n8n.createCredential({
				name: 'TYLT sandbox (concurrent submissions)',
				type: 'tyltApi',
				data: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url },
			});
			login = await n8n.createCredential({
				name: 'Payout form login (concurrent submissions)',
				type: 'httpBasicAuth',
				data: { ...LOGIN },
			});
			form = await activatePayoutForm(n8n, {
				formBaseUrl: queue.webhookUrl,
				tylt,
				login: { ...login, ...LOGIN },
			});
		}, 60000);

		afterAll(async () => {
			await sandbox?.close();
		}, 60000);

		describe('one worker: the safe setup', () => {
			beforeAll(async () => {
				await useWorkers(queue, 1);
			}, 60000);

			it.each([2, 5])(
				'%i submissions of one order at the same moment pay it exactly once, round after round',
				async (submissionsPerRound) => {
					expect(queue.workers).toHaveLength(1);

					const { report, executions } = await drill(submissionsPerRound, form);
					console.log(`[e2e queue concurrent] one worker: ${report.summary}`);

					expectEveryAnswer200(report);
					expectOnePayoutPerOrder(report);
					expectOnePaidEnding(report);
					expect(executions).toHaveLength(ROUNDS * submissionsPerRound);
					expect(workersOf(executions)).toEqual({ worker: ROUNDS * submissionsPerRound });
					expect(
						executionsByOrder(
							executions,
							report.rounds.map((round) => round.orderNumber),
						),
					).toEqual(report.rounds.map(paidOnce));
				},
			);
		});

		describe('two workers: measured, not guaranteed', () => {
			beforeAll(async () => {
				await useWorkers(queue, 2);
			}, 180000);

			it.each([2, 5])(
				'%i submissions of one order at the same moment: every one answered, every execution agrees with TYLT',
				async (submissionsPerRound) => {
					expect(queue.workers).toHaveLength(2);

					const { report, executions } = await drill(submissionsPerRound, form);
					const ranOn = workersOf(executions);
					console.log(
						`[e2e queue concurrent] two workers: ${report.summary}; executions per worker ${JSON.stringify(ranOn)}`,
					);

					expectEveryAnswer200(report);
					expect(executions).toHaveLength(ROUNDS * submissionsPerRound);
					expect(Object.values(ranOn).reduce((sum, count) => sum + count, 0)).toBe(
						executions.length,
					);
					// Each order paid at least once and at most once per submission; each execution that sent a payout
					// is one TYLT holds, the others output one TYLT holds.
					const byOrder = executionsByOrder(
						executions,
						report.rounds.map((round) => round.orderNumber),
					);
					expect(byOrder).toEqual(
						report.rounds.map((round) => ({
							orderNumber: round.orderNumber,
							statuses: round.answers.map(() => 'success'),
							sent: round.payouts.length,
							alreadySent: submissionsPerRound - round.payouts.length,
							orderIds: expect.any(Array),
						})),
					);
					for (const [index, round] of report.rounds.entries()) {
						const held = round.payouts.map((payout) => payout.orderId);
						expect(held).toEqual(expect.arrayContaining(byOrder[index].orderIds));
						expect(round.payouts.length).toBeGreaterThanOrEqual(1);
						// Each submitter was told what its own execution did.
						expect(round.endings).toEqual(
							[
								...Array(round.payouts.length).fill(ENDINGS.paid),
								...Array(submissionsPerRound - round.payouts.length).fill(ENDINGS.alreadyPaid),
							].sort(),
						);
					}
				},
			);
		});

		describe('two workers, examples/payout-on-form-queue-mode.json (a Redis claim on the order number before Send payout): the recipe for several workers', () => {
			let claimed: ActivePayoutForm;

			beforeAll(async () => {
				const redis = await n8n.createCredential({
					name: 'Redis (payout claims)',
					type: 'redis',
					data: { host: '127.0.0.1', port: queue.redis.port, database: 0 },
				});
				claimed = await activatePayoutForm(n8n, {
					formBaseUrl: queue.webhookUrl,
					tylt,
					login: { ...login, ...LOGIN },
					example: 'payoutOnFormQueueMode',
					redis,
				});
			}, 60000);

			it.each([2, 5])(
				'%i submissions of one order at the same moment pay it exactly once, round after round',
				async (submissionsPerRound) => {
					expect(queue.workers).toHaveLength(2);

					const { report, executions } = await drill(submissionsPerRound, claimed);
					const ranOn = workersOf(executions);
					const answers = report.rounds.flatMap((round) => round.answers);
					const unanswered = answers.filter((answer) => answer === NO_ANSWER).length;
					console.log(
						`[e2e queue concurrent] two workers, Redis claim: ${report.summary}; executions per worker ` +
							`${JSON.stringify(ranOn)}; ${unanswered} of ${answers.length} submissions never answered`,
					);

					// A submission whose ending never came is counted (the form answers the POST at once and the page
					// then waits for the execution to reach its ending); any other answer must be 200.
					expect(answers.filter((answer) => answer !== 200 && answer !== NO_ANSWER)).toEqual([]);
					expectOnePayoutPerOrder(report);
					// Per order at most one submitter was told "Paid" and every other one "Already submitted", but for
					// those whose ending never came.
					for (const round of report.rounds) {
						const told = round.endings.filter((ending) => ending !== NO_ANSWER);
						const others = told.filter((ending) => ending !== ENDINGS.paid);
						expect(told.length - others.length).toBeLessThanOrEqual(1);
						expect(others).toEqual(others.map(() => ENDINGS.claimedElsewhere));
					}
					expect(executions).toHaveLength(ROUNDS * submissionsPerRound);
					// One execution per order reached Send payout and sent; the others stopped at the claim.
					expect(
						executionsByOrder(
							executions,
							report.rounds.map((round) => round.orderNumber),
						),
					).toEqual(
						report.rounds.map((round) => ({
							...paidOnce(round),
							alreadySent: 0,
						})),
					);
				},
				// A round with a submission n8n leaves unanswered (above) waits SUBMISSION_TIMEOUT_MS for it (its
				// submissions run side by side), on top of its own second or two.
				ROUNDS * (SUBMISSION_TIMEOUT_MS + 10000),
			);
		});
	});
}
