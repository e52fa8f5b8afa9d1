/** examples/index.js (shared with `npm run dev`), typed: the suite imports the workflows users import. */
import type { WorkflowJson } from '../../tools/n8n';

export type ExampleName =
	| 'createPayout'
	| 'payoutSettled'
	| 'readTylt'
	| 'payoutOnForm'
	| 'spreadsheetPayouts'
	| 'settlementNotification'
	| 'dailyReconciliation'
	| 'payoutSettledPolling'
	| 'createAndWait';

type WorkflowNode = WorkflowJson['nodes'][number];

interface ExamplesModule {
	load(name: ExampleName): WorkflowJson;
	node(workflow: WorkflowJson, name: string): WorkflowNode;
	useCredential(
		workflow: WorkflowJson,
		credential: { id: string; name: string },
		type?: string,
	): WorkflowJson;
	setCallbackUrl(workflow: WorkflowJson, callbackUrl: string): WorkflowJson;
	productionUrl(n8nUrl: string, workflow: WorkflowJson): string;
	setWebhookId(workflow: WorkflowJson, webhookId: string): WorkflowJson;
	setFormPath(workflow: WorkflowJson, formPath: string): WorkflowJson;
	formUrl(n8nUrl: string, workflow: WorkflowJson): string;
	setFilesFolder(workflow: WorkflowJson, folder: string): WorkflowJson;
	setNotificationUrl(workflow: WorkflowJson, url: string): WorkflowJson;
	FILES_FOLDER_PLACEHOLDER: string;
	NOTIFICATION_URL_PLACEHOLDER: string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const examples = require('../../examples/index.js') as ExamplesModule;
