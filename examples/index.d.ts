/** The types of examples/index.js, for `npm run dev` and the e2e suite. */
import type { WorkflowJson } from '../tools/n8n';

declare namespace examples {
	type ExampleName =
		| 'createPayout'
		| 'payoutSettled'
		| 'readTylt'
		| 'payoutOnForm'
		| 'spreadsheetPayouts'
		| 'spreadsheetPayoutsBalanceCheck'
		| 'settlementNotification'
		| 'dailyReconciliation'
		| 'payoutSettledPolling'
		| 'createAndWait'
		| 'payoutOnFormQueueMode'
		| 'payoutOnFormDailyLimitQueueMode'
		| 'approveLargePayouts';
}

declare const examples: {
	FILES: Record<examples.ExampleName, string>;
	FILES_FOLDER_PLACEHOLDER: string;
	NOTIFICATION_URL_PLACEHOLDER: string;
	load(name: examples.ExampleName): WorkflowJson;
	node(workflow: WorkflowJson, name: string): WorkflowJson['nodes'][number];
	useCredential(
		workflow: WorkflowJson,
		credential: { id: string; name: string },
		type?: string,
	): WorkflowJson;
	setCallbackUrl(workflow: WorkflowJson, callbackUrl: string): WorkflowJson;
	productionUrl(n8nUrl: string, workflow: WorkflowJson): string;
	setWebhookId(workflow: WorkflowJson, webhookId: string): WorkflowJson;
	triggerNode(workflow: WorkflowJson): WorkflowJson['nodes'][number];
	setWebhookPath(workflow: WorkflowJson, webhookPath: string): WorkflowJson;
	webhookUrl(n8nUrl: string, workflow: WorkflowJson): string;
	setFormPath(workflow: WorkflowJson, formPath: string): WorkflowJson;
	formUrl(n8nUrl: string, workflow: WorkflowJson): string;
	setFilesFolder(workflow: WorkflowJson, folder: string): WorkflowJson;
	setNotificationUrl(workflow: WorkflowJson, url: string): WorkflowJson;
};
export = examples;
