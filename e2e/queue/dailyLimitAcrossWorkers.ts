/**
 * One 24-hour limit for the whole account across two workers (the stack queueMode.test.ts starts):
 * examples/payout-on-form-daily-limit-queue-mode.json, as a user imports it, reserves each order's amount in
 * PostgreSQL through n8n's own Postgres node before Send payout, and releases it when the node's error proves
 * nothing was sent.
 *
 * The TYLT credential here sets no Max Amount per 24 Hours, so what holds the limit is the reservation alone:
 * - ten orders of 30 USDT submitted at the same moment under a 100 USDT limit: exactly three are paid, by
 *   executions on both workers, none twice, and the other seven are told why not;
 * - an order TYLT refuses gives its room back, an order whose outcome is unknown keeps it.
 * Every reservation's write is slowed in the database (beforeAll), so that reservations overlap as they do
 * across a slow link to PostgreSQL.
 *
 * It needs two workers (useWorkers: the second one concurrentSubmissions.ts started serves here too).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import { startSandbox, type TyltSandbox } from '../../sandbox';
import { referenceOf } from '../support/context';
import { examples } from '../support/examples';
import { submitForm, type FormEnding, type Login } from '../support/form';
import {
	activatePayoutForm,
	ENDINGS,
	SUBMISSION_TIMEOUT_MS,
	type ActivePayoutForm,
	type PayoutFormRequest,
} from '../support/payoutForm';
import { nodeOutput, type Execution, type N8nClient, type QueueMode } from '../../tools/n8n';
import { useWorkers, type QueueStack } from './stack';

const LOGIN: Login = { user: 'limit-desk', password: 'e2e-queue-limit-Passw0rd!' };
const LIMIT_USDT = 100;
const SUBMISSIONS = 10;
/** Seconds each reservation's insert takes in the database (a trigger the suite adds; see beforeAll). */
const SLOW_WRITE_S = 0.3;
const ORDER: Omit<PayoutFormRequest, 'orderNumber'> = {
	wallet: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
	amount: 30,
	currency: 'USDT',
	network: 'TRX',
};
/** The example's node names the suite reads. */
const SETUP_TRIGGER = 'Set up the tables (run once)';
const RESERVE = 'Reserve within 24-hour limit';
/** The titles of the example's endings this suite expects, beside the payout form's. */
const NOT_RESERVED = 'Not paid: not reserved';

let queue: QueueMode;
let n8n: N8nClient;
let sandbox: TyltSandbox;
let form: ActivePayoutForm;
let suiteStarted = 0;
const runTag = randomUUID().slice(0, 8);

/** Runs SQL on the stack's PostgreSQL as an operator would (psql), → its rows as `|`-separated text. */
function psql(sql: string): string {
	const { postgres, dependencies } = queue;
	const result = spawnSync(
		path.join(dependencies.postgresBin, 'psql'),
		[
			...[
				'-h',
				postgres.host,
				'-p',
				String(postgres.port),
				'-U',
				postgres.user,
				'-d',
				postgres.database,
			],
			...['-v', 'ON_ERROR_STOP=1', '-A', '-t', '-c', sql],
		],
		{ encoding: 'utf8', env: { ...process.env, PGPASSWORD: postgres.password } },
	);
	if (result.status !== 0) throw new Error(`psql failed (${result.status}): ${result.stderr}`);
	return result.stdout.trim();
}

async function submit(orderNumber: string, amount = ORDER.amount): Promise<FormEnding | undefined> {
	const answer = await submitForm(
		form.url,
		form.workflow,
		{ ...ORDER, amount, orderNumber },
		form.login,
		SUBMISSION_TIMEOUT_MS,
	);
	expect(answer.status).toBe(200);
	return answer.ending;
}

/** Every worker that ran a job of the execution, by its log ("Worker started execution <id> (job <n>)"), first
 *  job first: the first job ran the form's submission up to its ending, a later one the ending's resumption. */
function workersThatRan(execution: Execution): Array<{ worker: string; job: number }> {
	const started = new RegExp(`Worker started execution ${execution.id} \\(job (\\d+)\\)`, 'g');
	return queue.workers
		.flatMap((worker) =>
			[...worker.logs.matchAll(started)].map((found) => ({
				worker: path.basename(worker.userFolder),
				job: Number(found[1]),
			})),
		)
		.sort((a, b) => a.job - b.job);
}

