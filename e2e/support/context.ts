/**
 * What every e2e file shares: the n8n client and the sandbox that globalSetup started, the example
 * workflows bound to the "TYLT sandbox" credential, and the sandbox reset before each test.
 *
 * The reset empties TYLT, not n8n: the n8n process remembers the payouts it sent, per TYLT account and
 * reference, for 24 hours (docs/money-safety.md, Overlapping executions), and all files share one n8n and
 * one account. A test that paid INV-1042 after another test did would get `alreadySent: true` from that
 * memory, so every test pays references of its own (`reference`, `ownInvoices`).
 */
import { randomUUID } from 'node:crypto';

import {
	N8nClient,
	nodeOutput,
	type Execution,
	type StoredWorkflow,
	type WorkflowJson,
} from '../../tools/n8n';
import { examples, type ExampleName } from './examples';
import { SandboxControl } from './sandboxControl';

export interface E2eState {
	n8n: {
		url: string;
		cookie: string;
		apiKey: string;
		email: string;
		password: string;
		logFile: string;
	};
	sandbox: { url: string; apiKey: string; apiSecret: string };
	credential: { id: string; name: string };
	/** The folder n8n may read and write files in (N8N_RESTRICT_FILE_ACCESS_TO). */
	filesDir: string;
}

export interface E2eContext {
	n8n: N8nClient;
	sandbox: SandboxControl;
	state: E2eState;
	/** An example workflow, bound to the run's TYLT credential; change it before creating. */
	example(name: ExampleName): WorkflowJson;
	create(workflow: WorkflowJson): Promise<StoredWorkflow>;
	/** `base` with a suffix of the running test (`INV-1042-3f9a1c`): a reference no other test pays. */
	reference(base: string): string;
	/** Creates and runs a Manual Trigger workflow, as the editor's Execute button does. */
	run(workflow: WorkflowJson): Promise<Execution>;
	/**
	 * Creates and activates a workflow with a TYLT Trigger under a webhookId of its own, and waits until
	 * n8n routes its Production URL.
	 */
	activateTrigger(
		workflow: WorkflowJson,
	): Promise<{ workflow: StoredWorkflow; productionUrl: string }>;
	/**
	 * Every run of an active trigger workflow so far, oldest first, once all of them finished. To be sure no
	 * run is still on its way, a signed sentinel callback (a new order) is sent last and waited for; its own
	 * run is left out of the answer.
	 *
	 * The sentinel's run alone does not prove the others are stored: the trigger answers `ok` before n8n
	 * creates the execution, so a later callback's execution can be created first, and n8n's execution list
	 * leaves out executions while they run. So the answer also waits until no execution is running and the
	 * list stayed the same for QUIET_MS.
	 */
	triggerRuns(
		workflowId: string,
		productionUrl: string,
		triggerNode?: string,
	): Promise<TriggerRun[]>;
}

export interface TriggerRun {
	executionId: string;
	/** n8n's execution status. */
	status: string;
	/** The order and status of the callback that started the run (the trigger's output item). */
	orderId: string;
	payoutStatus: string;
	execution: Execution;
}

const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);
/** How long the list of a trigger's executions must stay unchanged before triggerRuns trusts it. */
const QUIET_MS = 750;

function readState(): E2eState {
	const text = process.env.TYLT_E2E;
	if (!text) throw new Error('TYLT_E2E is not set: run the e2e suite with `npm run test:e2e`');
	return JSON.parse(text) as E2eState;
}

