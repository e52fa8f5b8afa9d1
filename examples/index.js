'use strict';
/**
 * The example workflows as data, and the two things that tie them to one n8n: the credential they use and
 * the callback URL a payout is created with. `npm run dev` and the e2e suite both import the examples
 * through these functions, so what the suite tests is what a user imports.
 *
 *   const examples = require('./examples');
 *   const settled = examples.load('payoutSettled');
 *   examples.useCredential(settled, { id, name: 'TYLT sandbox' });
 *   const callbackUrl = examples.productionUrl(n8nUrl, settled);    // the trigger's Production URL
 *   const create = examples.setCallbackUrl(examples.load('createPayout'), callbackUrl);
 */
const fs = require('node:fs');
const path = require('node:path');

const FILES = {
	createPayout: 'create-payout.json',
	payoutSettled: 'payout-settled.json',
	readTylt: 'read-tylt.json',
};

const TYLT_NODE = 'n8n-nodes-tylt.tylt';
const TYLT_TRIGGER = 'n8n-nodes-tylt.tyltTrigger';
/** The path in the trigger's webhook description (nodes/TyltTrigger/TyltTrigger.node.ts). */
const TRIGGER_WEBHOOK_PATH = 'webhook';

/** A fresh copy of an example workflow (callers may change it freely). */
function load(name) {
	const file = FILES[name];
	if (!file) throw new Error(`No example "${name}"; one of ${Object.keys(FILES).join(', ')}`);
	return JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8'));
}

function node(workflow, name) {
	const found = workflow.nodes.find((candidate) => candidate.name === name);
	if (!found) {
		throw new Error(
			`Workflow "${workflow.name}" has no node "${name}" (it has: ${workflow.nodes.map((n) => n.name).join(', ')})`,
		);
	}
	return found;
}

/** Points every TYLT node and trigger at one stored credential (by id, as n8n resolves them). */
function useCredential(workflow, credential) {
	for (const each of workflow.nodes) {
		if (each.credentials && each.credentials.tyltApi) {
			each.credentials.tyltApi = { id: String(credential.id), name: credential.name };
		}
	}
	return workflow;
}

function isPayoutCreate(each) {
	return (
		each.type === TYLT_NODE &&
		each.parameters.resource === 'payout' &&
		each.parameters.operation === 'create'
	);
}

/** Sets the Callback URL of every Payout → Create node (the placeholder in create-payout.json). */
function setCallbackUrl(workflow, callbackUrl) {
	for (const each of workflow.nodes.filter(isPayoutCreate)) {
		each.parameters.additionalFields = {
			...each.parameters.additionalFields,
			callBackUrl: callbackUrl,
		};
	}
	return workflow;
}

function triggerNode(workflow) {
	const triggers = workflow.nodes.filter((each) => each.type === TYLT_TRIGGER);
	if (triggers.length !== 1) {
		throw new Error(`Workflow "${workflow.name}" has ${triggers.length} TYLT Triggers, expected 1`);
	}
	return triggers[0];
}

/**
 * The Production URL n8n gives the workflow's TYLT Trigger once the workflow is active:
 * <n8n>/webhook/<webhookId>/webhook (the trigger has no path parameter, so n8n prefixes the node's webhookId).
 */
function productionUrl(n8nUrl, workflow) {
	const { webhookId } = triggerNode(workflow);
	if (!webhookId) throw new Error(`The TYLT Trigger of "${workflow.name}" has no webhookId`);
	return `${n8nUrl.replace(/\/+$/, '')}/webhook/${webhookId}/${TRIGGER_WEBHOOK_PATH}`;
}

/** Gives the trigger a webhookId of its own, so several copies of the example can be active at once. */
function setWebhookId(workflow, webhookId) {
	triggerNode(workflow).webhookId = webhookId;
	return workflow;
}

module.exports = {
	FILES,
	load,
	node,
	useCredential,
	setCallbackUrl,
	productionUrl,
	setWebhookId,
	triggerNode,
};
