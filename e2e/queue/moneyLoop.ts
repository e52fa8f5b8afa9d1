/**
 * The money loop with n8n in queue mode (the stack queueMode.test.ts starts), as queue-mode users run it:
 *
 * - Payout → Create runs on the worker (manual runs are offloaded to workers), not on main.
 * - The sandbox's signed callbacks go to the TYLT Trigger's Production URL on the webhook processor, which
 *   verifies them and enqueues one execution per accepted callback; the worker runs them to success.
 * - A production form submission (webhook processor → worker) pays once, and not again for the same order.
 *
 * It runs on the stack's first worker (workers[0], `worker`) alone, removing any other, and leaves it stopped:
 * its last test proves that the runs above needed the package on that worker.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import { startSandbox, type TyltSandbox } from '../../sandbox';
import { examples } from '../support/examples';
import { submitForm, type Login } from '../support/form';
import { ENDINGS } from '../support/payoutForm';
import {
	nodeOutput,
	type Execution,
	type N8nClient,
	type QueueMode,
	type QueueProcess,
} from '../../tools/n8n';
import { useWorkers, type QueueStack } from './stack';

/** The sandbox settles a payout this long after its creation, on a clock that moves only when told to. */
const SETTLE_MS = 5000;
const LOGIN: Login = { user: 'queue-desk', password: 'e2e-queue-Passw0rd!' };

let queue: QueueMode;
let n8n: N8nClient;
let sandbox: TyltSandbox;
let credential: { id: string; name: string };

