/**
 * What the screenshots are taken of: the sandbox and a fresh n8n on free ports, the "TYLT sandbox" credential,
 * and these workflows: Manual Trigger → a new TYLT Payout → Create; Manual Trigger → Payout → Create paying two
 * invoices (Edit Fields → Split Out), one of them paid by an earlier run (and once more with Dry Run on); Manual Trigger → TYLT Payout →
 * Get by order ID, waiting until final; a TYLT Trigger; a TYLT Payout Status Trigger.
 */
import crypto from 'node:crypto';
import path from 'node:path';

import type { ProcessRegistry } from '../../n8n';
import { seconds } from '../../devStack/steps';
import { startSandboxedN8n, type SandboxedN8n } from '../../devStack/sandboxedN8n';
import type { Editor } from '../editor';
import type { Checks } from './checks';

export const TYLT_NODE = 'n8n-nodes-tylt.tylt';
/** The TYLT node version of the stage's workflows. */
export const STAGE_NODE_VERSION = 3;
export const TYLT_TRIGGER = 'n8n-nodes-tylt.tyltTrigger';
export const TYLT_POLLING_TRIGGER = 'n8n-nodes-tylt.tyltPayoutStatusTrigger';
export const PAYOUT_NODE_NAME = 'TYLT';
export const PAYOUT_GET_NODE_NAME = 'Get payout';
const MANUAL_TRIGGER_NAME = 'When clicking ‘Execute workflow’';
const INVOICES_NODE_NAME = 'Invoices';
const ONE_PER_INVOICE_NODE_NAME = 'One item per invoice';
// A fixed webhook id: trigger.png then changes from run to run only in n8n's (free) port.
export const TRIGGER_WEBHOOK_ID = '3f6b2c1e-8d4a-4b7e-9c2f-5a1d0e7b8c94';

/** The recipient of the stage's payouts (a TRON address the sandbox accepts). */
export const SAMPLE_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
/** The invoices the output workflow pays: the first was paid before the screenshot, the second was not. */
export const PAID_BEFORE_INVOICE = 'INV-2041';
export const NEW_INVOICE = 'INV-2042';

export interface Stage extends SandboxedN8n {
	payoutWorkflowId: string;
	/** Manual Trigger (two invoices pinned, the first paid already) → Payout → Create by invoice. */
	payoutOutputWorkflowId: string;
	/** The same with Dry Run on, for one new invoice. */
	dryRunWorkflowId: string;
	payoutGetWorkflowId: string;
	triggerWorkflowId: string;
	pollingWorkflowId: string;
}

/** One panel's capture: the editor in its own tab, the stage, the checks, and how it saves a screenshot. */
export interface PanelCapture {
	editor: Editor;
	stage: Stage;
	checks: Checks;
	saveScreenshot(name: string): Promise<void>;
}

