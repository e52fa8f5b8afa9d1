/**
 * The workflows the bench runs in n8n, as n8n stores them. Every create variant reads the same three values
 * per item by expression (address, amount, reference), from the same Code node; every history variant pages
 * with the same page size and stops at the first short page.
 */
import { randomUUID } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import {
	fingerprint,
	MAX_REMEMBERED_CALLBACKS,
	rememberCallback,
} from '../../nodes/TyltTrigger/dedupe';
import { sampleAccountId, tronAddress } from '../../sandbox/tronAddresses';
import type { WorkflowJson, WorkflowNode } from '../../tools/n8n';
import { signedCallbacks } from './callbacks';
import type { PayoutRow } from './jobs';

export const START_NODE = 'Start';
export const TYLT_NODE = 'TYLT';
export const HTTP_NODE = 'HTTP Request';
export const SPLIT_NODE = 'Split Out';
export const TRIGGER_NODE = 'TYLT Trigger';

const CREATE_PATH = '/transactions/merchant/createPayoutRequest';
const HISTORY_PATH = '/transactions/merchant/getPayoutTransactionHistory';

type Credential = { id: string; name: string };
export type PayoutInput = Omit<PayoutRow, 'ref'>;

/** The payouts every run sends: valid TRON recipients, amounts inside the sandbox's USDT/TRX bounds. */
export function payoutRows(count: number): PayoutInput[] {
	return Array.from({ length: count }, (_, index) => ({
		address: tronAddress(sampleAccountId(index)),
		amount: 10 + (index % 90),
	}));
}

function node(
	name: string,
	type: string,
	typeVersion: number,
	parameters: WorkflowNode['parameters'],
	extra: Partial<WorkflowNode> = {},
): WorkflowNode {
	return { id: randomUUID(), name, type, typeVersion, position: [0, 0], parameters, ...extra };
}

/** Nodes in a row, each feeding the next, laid out left to right. */
function chain(name: string, nodes: WorkflowNode[]): WorkflowJson {
	const connections: WorkflowJson['connections'] = {};
	nodes.forEach((current, index) => {
		current.position = [index * 220, 0];
		const next = nodes[index + 1];
		if (next) connections[current.name] = { main: [[{ node: next.name, type: 'main', index: 0 }]] };
	});
	return { name, nodes, connections };
}

const manualTrigger = () => node(START_NODE, 'n8n-nodes-base.manualTrigger', 1, {});

const tyltNode = (credential: Credential, parameters: WorkflowNode['parameters']) =>
	node(TYLT_NODE, 'n8n-nodes-tylt.tylt', 1, parameters, { credentials: { tyltApi: credential } });

/** HTTP Request v4.5 (the version the editor adds today) with the TYLT API credential. */
const httpNode = (credential: Credential, parameters: WorkflowNode['parameters']) =>
	node(
		HTTP_NODE,
		'n8n-nodes-base.httpRequest',
		4.5,
		{ authentication: 'predefinedCredentialType', nodeCredentialType: 'tyltApi', ...parameters },
		{ credentials: { tyltApi: credential } },
	);

/**
 * Manual Trigger → Code (the rows, with a reference unique to this execution, so every payout is really
 * new) → `sender`, which creates one payout per item.
 */
function createWorkflow(name: string, rows: PayoutInput[], sender: WorkflowNode) {
	const jsCode = [
		`const rows = ${JSON.stringify(rows)};`,
		'const run = `${$execution.id}-${Date.now()}`;',
		'return rows.map((row, index) => ({ json: { ...row, ref: `bench-${run}-${index}` } }));',
	].join('\n');
	return chain(name, [
		manualTrigger(),
		node('Payouts', 'n8n-nodes-base.code', 2, { jsCode }),
		sender,
	]);
}

/** TYLT Payout → Create, USDT on TRX. */
export function tyltCreateWorkflow(
	name: string,
	rows: PayoutInput[],
	credential: Credential,
	duplicateGuard: boolean,
	/** An expression (`={{ 20 }}`) makes the node check every row before the first create. */
	concurrentPayouts?: number | string,
) {
	return createWorkflow(
		name,
		rows,
		tyltNode(credential, {
			resource: 'payout',
			operation: 'create',
			settledCurrency: 'USDT',
			networkSymbol: 'TRX',
			address: '={{ $json.address }}',
			baseAmount: '={{ $json.amount }}',
			additionalFields: {},
			options: {
				reference: '={{ $json.ref }}',
				duplicateGuard,
				...(concurrentPayouts === undefined ? {} : { concurrentPayouts }),
			},
		}),
	);
}

/**
 * The user's alternative: HTTP Request POSTing the create, body "Using Fields Below" with the same three
 * per-item expressions; the reference goes as merchantOrderId, where a hand-built call would put it.
 * Everything else is the HTTP Request node's defaults, as a user adding it today gets them.
 */
