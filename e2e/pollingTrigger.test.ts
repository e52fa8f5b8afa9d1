/**
 * The TYLT Payout Status Trigger in a real n8n: listed as a polling trigger, polled on its schedule, one item
 * per payout status change across an outage of TYLT and a restart of n8n on the same database.
 *
 * This file runs an n8n of its own (the suite's shared one must not restart under the other files), against
 * the suite's sandbox. n8n refuses poll times under a minute apart, but accepts several Poll Times entries, each
 * a fixed second: twenty of them poll every 3 s, so the file waits seconds, not minutes.
 */
import fs from 'node:fs';
import path from 'node:path';

import {
	nodeOutput,
	REPO_ROOT,
	setupOwner,
	startN8n,
	type Execution,
	type N8nClient,
	type N8nInstance,
	type WorkflowJson,
} from '../tools/n8n';
import { useE2e } from './support/context';
import { examples } from './support/examples';

const e2e = useE2e();

/** Beside the suite's own n8n log (globalSetup: a folder per runtime). */
const LOG_FILE = path.join(path.dirname(e2e.state.n8n.logFile), 'n8n-polling.log');
const TRIGGER = 'Payout settled';
const POLL_EVERY_SECONDS = 3;
/** The sandbox's completion delay (globalSetup): advancing its clock this far settles every payout. */
const SETTLE_MS = 5000;

let userFolder: string;
let n8n: N8nInstance;
let client: N8nClient;
let credential: { id: string; name: string };

async function startOwnN8n(): Promise<void> {
	n8n = await startN8n({ userFolder, logFile: LOG_FILE });
	client = await setupOwner(n8n);
}

beforeAll(async () => {
	const started = Date.now();
	const instances = path.join(REPO_ROOT, '.cache', 'n8n-instances');
	fs.mkdirSync(instances, { recursive: true });
	userFolder = fs.mkdtempSync(path.join(instances, 'n8n-polling-'));
	fs.rmSync(LOG_FILE, { force: true });
	await startOwnN8n();
	const { sandbox } = e2e.state;
	credential = await client.createCredential({
		name: 'TYLT sandbox',
		type: 'tyltApi',
		data: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url },
	});
	console.log(
		`[e2e polling] own n8n ${n8n.url} ready in ${n8n.readyMs} ms; setup ${Date.now() - started} ms`,
	);
}, 180000);

afterAll(async () => {
	await n8n?.stop();
	if (userFolder) fs.rmSync(userFolder, { recursive: true, force: true });
}, 60000);

/** The example, bound to this n8n's credential, polling every few seconds, every status (not Final Only). */
function pollingWorkflow(): WorkflowJson {
	const workflow = examples.useCredential(examples.load('payoutSettledPolling'), credential);
	const trigger = examples.node(workflow, TRIGGER);
	trigger.parameters.finalOnly = false;
	trigger.parameters.pollTimes = {
		item: Array.from({ length: 60 / POLL_EVERY_SECONDS }, (_, index) => ({
			mode: 'custom',
			cronExpression: `${index * POLL_EVERY_SECONDS} * * * * *`,
		})),
	};
	return workflow;
}

async function historyReads(): Promise<number> {
	return (await e2e.sandbox.requests()).filter((request) => request.endpoint === 'payoutHistory')
		.length;
}