export async function setUpStage(
	registry: ProcessRegistry,
	scratch: string,
	log: (line: string) => void,
): Promise<Stage> {
	const startedAt = Date.now();
	const stack = await startSandboxedN8n(registry, {
		sandbox: { port: 0 },
		n8n: { logFile: path.join(scratch, 'n8n.log') },
	});
	log(
		`TYLT sandbox on ${stack.sandbox.url}; n8n on ${stack.n8n.url}: ready in ${seconds(stack.n8n.readyMs ?? 0)}`,
	);
	const credentials = { tyltApi: stack.credential };
	const node = (name: string, type: string, position: [number, number], extra: object = {}) => ({
		id: crypto.randomUUID(),
		name,
		type,
		typeVersion: 1,
		position,
		parameters: {},
		...extra,
	});
	const payoutWorkflow = await stack.client.createWorkflow({
		name: 'TYLT payout (screenshots)',
		nodes: [
			node(MANUAL_TRIGGER_NAME, 'n8n-nodes-base.manualTrigger', [0, 0]),
			node(PAYOUT_NODE_NAME, TYLT_NODE, [240, 0], {
				typeVersion: STAGE_NODE_VERSION,
				parameters: { resource: 'payout', operation: 'create' },
				credentials,
			}),
		],
		connections: {
			[MANUAL_TRIGGER_NAME]: { main: [[{ node: PAYOUT_NODE_NAME, type: 'main', index: 0 }]] },
		},
	});
	const payoutGetWorkflow = await stack.client.createWorkflow({
		name: 'TYLT payout status (screenshots)',
		nodes: [
			node(MANUAL_TRIGGER_NAME, 'n8n-nodes-base.manualTrigger', [0, 0]),
			node(PAYOUT_GET_NODE_NAME, TYLT_NODE, [240, 0], {
				typeVersion: STAGE_NODE_VERSION,
				parameters: {
					resource: 'payout',
					operation: 'get',
					lookupBy: 'orderId',
					payoutOrderId: '={{ $json.orderId }}',
					waitUntilFinal: true,
					maxWaitSeconds: 600,
				},
				credentials,
			}),
		],
		connections: {
			[MANUAL_TRIGGER_NAME]: { main: [[{ node: PAYOUT_GET_NODE_NAME, type: 'main', index: 0 }]] },
		},
	});
	const pollingWorkflow = await stack.client.createWorkflow({
		name: 'TYLT payout status polling (screenshots)',
		nodes: [
			node('TYLT Payout Status Trigger', TYLT_POLLING_TRIGGER, [0, 0], {
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, finalOnly: true },
				credentials,
			}),
		],
		connections: {},
	});
	const triggerWorkflow = await stack.client.createWorkflow({
		name: 'TYLT callbacks (screenshots)',
		nodes: [
			node('TYLT Trigger', TYLT_TRIGGER, [0, 0], { webhookId: TRIGGER_WEBHOOK_ID, credentials }),
		],
		connections: {},
	});
	// Payouts by invoice: a run that pays the first invoice, then the workflow the screenshot runs again. The
	// invoices come from an Edit Fields node, split into one item each (the public API stores no pinned data).
	const invoicePayouts = async (name: string, invoices: string[], options: object = {}) =>
		await stack.client.createWorkflow({
			name,
			nodes: [
				node(MANUAL_TRIGGER_NAME, 'n8n-nodes-base.manualTrigger', [0, 0]),
				node(INVOICES_NODE_NAME, 'n8n-nodes-base.set', [200, 0], {
					typeVersion: 3.4,
					parameters: {
						mode: 'manual',
						assignments: {
							assignments: [
								{
									id: crypto.randomUUID(),
									name: 'invoice',
									value: `={{ ${JSON.stringify(invoices)} }}`,
									type: 'array',
								},
							],
						},
						options: {},
					},
				}),
				node(ONE_PER_INVOICE_NODE_NAME, 'n8n-nodes-base.splitOut', [400, 0], {
					parameters: { fieldToSplitOut: 'invoice', options: {} },
				}),
				node(PAYOUT_NODE_NAME, TYLT_NODE, [600, 0], {
					typeVersion: STAGE_NODE_VERSION,
					parameters: {
						resource: 'payout',
						operation: 'create',
						settledCurrency: { __rl: true, mode: 'list', value: 'USDT' },
						networkSymbol: { __rl: true, mode: 'list', value: 'TRX' },
						address: SAMPLE_ADDRESS,
						baseAmount: 25,
						reference: '={{ $json.invoice }}',
						options,
					},
					credentials,
				}),
			],
			connections: {
				[MANUAL_TRIGGER_NAME]: { main: [[{ node: INVOICES_NODE_NAME, type: 'main', index: 0 }]] },
				[INVOICES_NODE_NAME]: {
					main: [[{ node: ONE_PER_INVOICE_NODE_NAME, type: 'main', index: 0 }]],
				},
				[ONE_PER_INVOICE_NODE_NAME]: {
					main: [[{ node: PAYOUT_NODE_NAME, type: 'main', index: 0 }]],
				},
			},
		});
	const firstRun = await invoicePayouts('TYLT payout, first run (screenshots)', [
		PAID_BEFORE_INVOICE,
	]);
	await stack.client.runWorkflowOnce(firstRun.id);
	const payoutOutputWorkflow = await invoicePayouts('TYLT payouts by invoice (screenshots)', [
		PAID_BEFORE_INVOICE,
		NEW_INVOICE,
	]);
	const dryRunWorkflow = await invoicePayouts('TYLT payouts, dry run (screenshots)', ['INV-2043'], {
		dryRun: true,
	});
	log(`sandbox, n8n, owner, credential and workflows: ${seconds(Date.now() - startedAt)}`);
	return {
		...stack,
		payoutWorkflowId: payoutWorkflow.id,
		payoutOutputWorkflowId: payoutOutputWorkflow.id,
		dryRunWorkflowId: dryRunWorkflow.id,
		payoutGetWorkflowId: payoutGetWorkflow.id,
		triggerWorkflowId: triggerWorkflow.id,
		pollingWorkflowId: pollingWorkflow.id,
	};
}
