/**
 * The workflows the bench runs in n8n, as n8n stores them. Every create variant reads the same three values
 * per item by expression (address, amount, reference), from the same Code node; every history variant pages
 * with the same page size and stops at the first short page.
 */
import { randomUUID } from 'node:crypto';

import { sampleAccountId, tronAddress } from '../../sandbox/tronAddresses';
import type { PayoutRow } from './results';

export const START_NODE = 'Start';
export const TYLT_NODE = 'TYLT';
export const HTTP_NODE = 'HTTP Request';
export const SPLIT_NODE = 'Split Out';

const CREATE_PATH = '/transactions/merchant/createPayoutRequest';
const HISTORY_PATH = '/transactions/merchant/getPayoutTransactionHistory';

type Credential = { id: string; name: string };
type WorkflowNode = Record<string, unknown> & { name: string };

/** The payouts every run sends: valid TRON recipients, amounts inside the sandbox's USDT/TRX bounds. */
export function payoutRows(count: number): Omit<PayoutRow, 'ref'>[] {
	return Array.from({ length: count }, (_, index) => ({
		address: tronAddress(sampleAccountId(index)),
		amount: 10 + (index % 90),
	}));
}

function node(name: string, type: string, typeVersion: number, parameters: object): WorkflowNode {
	return { id: randomUUID(), name, type, typeVersion, position: [0, 0], parameters };
}

/** Nodes in a row, each feeding the next, laid out left to right. */
function chain(name: string, nodes: WorkflowNode[]) {
	const connections: Record<string, object> = {};
	nodes.forEach((current, index) => {
		current.position = [index * 220, 0];
		const next = nodes[index + 1];
		if (next) connections[current.name] = { main: [[{ node: next.name, type: 'main', index: 0 }]] };
	});
	return { name, nodes, connections };
}

const manualTrigger = () => node(START_NODE, 'n8n-nodes-base.manualTrigger', 1, {});

/** A Code node with the rows and a reference unique to this execution, so every payout is really new. */
function payoutSource(rows: Omit<PayoutRow, 'ref'>[]) {
	const jsCode = [
		`const rows = ${JSON.stringify(rows)};`,
		'const run = `${$execution.id}-${Date.now()}`;',
		'return rows.map((row, index) => ({ json: { ...row, ref: `bench-${run}-${index}` } }));',
	].join('\n');
	return node('Payouts', 'n8n-nodes-base.code', 2, { jsCode });
}

/** Manual Trigger → Code (the rows) → TYLT Payout → Create, USDT on TRX. */
export function tyltCreateWorkflow(
	name: string,
	rows: Omit<PayoutRow, 'ref'>[],
	credential: Credential,
	duplicateGuard: boolean,
) {
	const tylt = node(TYLT_NODE, 'n8n-nodes-tylt.tylt', 1, {
		resource: 'payout',
		operation: 'create',
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		address: '={{ $json.address }}',
		baseAmount: '={{ $json.amount }}',
		additionalFields: {},
		options: { reference: '={{ $json.ref }}', duplicateGuard },
	});
	tylt.credentials = { tyltApi: credential };
	return chain(name, [manualTrigger(), payoutSource(rows), tylt]);
}

/**
 * The user's alternative: Manual Trigger → Code (the same rows) → HTTP Request POSTing the create with the
 * TYLT API credential (Predefined Credential Type), body "Using Fields Below" with the same three per-item
 * expressions; the reference goes as merchantOrderId, where a hand-built call would put it. Everything
 * else is the HTTP Request node's defaults, as a user adding it today (v4.5) gets them.
 */
export function httpCreateWorkflow(
	name: string,
	rows: Omit<PayoutRow, 'ref'>[],
	credential: Credential,
	baseUrl: string,
) {
	const http = node(HTTP_NODE, 'n8n-nodes-base.httpRequest', 4.5, {
		method: 'POST',
		url: baseUrl + CREATE_PATH,
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'tyltApi',
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
	});
	http.credentials = { tyltApi: credential };
	return chain(name, [manualTrigger(), payoutSource(rows), http]);
}

/** Manual Trigger → TYLT Payout → Get Many, Return All. */
export function tyltReturnAllWorkflow(name: string, credential: Credential, pageSize: number) {
	const tylt = node(TYLT_NODE, 'n8n-nodes-tylt.tylt', 1, {
		resource: 'payout',
		operation: 'getMany',
		returnAll: true,
		options: { pageSize },
	});
	tylt.credentials = { tyltApi: credential };
	return chain(name, [manualTrigger(), tylt]);
}

/**
 * The user's alternative to Return All: HTTP Request with the TYLT API credential and its own pagination
 * ("Update a Parameter in Each Request": page = {{ $pageCount + 1 }}), then Split Out on `data` for one item
 * per record, as the TYLT node outputs. `rows` is an expression so that it stays a number: the credential
 * signs the query's JSON with its types, and TYLT signs rows and page as numbers. "Complete when response is
 * empty" cannot end it (TYLT answers an envelope, `{"data":[],...}`, never an empty body), so it completes,
 * like the TYLT node, at the first page shorter than the page size.
 */
export function httpPaginationWorkflow(
	name: string,
	credential: Credential,
	baseUrl: string,
	pageSize: number,
) {
	const http = node(HTTP_NODE, 'n8n-nodes-base.httpRequest', 4.5, {
		method: 'GET',
		url: baseUrl + HISTORY_PATH,
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'tyltApi',
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
	http.credentials = { tyltApi: credential };
	const split = node(SPLIT_NODE, 'n8n-nodes-base.splitOut', 1, {
		fieldToSplitOut: 'data',
		include: 'noOtherFields',
		options: {},
	});
	return chain(name, [manualTrigger(), http, split]);
}
