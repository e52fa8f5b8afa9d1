/**
 * examples/approve-large-payouts.json, active in the e2e suite's n8n: its Webhook takes payout requests behind
 * a Header Auth key, its approval link goes to a local message receiver (standing in for Slack), and an
 * approver answers the waiting execution's form behind a Basic Auth login, as a browser would.
 */
import { randomUUID } from 'node:crypto';

import type { Execution, StoredWorkflow } from '../../tools/n8n';
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

/** The approval link in the message that names `requestId` (the message's last word). */
export function approvalLink(messages: ReceivedMessage[], requestId: string): string {
	const about = messages.filter((message) => String(message.json?.text).includes(requestId));
	if (about.length !== 1) {
		throw new Error(`${about.length} messages name ${requestId}: ${JSON.stringify(messages)}`);
	}
	const link = /(https?:\/\/\S+)$/.exec(about[0].json.text)?.[1];
	if (!link) throw new Error(`No approval link in: ${about[0].json.text}`);
	return link;
}

/** An approver's answer on the approval form at `link`, as the form page posts it. */
export async function decide(
	active: ActiveApprovalWorkflow,
	link: string,
	decision: Decision,
	login: Login | null,
): Promise<FormAnswer> {
	const fields: FormField[] = examples.node(active.workflow, WAIT_NODE).parameters.formFields.values;
	return await submitFields(link, fields, { Decision: decision }, login);
}

/** Polls until the workflow has an execution waiting (at the approval) → it, with its run data. */
export async function waitingExecution(
	e2e: E2eContext,
	workflowId: string,
	timeoutMs = 15000,
): Promise<Execution> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const [waiting] = await e2e.n8n.listExecutions(workflowId, { status: 'waiting' });
		if (waiting) return await e2e.n8n.getExecution(waiting.id);
		if (Date.now() > deadline) {
			throw new Error(`No execution of workflow ${workflowId} waiting after ${timeoutMs} ms`);
		}
		await sleep(100);
	}
}

/** The names of the nodes an execution ran, in the order n8n stored them. */
export function nodesRan(execution: Execution): string[] {
	return Object.keys(execution.data?.resultData.runData ?? {});
}
