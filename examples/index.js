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
	payoutOnForm: 'payout-on-form.json',
	spreadsheetPayouts: 'spreadsheet-payouts.json',
	spreadsheetPayoutsBalanceCheck: 'spreadsheet-payouts-balance-check.json',
	settlementNotification: 'settlement-notification.json',
	dailyReconciliation: 'daily-reconciliation.json',
	payoutSettledPolling: 'payout-settled-polling.json',
	createAndWait: 'create-and-wait.json',
	payoutOnFormQueueMode: 'payout-on-form-queue-mode.json',
	payoutOnFormDailyLimitQueueMode: 'payout-on-form-daily-limit-queue-mode.json',
	approveLargePayouts: 'approve-large-payouts.json',
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

/**
 * Points every node that uses a credential of `type` (default: every TYLT node and trigger) at one stored
 * credential (by id, as n8n resolves them). payout-on-form.json also has an `httpBasicAuth` login,
 * payout-on-form-queue-mode.json a `redis` credential too, payout-on-form-daily-limit-queue-mode.json a `postgres`
 * one, and approve-large-payouts.json an `httpHeaderAuth` key for its Webhook and an `httpBasicAuth` login for its
 * approvers.
 */
function useCredential(workflow, credential, type = 'tyltApi') {
	for (const each of workflow.nodes) {
		if (each.credentials && each.credentials[type]) {
			each.credentials[type] = { id: String(credential.id), name: credential.name };
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

/** The workflow's one node of `type` (a trigger); throws when there is none or more than one. */
function onlyNode(workflow, type, label) {
	const found = workflow.nodes.filter((each) => each.type === type);
	if (found.length !== 1) {
		throw new Error(`Workflow "${workflow.name}" has ${found.length} ${label}s, expected 1`);
	}
	return found[0];
}

/** n8n's base URL without the trailing slash, to put a path after. */
function withoutTrailingSlash(n8nUrl) {
	return n8nUrl.replace(/\/+$/, '');
}

function triggerNode(workflow) {
	return onlyNode(workflow, TYLT_TRIGGER, 'TYLT Trigger');
}

/**
 * The Production URL n8n gives the workflow's TYLT Trigger once the workflow is active:
 * <n8n>/webhook/<webhookId>/webhook (the trigger has no path parameter, so n8n prefixes the node's webhookId).
 */
function productionUrl(n8nUrl, workflow) {
	const { webhookId } = triggerNode(workflow);
	if (!webhookId) throw new Error(`The TYLT Trigger of "${workflow.name}" has no webhookId`);
	return `${withoutTrailingSlash(n8nUrl)}/webhook/${webhookId}/${TRIGGER_WEBHOOK_PATH}`;
}

/** Gives the trigger a webhookId of its own, so several copies of the example can be active at once. */
function setWebhookId(workflow, webhookId) {
	triggerNode(workflow).webhookId = webhookId;
	return workflow;
}

const WEBHOOK = 'n8n-nodes-base.webhook';

function webhookNode(workflow) {
	return onlyNode(workflow, WEBHOOK, 'Webhook');
}

/** Gives the workflow's Webhook node another path, so several copies can be active at once. */
function setWebhookPath(workflow, webhookPath) {
	webhookNode(workflow).parameters.path = webhookPath;
	return workflow;
}

/** The Production URL of the workflow's Webhook node once the workflow is active: <n8n>/webhook/<path>. */
function webhookUrl(n8nUrl, workflow) {
	return `${withoutTrailingSlash(n8nUrl)}/webhook/${webhookNode(workflow).parameters.path}`;
}

const FORM_TRIGGER = 'n8n-nodes-base.formTrigger';
const READ_WRITE_FILE = 'n8n-nodes-base.readWriteFile';
const HTTP_REQUEST = 'n8n-nodes-base.httpRequest';
/** Where the spreadsheet examples read and write their CSV files: n8n 2.x's default N8N_RESTRICT_FILE_ACCESS_TO
 *  (`~/.n8n-files`) in the official Docker image, whose home is /home/node. */
const FILES_FOLDER_PLACEHOLDER = '/home/node/.n8n-files';
/** The message endpoint in settlement-notification.json: the shape of a Slack incoming-webhook URL. */
const NOTIFICATION_URL_PLACEHOLDER =
	'https://hooks.slack.com/services/T00000000/B00000000/REPLACE-ME';

function formTrigger(workflow) {
	return onlyNode(workflow, FORM_TRIGGER, 'Form Trigger');
}

/** Gives the Form Trigger another path (Options → Form Path), so several copies can be active at once. */
function setFormPath(workflow, formPath) {
	const trigger = formTrigger(workflow);
	trigger.parameters.options = { ...trigger.parameters.options, path: formPath };
	return workflow;
}

/** The Production URL of the workflow's Form Trigger once the workflow is active: <n8n>/form/<path>. */
function formUrl(n8nUrl, workflow) {
	const trigger = formTrigger(workflow);
	const formPath =
		(trigger.parameters.options && trigger.parameters.options.path) || trigger.webhookId;
	return `${withoutTrailingSlash(n8nUrl)}/form/${formPath}`;
}

/** Moves every file path of the Read/Write Files from Disk nodes from the placeholder folder to `folder`. */
function setFilesFolder(workflow, folder) {
	const target = folder.replace(/\/+$/, '');
	for (const each of workflow.nodes.filter((candidate) => candidate.type === READ_WRITE_FILE)) {
		for (const key of ['fileSelector', 'fileName']) {
			const value = each.parameters[key];
			if (typeof value === 'string' && value.includes(FILES_FOLDER_PLACEHOLDER)) {
				each.parameters[key] = value.split(FILES_FOLDER_PLACEHOLDER).join(target);
			}
		}
	}
	return workflow;
}

/** Points every HTTP Request node that holds the placeholder message endpoint at `url`. */
function setNotificationUrl(workflow, url) {
	const senders = workflow.nodes.filter(
		(each) => each.type === HTTP_REQUEST && each.parameters.url === NOTIFICATION_URL_PLACEHOLDER,
	);
	if (!senders.length) {
		throw new Error(
			`Workflow "${workflow.name}" has no HTTP Request to ${NOTIFICATION_URL_PLACEHOLDER}`,
		);
	}
	for (const each of senders) each.parameters.url = url;
	return workflow;
}

module.exports = {
	FILES,
	FILES_FOLDER_PLACEHOLDER,
	NOTIFICATION_URL_PLACEHOLDER,
	load,
	node,
	useCredential,
	setCallbackUrl,
	productionUrl,
	setWebhookId,
	triggerNode,
	setWebhookPath,
	webhookUrl,
	setFormPath,
	formUrl,
	setFilesFolder,
	setNotificationUrl,
};