/** Waits until the trigger has read history `polls` more times (and the runs those polls started are stored). */
async function waitForPolls(polls: number, timeoutMs = 30000): Promise<void> {
	const target = (await historyReads()) + polls;
	const deadline = Date.now() + timeoutMs;
	while ((await historyReads()) < target) {
		if (Date.now() > deadline) throw new Error(`fewer than ${polls} polls in ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	if (workflowId) await settledExecutions(workflowId);
}

/** The active workflow of the exactly-once test. */
let workflowId = '';

/** The workflow's executions once none is running, oldest first. */
async function settledExecutions(id: string): Promise<Execution[]> {
	for (let attempt = 0; attempt < 100; attempt++) {
		const running = await client.listExecutions(id, { status: 'running' });
		const executions = await client.listExecutions(id, { includeData: true });
		if (running.length === 0 && executions.every((execution) => execution.status !== 'running')) {
			return executions.sort((a, b) => Number(a.id) - Number(b.id));
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(`executions of workflow ${id} still running after 20 s`);
}

/** `orderId:status` of every item the trigger emitted, over all successful runs, oldest run first. */
async function emitted(): Promise<{ items: string[]; runs: number; failedPolls: number }> {
	const executions = await settledExecutions(workflowId);
	const runs = executions.filter((execution) => execution.status === 'success');
	return {
		items: runs.flatMap((execution) =>
			nodeOutput(execution, TRIGGER).map(
				(item) => `${String(item.orderId)}:${String(item.status)}`,
			),
		),
		runs: runs.length,
		failedPolls: executions.filter((execution) => execution.status === 'error').length,
	};
}

async function waitForItems(count: number, timeoutMs = 30000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const now = await emitted();
		if (now.items.length >= count) return now;
		if (Date.now() > deadline) {
			throw new Error(
				`${now.items.length} of ${count} items after ${timeoutMs} ms: ${now.items.join(', ')}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

function payoutTo(address: string) {
	return { baseAmount: 20, address, settledCurrency: 'USDT', networkSymbol: 'TRX' };
}

it('n8n lists the node as a polling trigger', async () => {
	const [type] = (await client.nodeTypes('n8n-nodes-tylt.tyltPayoutStatusTrigger')) as Array<
		Record<string, unknown>
	>;
	expect(type).toMatchObject({
		name: 'n8n-nodes-tylt.tyltPayoutStatusTrigger',
		displayName: 'TYLT Payout Status Trigger',
		polling: true,
		group: ['trigger'],
	});
});

it('Fetch Test Event (a manual run) shows the newest payout, in the webhook trigger’s shape', async () => {
	await e2e.sandbox.seedPayouts(3);
	const newest = await e2e.sandbox.createPayout(payoutTo('TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF'));
	const stored = await client.createWorkflow(pollingWorkflow());
	const execution = await client.runWorkflowOnce(stored.id, { triggerNode: TRIGGER });
	expect(execution.status).toBe('success');
	expect(nodeOutput(execution, TRIGGER)).toEqual([
		// A payout made outside n8n carries no reference tag: it is named by TYLT's merchantOrderId.
		{ ...newest, event: 'payout', type: 'pay-out', merchantReference: newest.merchantOrderId },
	]);
	// The If node after it takes a Pending payout down the "not completed" branch.
	expect(nodeOutput(execution, 'Completed?', { output: 1 })).toHaveLength(1);
});

it('one item per status change, exactly once, across an outage of TYLT and a restart of n8n', async () => {
	const startedMs = Date.now();
	const stamp = (what: string) =>
		console.log(`[e2e polling] ${what} at ${((Date.now() - startedMs) / 1000).toFixed(1)} s`);
	await e2e.sandbox.seedPayouts(5); // history before activation: never reported
	const stored = await client.createWorkflow(pollingWorkflow());
	workflowId = stored.id;
	await client.activate(stored.id); // the first poll runs now and takes the baseline
	await waitForPolls(1);
	expect((await emitted()).items).toEqual([]);
	stamp('activated, baseline taken');

	// A new payout, then its settlement: one run each.
	const first = await e2e.sandbox.createPayout(payoutTo('TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF'));
	await waitForItems(1);
	await e2e.sandbox.advance(SETTLE_MS);
	await waitForItems(2);
	await waitForPolls(2);
	expect(await emitted()).toEqual({
		items: [`${first.orderId}:Pending`, `${first.orderId}:Completed`],
		runs: 2,
		failedPolls: 0,
	});
	stamp('first payout: Pending and Completed');

	// TYLT down for one whole poll (its first try and 3 retries): the poll fails, and the next one catches up.
	const second = await e2e.sandbox.createPayout(payoutTo('TMo4TYXrVAoCzBM85F33tEFzzUs1YdkSSv'));
	await e2e.sandbox.injectFault('payoutHistory', { kind: 'status', status: 503, times: 4 });
	await waitForItems(3, 45000);
	const afterOutage = await emitted();
	expect(afterOutage.items).toEqual([
		`${first.orderId}:Pending`,
		`${first.orderId}:Completed`,
		`${second.orderId}:Pending`,
	]);
	expect(afterOutage.failedPolls).toBe(1);
	const answers = (await e2e.sandbox.requests())
		.filter((request) => request.endpoint === 'payoutHistory')
		.map((request) => request.status);
	expect(answers.filter((status) => status === 503)).toHaveLength(4);
	stamp('outage: one failed poll, then the Pending run');

	// n8n stops; meanwhile the payout settles; n8n starts again on the same database.
	await n8n.stop();
	await e2e.sandbox.advance(SETTLE_MS);
	await startOwnN8n();
	stamp(`restarted (ready in ${n8n.readyMs} ms)`);
	await waitForItems(4);
	await waitForPolls(3);
	expect(await emitted()).toEqual({
		items: [
			`${first.orderId}:Pending`,
			`${first.orderId}:Completed`,
			`${second.orderId}:Pending`,
			`${second.orderId}:Completed`,
		],
		runs: 4,
		failedPolls: 1,
	});
	stamp('after the restart: only the change made meanwhile');

	// The runs took the example's branches: settled payouts down "Paid".
	const executions = (await settledExecutions(workflowId)).filter(
		(execution) => execution.status === 'success',
	);
	const paid = executions.flatMap((execution) =>
		execution.data?.resultData.runData['Paid: mark invoice settled'] ? [execution.id] : [],
	);
	expect(paid).toHaveLength(2);
	await client.deactivate(workflowId);
});