/** Waits until a process's log matches (its output reaches us a moment after the database says so). */
async function waitForLog(
	process: QueueProcess,
	pattern: RegExp,
	timeoutMs = 15000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!pattern.test(process.logs)) {
		if (Date.now() > deadline) {
			throw new Error(
				`${process.command} log has no ${pattern} after ${timeoutMs} ms (${process.logFile})`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** The execution ran on the worker: the worker started and finished it, main never did. */
async function expectRanOnWorker(execution: Execution): Promise<void> {
	await waitForLog(
		queue.worker,
		new RegExp(`Worker started execution ${execution.id} \\(job \\d+\\)`),
	);
	await waitForLog(
		queue.worker,
		new RegExp(`Worker finished execution ${execution.id} \\(job \\d+\\)`),
	);
	expect(queue.main.logs).not.toMatch(new RegExp(`Worker started execution ${execution.id} `));
}

/** After a second of quiet: exactly `count` executions of the workflow, none running. */
async function expectExecutionCount(workflowId: string, count: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, 1000));
	expect(await n8n.listExecutions(workflowId, { status: 'running' })).toEqual([]);
	expect(await n8n.listExecutions(workflowId)).toHaveLength(count);
}

function expectNoUnknownNodeType(): void {
	for (const process of [queue.main, queue.worker, queue.webhook]) {
		expect({ process: process.command, log: process.logs }).not.toEqual({
			process: process.command,
			log: expect.stringMatching(/Unrecognized node type|Unknown node type/),
		});
	}
}

export function describeMoneyLoop(stack: () => QueueStack): void {
	describe('n8n in queue mode (main, worker, webhook processor on Redis and PostgreSQL)', () => {
		beforeAll(async () => {
			({ queue, n8n } = stack());
			// expectRanOnWorker reads the first worker's log: no other worker may take the jobs.
			await useWorkers(queue, 1);
			sandbox = await startSandbox({
				autoSettle: false,
				completionDelayMs: SETTLE_MS,
				apiSecret: 'e2e-queue-sandbox-secret-51d7',
			});
			credential = await n8n.createCredential({
				name: 'TYLT sandbox',
				type: 'tyltApi',
				data: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url },
			});
		}, 60000);

		afterAll(async () => {
			await sandbox?.close();
		});

		beforeEach(() => {
			sandbox.reset();
		});

		it('every process has the package installed in its own user folder', async () => {
			for (const process of [queue.main, queue.worker, queue.webhook]) {
				expect(process.package).toMatchObject({
					name: 'n8n-nodes-tylt',
					link: path.join(process.userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-tylt'),
				});
			}
			const types = (await n8n.nodeTypes('n8n-nodes-tylt.')).map((type) => type.name);
			expect(types).toEqual(
				expect.arrayContaining(['n8n-nodes-tylt.tylt', 'n8n-nodes-tylt.tyltTrigger']),
			);
		});

		it('creates payouts on the worker; their callbacks reach the webhook processor; the trigger runs complete on the worker', async () => {
			const settled = examples.useCredential(examples.load('payoutSettled'), credential);
			examples.setWebhookId(settled, randomUUID());
			const settledStored = await n8n.createWorkflow(settled);
			await n8n.activate(settledStored.id);
			const productionUrl = examples.productionUrl(queue.webhookUrl, settled);
			await n8n.waitForWebhook(productionUrl);

			const create = examples.setCallbackUrl(
				examples.useCredential(examples.load('createPayout'), credential),
				productionUrl,
			);
			const createStored = await n8n.createWorkflow(create);
			const execution = await n8n.runWorkflowOnce(createStored.id, { timeoutMs: 60000 });

			expect(execution.status).toBe('success');
			await expectRanOnWorker(execution);
			const output = nodeOutput(execution, 'Send payout');
			const stored = sandbox.payouts;
			expect(output.map((item) => item.orderId).sort()).toEqual(
				stored.map((payout) => payout.orderId).sort(),
			);
			expect(output.map((item) => [item.merchantReference, item.alreadySent])).toEqual([
				['INV-1042', false],
				['INV-1043', false],
			]);

			await sandbox.advanceTime(SETTLE_MS);

			// Pending and Completed for each payout, every one answered 200 ok by the webhook processor.
			expect(
				sandbox.callbacks.map(({ url, status, responseBody, payoutStatus }) => ({
					url,
					status,
					responseBody,
					payoutStatus,
				})),
			).toEqual(
				expect.arrayContaining(
					['Pending', 'Pending', 'Completed', 'Completed'].map((payoutStatus) => ({
						url: productionUrl,
						status: 200,
						responseBody: 'ok',
						payoutStatus,
					})),
				),
			);
			expect(sandbox.callbacks).toHaveLength(4);

			// A sentinel (a new order) last: once its run finished, no run of the real callbacks is on its way.
			const sentinel = `sentinel-${randomUUID()}`;
			const delivery = await sandbox.sendCallback(productionUrl, {
				orderId: sentinel,
				merchantOrderId: 'SENTINEL',
				status: 'Completed',
				isFinal: 1,
				settledCurrency: 'USDT',
				settledAmountSent: 10,
				network: 'TRX',
				toAddress: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
			});
			expect(delivery).toMatchObject({ status: 200, responseBody: 'ok' });
			const finished = await n8n.waitForExecutions(settledStored.id, 3, 60000);
			// Nothing more on its way (a redelivered job would show up as a further run).
			await expectExecutionCount(settledStored.id, 3);
			const runs = finished
				.map((run) => ({ run, callback: nodeOutput(run, 'Payout settled')[0] }))
				.filter(({ callback }) => callback.orderId !== sentinel);

			// Final Only: one run per payout, its status Completed, each a success down the "Paid" branch.
			expect(
				runs.map(({ run, callback }) => ({
					orderId: callback.orderId,
					payoutStatus: callback.status,
					execution: run.status,
				})),
			).toEqual(
				expect.arrayContaining(
					output.map((item) => ({
						orderId: item.orderId,
						payoutStatus: 'Completed',
						execution: 'success',
					})),
				),
			);
			expect(runs).toHaveLength(output.length);
			for (const { run } of runs) {
				expect(run.mode).toBe('webhook');
				expect(Object.keys(run.data!.resultData.runData)).toContain('Paid: mark invoice settled');
				await expectRanOnWorker(run);
				await waitForLog(queue.webhook, new RegExp(`Enqueued execution ${run.id} \\(job \\d+\\)`));
			}

			// A Completed callback resent byte for byte (from TYLT's dashboard): the webhook processor answers ok
			// and queues nothing.
			const completed = sandbox.callbacks.find(
				(callback) => callback.payoutStatus === 'Completed',
			)!;
			const resent = await fetch(productionUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-tlp-signature': completed.signature },
				body: completed.rawBody,
			});
			expect({ status: resent.status, body: await resent.text() }).toEqual({
				status: 200,
				body: 'ok',
			});
			await expectExecutionCount(settledStored.id, 3);
			expectNoUnknownNodeType();
		});

		it('a production form submission (webhook processor → worker) pays once and says "Paid", and not again for the same order ("Already paid")', async () => {
			const login = await n8n.createCredential({
				name: 'Payout form login',
				type: 'httpBasicAuth',
				data: { ...LOGIN },
			});
			const form = examples.useCredential(
				examples.useCredential(examples.load('payoutOnForm'), credential),
				login,
				'httpBasicAuth',
			);
			examples.setFormPath(form, `queue-payout-${randomUUID()}`);
			const formStored = await n8n.createWorkflow(form);
			await n8n.activate(formStored.id);
			const url = examples.formUrl(queue.webhookUrl, form);
			await n8n.waitForWebhook(url);
			const order = {
				orderNumber: 'ORD-Q-1',
				wallet: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
				amount: 30,
				currency: 'USDT',
				network: 'TRX',
			};

			const first = await submitForm(url, form, order, LOGIN);
			const second = await submitForm(url, form, order, LOGIN);

			expect([first.status, second.status]).toEqual([200, 200]);
			// The form endings, served by the webhook processor once the worker reached them.
			expect([first.ending?.title, second.ending?.title]).toEqual([
				ENDINGS.paid,
				ENDINGS.alreadyPaid,
			]);
			const runs = await n8n.waitForExecutions(formStored.id, 2, 60000);
			expect(runs.map((run) => [run.mode, run.status])).toEqual([
				['webhook', 'success'],
				['webhook', 'success'],
			]);
			for (const run of runs) await expectRanOnWorker(run);
			expect(runs.map((run) => nodeOutput(run, 'Send payout')[0].alreadySent)).toEqual([
				false,
				true,
			]);
			expect(sandbox.payouts).toEqual([
				expect.objectContaining({
					comments: `[ref:${order.orderNumber}] Order ${order.orderNumber} (payout form)`,
					toAddress: order.wallet,
					settledAmountRequested: order.amount,
				}),
			]);
			expect(
				sandbox.requests.filter((request) => request.endpoint === 'createPayout'),
			).toHaveLength(1);
			expectNoUnknownNodeType();
		});

		// Last: it stops the worker that has the package. The control for everything above: the same create on a
		// worker whose ~/.n8n/nodes lacks n8n-nodes-tylt fails, so the runs above did need the package there.
		it('a worker without the package fails the execution with "Unrecognized node type"', async () => {
			const bare = await queue.addWorker({ name: 'worker-without-package', packageDir: null });
			expect(bare.package).toBeNull();
			await queue.worker.stop();
			const create = examples.useCredential(examples.load('createPayout'), credential);
			delete examples.node(create, 'Send payout').parameters.additionalFields.callBackUrl;
			const createStored = await n8n.createWorkflow(create);

			const execution = await n8n.runWorkflowOnce(createStored.id, { timeoutMs: 60000 });

			expect(execution.status).toBe('error');
			expect(execution.data!.resultData.error!.message).toBe(
				'Unrecognized node type: n8n-nodes-tylt.tylt',
			);
			await waitForLog(bare, /Unrecognized node type: n8n-nodes-tylt\.tylt/);
			expect(sandbox.requests).toEqual([]);
		});
	});
}