/** The sandbox payouts made for this suite's orders (their reference tag starts with the run's tag). */
function payoutsOfThisRun(): Array<{ reference: string; amount: number }> {
	return sandbox.payouts
		.map((payout) => ({
			reference: referenceOf(payout) ?? '',
			amount: Number(payout.settledAmountRequested),
		}))
		.filter((payout) => payout.reference.startsWith(`LIM-${runTag}-`));
}

export function describeDailyLimitAcrossWorkers(stack: () => QueueStack): void {
	describe('queue mode, two workers: one 24-hour limit through PostgreSQL (examples/payout-on-form-daily-limit-queue-mode.json)', () => {
		beforeAll(async () => {
			suiteStarted = Date.now();
			({ queue, n8n } = stack());
			await useWorkers(queue, 2);
			// Creates and history reads take a while, as at a remote TYLT: the executions overlap on both workers.
			sandbox = await startSandbox({
				autoSettle: false,
				latencyMs: 300,
				apiSecret: 'e2e-queue-daily-limit-secret-3f9a',
			});
			const tylt = await n8n.createCredential({
				name: 'TYLT sandbox (daily limit)',
				type: 'tyltApi',
				data: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url },
			});
			const login = await n8n.createCredential({
				name: 'Payout form login (daily limit)',
				type: 'httpBasicAuth',
				data: { ...LOGIN },
			});
			// The stack's own PostgreSQL, as the example says n8n's database will do.
			const postgres = await n8n.createCredential({
				name: 'Postgres (payout limits)',
				type: 'postgres',
				data: {
					host: queue.postgres.host,
					port: queue.postgres.port,
					database: queue.postgres.database,
					user: queue.postgres.user,
					password: queue.postgres.password,
					ssl: 'disable',
				},
			});
			form = await activatePayoutForm(n8n, {
				formBaseUrl: queue.webhookUrl,
				tylt,
				login: { ...login, ...LOGIN },
				example: 'payoutOnFormDailyLimitQueueMode',
				postgres,
				adjust: (workflow) => {
					// An unknown outcome is reported at once instead of after 30 s of looking for it in history.
					const send = examples.node(workflow, 'Send payout');
					send.parameters.options = { ...send.parameters.options, inDoubtCheckSeconds: 0 };
				},
			});
			// What a user does once: run the example's setup branch (on a worker), then set the limit.
			const setup = await n8n.runWorkflowOnce(form.workflow.id, {
				triggerNode: SETUP_TRIGGER,
				timeoutMs: 60000,
			});
			expect(setup.status).toBe('success');
			psql(
				`UPDATE tylt_payout_limits SET max_per_24_hours = ${LIMIT_USDT} WHERE currency = 'USDT'`,
			);
			// Each reservation's write takes SLOW_WRITE_S, as to a database across a slow link: a transaction stays
			// open that long after its sum, so reservations on the two workers overlap. Without the reservation's
			// lock, they then each see room the others are taking and more than three are paid (5 in a run without it).
			psql(`CREATE FUNCTION e2e_slow_write() RETURNS trigger LANGUAGE plpgsql AS
				$$ BEGIN PERFORM pg_sleep(${SLOW_WRITE_S}); RETURN NEW; END $$;
				CREATE TRIGGER e2e_slow_write BEFORE INSERT ON tylt_payout_reservations
				FOR EACH ROW EXECUTE FUNCTION e2e_slow_write();`);
		}, 240000);

		afterAll(async () => {
			await sandbox?.close();
			console.log(
				`[e2e queue daily limit] the suite took ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`,
			);
		}, 60000);

		it(`${SUBMISSIONS} orders of 30 USDT at the same moment under a ${LIMIT_USDT} USDT limit: 3 paid, on both workers, none twice`, async () => {
			expect(queue.workers).toHaveLength(2);
			const before = new Set((await n8n.listExecutions(form.workflow.id)).map((run) => run.id));
			const orderNumbers = Array.from(
				{ length: SUBMISSIONS },
				(_, index) => `LIM-${runTag}-${index + 1}`,
			);

			const endings = await Promise.all(orderNumbers.map((orderNumber) => submit(orderNumber)));
			const executions = (
				await n8n.waitForExecutions(form.workflow.id, before.size + SUBMISSIONS, 60000)
			).filter((run) => !before.has(run.id));

			const paid = payoutsOfThisRun();
			const byExecution = executions.map((execution) => {
				const reservation = nodeOutput(execution, RESERVE)[0];
				const ran = workersThatRan(execution);
				return {
					id: execution.id,
					order: String(reservation.reference),
					reserved: reservation.reserved === true,
					status: execution.status,
					reservedOn: ran[0]?.worker ?? 'unknown',
					jobs: ran.map((each) => `${each.worker}#${each.job}`).join(' '),
				};
			});
			const reservedOn = (reserved: boolean) =>
				byExecution
					.filter((each) => each.reserved === reserved)
					.reduce<Record<string, number>>((counts, each) => {
						counts[each.reservedOn] = (counts[each.reservedOn] ?? 0) + 1;
						return counts;
					}, {});
			const paidTwice = paid.length - new Set(paid.map((payout) => payout.reference)).size;
			console.log(
				`[e2e queue daily limit] ${paid.length} paid (${paid.map((payout) => payout.reference).join(', ')}), ` +
					`${endings.filter((ending) => ending?.title === NOT_RESERVED).length} refused, ${paidTwice} paid twice; ` +
					`reserved on ${JSON.stringify(reservedOn(true))}, refused on ${JSON.stringify(reservedOn(false))}\n` +
					byExecution
						.map(
							(each) =>
								`  execution ${each.id} (${each.order}): ${each.reserved ? 'reserved' : 'refused '} ${each.status}, jobs ${each.jobs}`,
						)
						.join('\n'),
			);

			// TYLT holds exactly three payouts of 30, one per order, all of them orders the table reserved.
			expect(paid).toHaveLength(3);
			expect(paidTwice).toBe(0);
			expect(paid.map((payout) => payout.amount)).toEqual([30, 30, 30]);
			const reservedOrders = byExecution.filter((each) => each.reserved).map((each) => each.order);
			expect(reservedOrders.sort()).toEqual(paid.map((payout) => payout.reference).sort());
			expect(executions).toHaveLength(SUBMISSIONS);
			expect(byExecution.map((each) => each.status)).toEqual(byExecution.map(() => 'success'));
			// Both workers took submissions, so the limit held across processes, not inside one.
			expect(new Set(byExecution.map((each) => each.reservedOn))).toEqual(
				new Set(['worker', path.basename(queue.workers[1].userFolder)]),
			);
			// Each submitter was told what happened to their order.
			expect(endings.map((ending) => ending?.title).sort()).toEqual(
				[...Array(3).fill(ENDINGS.paid), ...Array(SUBMISSIONS - 3).fill(NOT_RESERVED)].sort(),
			);
			for (const ending of endings.filter((each) => each?.title === NOT_RESERVED)) {
				expect(ending?.message).toMatch(
					/90 USDT reserved in the last 24 hours plus this 30 would pass the limit of 100/,
				);
			}
		}, 120000);

		it('an order TYLT refuses gives its room back; an order whose outcome is unknown keeps it', async () => {
			// 90 of 100 are reserved: room for one order of 10.
			sandbox.injectFault('createPayout', {
				kind: 'errorCode',
				errorCode: 10011,
				msg: 'Insufficient balance',
				times: 1,
			});
			const refused = await submit(`LIM-${runTag}-refused`, 10);
			expect(refused).toEqual({
				title: ENDINGS.refused,
				message: expect.stringMatching(
					/^Order LIM-\S+-refused was not paid: TYLT error: Insufficient balance\nNothing was sent, and its 10 USDT no longer count/,
				),
			});

			// The room came back: this order is reserved, and its answer is lost on the way back.
			sandbox.injectFault('createPayout', { kind: 'drop', times: 1 });
			const unknown = await submit(`LIM-${runTag}-unknown`, 10);
			expect(unknown).toEqual({
				title: ENDINGS.inDoubt,
				message: expect.stringMatching(/The outcome of this payout is unknown[\s\S]*keep counting/),
			});

			// Its 10 still count: nothing more fits.
			const overLimit = await submit(`LIM-${runTag}-after-unknown`, 10);
			expect(overLimit).toEqual({
				title: NOT_RESERVED,
				message: expect.stringContaining(
					'100 USDT reserved in the last 24 hours plus this 10 would pass the limit of 100',
				),
			});
			expect(payoutsOfThisRun()).toHaveLength(3);
			// Both sides sorted here: PostgreSQL's ORDER BY follows the database's collation, not code points.
			expect(
				psql(
					`SELECT reference, amount FROM tylt_payout_reservations WHERE reference LIKE 'LIM-${runTag}-%'`,
				)
					.split('\n')
					.sort(),
			).toEqual(
				[
					...payoutsOfThisRun().map((payout) => `${payout.reference}|30`),
					`LIM-${runTag}-unknown|10`,
				].sort(),
			);
		}, 120000);
	});
}