/** Call at the top of a test file. */
export function useE2e(): E2eContext {
	const state = readState();
	const n8n = new N8nClient({ ...state.n8n, scopes: [] });
	const sandbox = new SandboxControl(
		state.sandbox.url,
		state.sandbox.apiKey,
		state.sandbox.apiSecret,
	);
	let testSuffix = '';
	beforeEach(async () => {
		testSuffix = randomUUID().slice(0, 6);
		await sandbox.reset();
	});

	const context: E2eContext = {
		n8n,
		sandbox,
		state,
		example: (name) => examples.useCredential(examples.load(name), state.credential),
		create: async (workflow) => await n8n.createWorkflow(workflow),
		reference(base) {
			if (!testSuffix) throw new Error('e2e.reference() is for use inside a test');
			return `${base}-${testSuffix}`;
		},
		async run(workflow) {
			const stored = await n8n.createWorkflow(workflow);
			return await n8n.runWorkflowOnce(stored.id);
		},
		async activateTrigger(workflow) {
			examples.setWebhookId(workflow, randomUUID());
			const stored = await n8n.createWorkflow(workflow);
			await n8n.activate(stored.id);
			const productionUrl = examples.productionUrl(state.n8n.url, workflow);
			await n8n.waitForWebhook(productionUrl);
			return { workflow: stored, productionUrl };
		},
		async triggerRuns(workflowId, productionUrl, triggerNode = 'Payout settled') {
			const sentinel = `sentinel-${randomUUID()}`;
			const delivery = await sandbox.sendCallback({ url: productionUrl, orderId: sentinel });
			if (delivery.status !== 200 || delivery.responseBody !== 'ok') {
				throw new Error(
					`The sentinel callback was answered ${delivery.status} ${delivery.responseBody} ${delivery.error ?? ''}`,
				);
			}
			const deadline = Date.now() + 20000;
			let previous = '';
			let sameSince = Date.now();
			for (;;) {
				const executions = await n8n.listExecutions(workflowId, { includeData: true });
				const running = await n8n.listExecutions(workflowId, { status: 'running' });
				const ids = [...executions, ...running].map(
					(execution) => `${execution.id}:${execution.status}`,
				);
				const snapshot = ids.sort().join(',');
				if (snapshot !== previous) {
					previous = snapshot;
					sameSince = Date.now();
				}
				const quiet = Date.now() - sameSince >= QUIET_MS;
				if (
					quiet &&
					running.length === 0 &&
					executions.every((execution) => FINISHED.has(execution.status))
				) {
					const runs = executions
						.map((execution) => {
							const [callback] = nodeOutput(execution, triggerNode);
							return {
								executionId: execution.id,
								status: execution.status,
								orderId: String(callback.orderId),
								payoutStatus: String(callback.status),
								execution,
							};
						})
						.sort((a, b) => Number(a.executionId) - Number(b.executionId));
					if (runs.some((run) => run.orderId === sentinel)) {
						return runs.filter((run) => run.orderId !== sentinel);
					}
				}
				if (Date.now() > deadline) {
					throw new Error(
						`No finished run of the sentinel callback in workflow ${workflowId} after 20 s`,
					);
				}
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
		},
	};
	return context;
}

/** The items a node sent to one output (0 = main, 1 = error output with Continue (using error output)). */
export function outputOf(
	execution: Execution,
	nodeName: string,
	output = 0,
): Array<Record<string, any>> {
	return nodeOutput(execution, nodeName, { output });
}

/** An execution's failure, as n8n shows it; fails the test when the execution did not fail. */
export function failureOf(execution: Execution): {
	message: string;
	description?: string;
	node?: string;
} {
	const error = execution.data?.resultData.error;
	if (execution.status !== 'error' || !error) {
		throw new Error(
			`Expected execution ${execution.id} to fail, but its status is ${execution.status}`,
		);
	}
	return { message: error.message, description: error.description, node: error.node?.name };
}

/** Well-formed Tron wallets for recipients that only need to be valid and told apart. */
export const TRON_WALLETS = [
	'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
	'TMo4TYXrVAoCzBM85F33tEFzzUs1YdkSSv',
	'TGurtpzjeUVxbowhQuSYyWX9p2fpxPT3BU',
	'TTdteGYT7PTtSPUE8TfGQWcD9njyUNqegR',
];

export interface Recipient {
	invoice: string;
	name: string;
	wallet: string;
	amount: number;
}

/**
 * Gives the recipients of a create workflow (the "Recipients" node of examples/create-payout.json, or
 * `recipients` written there instead) invoice numbers of the running test, which the example uses as
 * references. Returns the recipients as the workflow now holds them.
 */
export function ownInvoices(
	e2e: E2eContext,
	workflow: WorkflowJson,
	recipients?: Recipient[],
): Recipient[] {
	const node = examples.node(workflow, 'Recipients');
	const own = (
		recipients ?? (JSON.parse(node.parameters.jsonOutput).recipients as Recipient[])
	).map((recipient) => ({ ...recipient, invoice: e2e.reference(recipient.invoice) }));
	node.parameters.jsonOutput = JSON.stringify({ recipients: own });
	return own;
}

/**
 * The reference a payout made by the node carries: the `[ref:…]` tag it writes first in the comments. (The
 * node also reads tags at the end, from its previous version; the suite only makes new payouts.)
 */
export function referenceOf(payout: { comments?: unknown }): string | undefined {
	return /^\[ref:([^\]\s]+)\]/.exec(String(payout.comments ?? ''))?.[1];
}

/** Drops what the node adds to TYLT's payout record, leaving the record as TYLT returned it. */
export function tyltRecord(item: Record<string, any>): Record<string, any> {
	const record = { ...item };
	delete record.alreadySent;
	delete record.merchantReference;
	// Version 2 also says in words what it decided.
	delete record.outcome;
	delete record.skippedBecause;
	return record;
}
