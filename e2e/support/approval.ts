/**
 * examples/approve-large-payouts.json, active in the e2e suite's n8n: its Webhook takes payout requests behind
 * a Header Auth key, its approval link goes to a local message receiver (standing in for Slack), and an
 * approver answers the waiting execution's form behind a Basic Auth login, as a browser would.
 */
import { randomUUID } from 'node:crypto';

import { isFinished, type Execution, type StoredWorkflow } from '../../tools/n8n';
import { sleep } from '../../tools/n8n/processes';
import type { E2eContext } from './context';
import { examples } from './examples';
import { submitFields, type FormAnswer, type FormField, type Login } from './form';
import type { ReceivedMessage } from './messageReceiver';

/** What the example's Webhook reads from the JSON body. */
export interface PayoutRequest {
	requestId: string;
	wallet: string;
	amount: number;
	currency: string;
	network: string;
}

/** The request key the Webhook checks (an n8n Header Auth credential). */
export interface RequestKey {
	name: string;
	value: string;
}

export interface ApprovalLogins {
	requestKey: RequestKey;
	approver: Login;
}

export interface ActiveApprovalWorkflow {
	workflow: StoredWorkflow;
	/** The Webhook's Production URL. */
	url: string;
}

export const WAIT_NODE = 'Wait for approval';

/** The choices of the approval form's Decision field. */
export type Decision = 'Approve' | 'Reject';

/**
 * Stores the Header Auth key and the approvers' Basic Auth login the example uses, once per test file; returns
 * the credential references to bind the example to.
 */
export async function storeApprovalLogins(e2e: E2eContext, logins: ApprovalLogins) {
	const requestKey = await e2e.n8n.createCredential({
		name: 'Payout request key',
		type: 'httpHeaderAuth',
		data: { ...logins.requestKey },
	});
	const approver = await e2e.n8n.createCredential({
		name: 'Payout approver login',
		type: 'httpBasicAuth',
		data: { ...logins.approver },
	});
	return { requestKey, approver };
}

/**
 * The example bound to the run's TYLT credential, the stored key and login, posting its approval links to
 * `notificationUrl`, active under a webhook path of its own. `waitLimitSeconds` shortens the approval's wait
 * limit (48 hours in the file) by editing the imported workflow, as a user would.
 */
export async function activateApprovalWorkflow(
	e2e: E2eContext,
	options: {
		credentials: Awaited<ReturnType<typeof storeApprovalLogins>>;
		notificationUrl: string;
		waitLimitSeconds?: number;
	},
): Promise<ActiveApprovalWorkflow> {
	const { requestKey, approver } = options.credentials;
	const workflow = examples.setNotificationUrl(
		examples.useCredential(
			examples.useCredential(e2e.example('approveLargePayouts'), requestKey, 'httpHeaderAuth'),
			approver,
			'httpBasicAuth',
		),
		options.notificationUrl,
	);
	if (options.waitLimitSeconds !== undefined) {
		const wait = examples.node(workflow, WAIT_NODE);
		wait.parameters.resumeAmount = options.waitLimitSeconds;
		wait.parameters.resumeUnit = 'seconds';
	}
	examples.setWebhookPath(workflow, `e2e-approval-${randomUUID()}`);
	const stored = await e2e.n8n.createWorkflow(workflow);
	await e2e.n8n.activate(stored.id);
	const url = examples.webhookUrl(e2e.state.n8n.url, workflow);
	await e2e.n8n.waitForWebhook(url);
	return { workflow: stored, url };
}

/** Posts a payout request to the Webhook as the requesting app would → the HTTP status n8n answered. */
export async function requestPayout(
	active: ActiveApprovalWorkflow,
	request: PayoutRequest,
	key: RequestKey | null,
): Promise<number> {
	const response = await fetch(active.url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...(key ? { [key.name]: key.value } : {}) },
		body: JSON.stringify(request),
	});
	await response.arrayBuffer();
	return response.status;
}

/** The approval links in the messages that name `requestId` (each message's last word), in the order sent. */
export function approvalLinks(messages: ReceivedMessage[], requestId: string): string[] {
	return messages
		.filter((message) => String(message.json?.text).includes(requestId))
		.map((message) => {
			const link = /(https?:\/\/\S+)$/.exec(message.json.text)?.[1];
			if (!link) throw new Error(`No approval link in: ${message.json.text}`);
			return link;
		});
}

/** An approver's answer on the approval form at `link`, as the form page posts it. */
export async function decide(
	active: ActiveApprovalWorkflow,
	link: string,
	decision: Decision,
	login: Login | null,
): Promise<FormAnswer> {
	const fields: FormField[] = examples.node(active.workflow, WAIT_NODE).parameters.formFields
		.values;
	return await submitFields(link, fields, { Decision: decision }, login);
}

/** Calls `step` every 100 ms until it answers something → that; fails after `timeoutMs`, saying `what`. */
async function pollFor<T>(
	what: string,
	timeoutMs: number,
	step: () => Promise<T | undefined>,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const answer = await step();
		if (answer !== undefined) return answer;
		if (Date.now() > deadline) throw new Error(`${what} after ${timeoutMs} ms`);
		await sleep(100);
	}
}

/**
 * Polls until `count` executions of the workflow wait (at the approval) → them, with their run data. An
 * execution that finished instead fails the wait at once, naming the nodes it ran (a request paid without
 * approval shows Send payout there).
 */
export async function waitingExecutions(
	e2e: E2eContext,
	workflowId: string,
	count = 1,
	timeoutMs = 15000,
): Promise<Execution[]> {
	const waiting = await pollFor(
		`Fewer than ${count} executions of workflow ${workflowId} waiting`,
		timeoutMs,
		async () => {
			const found = await e2e.n8n.listExecutions(workflowId, { status: 'waiting' });
			if (found.length >= count) return found;
			const [finished] = (await e2e.n8n.listExecutions(workflowId)).filter(isFinished);
			if (!finished) return undefined;
			const execution = await e2e.n8n.getExecution(finished.id);
			throw new Error(
				`Execution ${execution.id} finished (${execution.status}) without waiting for approval; ` +
					`it ran ${nodesRan(execution).join(', ')}`,
			);
		},
	);
	return await Promise.all(waiting.map(async ({ id }) => await e2e.n8n.getExecution(id)));
}

/**
 * The workflow's executions once `count` finished and none is running or waiting any more, oldest first: a
 * resume that n8n let through late shows up before the test reads what TYLT holds.
 */
export async function settledRuns(
	e2e: E2eContext,
	workflowId: string,
	count = 1,
	timeoutMs = 15000,
): Promise<Execution[]> {
	return await pollFor(`Executions of workflow ${workflowId} still open`, timeoutMs, async () => {
		const finished = await e2e.n8n.waitForExecutions(workflowId, count, timeoutMs);
		const open = [
			...(await e2e.n8n.listExecutions(workflowId, { status: 'running' })),
			...(await e2e.n8n.listExecutions(workflowId, { status: 'waiting' })),
		];
		return open.length === 0 ? finished : undefined;
	});
}

/** The names of the nodes an execution ran, in the order n8n stored them. */
export function nodesRan(execution: Execution): string[] {
	return Object.keys(execution.data?.resultData.runData ?? {});
}