export function httpCreateWorkflow(
	name: string,
	rows: PayoutInput[],
	credential: Credential,
	baseUrl: string,
) {
	return createWorkflow(
		name,
		rows,
		httpNode(credential, {
			method: 'POST',
			url: baseUrl + CREATE_PATH,
			sendBody: true,
			specifyBody: 'keypair',
			bodyParameters: {
				parameters: [
					{ name: 'baseAmount', value: '={{ $json.amount }}' },
					{ name: 'address', value: '={{ $json.address }}' },
					{ name: 'settledCurrency', value: 'USDT' },
					{ name: 'networkSymbol', value: 'TRX' },
					{ name: 'merchantOrderId', value: '={{ $json.ref }}' },
				],
			},
			options: {},
		}),
	);
}

/** Manual Trigger → TYLT Payout → Get Many, Return All. */
export function tyltReturnAllWorkflow(name: string, credential: Credential, pageSize: number) {
	return chain(name, [
		manualTrigger(),
		tyltNode(credential, {
			resource: 'payout',
			operation: 'getMany',
			returnAll: true,
			options: { pageSize },
		}),
	]);
}

/** Manual Trigger → Code (`rows`, one item each) → TYLT Payout → Get with `parameters`. */
export function tyltGetWorkflow(
	name: string,
	credential: Credential,
	rows: IDataObject[],
	parameters: WorkflowNode['parameters'],
) {
	const jsCode = `return ${JSON.stringify(rows)}.map((row) => ({ json: row }));`;
	return chain(name, [
		manualTrigger(),
		node('Lookups', 'n8n-nodes-base.code', 2, { jsCode }),
		tyltNode(credential, { resource: 'payout', operation: 'get', ...parameters }),
	]);
}

/**
 * The user's alternative to Return All: HTTP Request with its own pagination ("Update a Parameter in Each
 * Request": page = {{ $pageCount + 1 }}), then Split Out on `data` for one item per record, as the TYLT node
 * outputs. `rows` is an expression so that it stays a number: the credential signs the query's JSON with its
 * types, and TYLT signs rows and page as numbers. "Complete when response is empty" cannot end it (TYLT
 * answers an envelope, `{"data":[],...}`, never an empty body), so it completes, like the TYLT node, at the
 * first page shorter than the page size.
 */
export function httpPaginationWorkflow(
	name: string,
	credential: Credential,
	baseUrl: string,
	pageSize: number,
) {
	const http = httpNode(credential, {
		method: 'GET',
		url: baseUrl + HISTORY_PATH,
		sendQuery: true,
		queryParameters: { parameters: [{ name: 'rows', value: `={{ ${pageSize} }}` }] },
		options: {
			pagination: {
				pagination: {
					paginationMode: 'updateAParameterInEachRequest',
					parameters: {
						parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
					},
					paginationCompleteWhen: 'other',
					completeExpression: `={{ $response.body.data.length < ${pageSize} }}`,
				},
			},
		},
	});
	const split = node(SPLIT_NODE, 'n8n-nodes-base.splitOut', 1, {
		fieldToSplitOut: 'data',
		include: 'noOtherFields',
		options: {},
	});
	return chain(name, [manualTrigger(), http, split]);
}

/**
 * The trigger's static data after MAX_REMEMBERED_CALLBACKS earlier callbacks, built by the trigger's own
 * dedupe code (so it follows dedupe.ts's storage format, whatever that is).
 */
function fullDedupeMemory(secret: string): IDataObject {
	const store: IDataObject = {};
	for (const callback of signedCallbacks('earlier', MAX_REMEMBERED_CALLBACKS, secret)) {
		rememberCallback(store, fingerprint(callback.body));
	}
	return store;
}

/** The TYLT Trigger for payout events; ignoring duplicates, its memory starts full, as in steady state. */
export function triggerWorkflow(
	name: string,
	webhookId: string,
	credential: Credential,
	ignoreDuplicates: boolean,
	secret: string,
) {
	const trigger = node(
		TRIGGER_NODE,
		'n8n-nodes-tylt.tyltTrigger',
		1,
		{ events: ['payout'], options: ignoreDuplicates ? {} : { ignoreDuplicates: false } },
		{ webhookId, credentials: { tyltApi: credential } },
	);
	return {
		...chain(name, [trigger]),
		staticData: ignoreDuplicates
			? { [`node:${TRIGGER_NODE}`]: fullDedupeMemory(secret) }
			: undefined,
	};
}

/**
 * n8n's own Webhook node, answering at once: n8n's floor for any webhook. With `expressionInOptions`, one
 * option is an expression (`{{ false }}`, its default's value): n8n then holds an expression isolate for the
 * webhook's phase, as it does for every node but its own Webhook node with fixed parameters.
 */
export function webhookNodeWorkflow(name: string, webhookId: string, expressionInOptions = false) {
	const webhook = node(
		'Webhook',
		'n8n-nodes-base.webhook',
		2.1,
		{
			httpMethod: 'POST',
			path: webhookId,
			responseMode: 'onReceived',
			options: expressionInOptions ? { ignoreBots: '={{ false }}' } : {},
		},
		{ webhookId },
	);
	return chain(name, [webhook]);
}
