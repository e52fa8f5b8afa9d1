/**
 * The TYLT Trigger inside n8n-core's own WebhookContext: an active workflow holding the trigger (its static
 * data lives as long as the workflow object, as an active workflow's does in n8n) and the context n8n builds
 * for one request to it. Only the credential store is replaced.
 */
import { WebhookContext } from 'n8n-core';
import type { INodeParameters, IWebhookData, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TyltTrigger } from '../../nodes/TyltTrigger/TyltTrigger.node';
import { onlyNodeType, workflowNode } from './workflowNode';

export const triggerType = new TyltTrigger();

export function createTriggerWorkflow(
	workflowId: string,
	parameters: INodeParameters,
	typeVersion?: number,
	credentialId?: string,
): Workflow {
	const node = workflowNode('tyltTrigger', parameters, typeVersion ? { typeVersion } : {});
	if (credentialId !== undefined)
		node.credentials = { tyltApi: { id: credentialId, name: 'TYLT account' } };
	return new Workflow({
		id: workflowId,
		name: 'TYLT callbacks',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: onlyNodeType(triggerType),
		staticData: {},
		settings: { executionOrder: 'v1' },
	});
}

export interface TriggerRequestParts {
	request: unknown;
	response: unknown;
	/** The stored credential, or how a read of it resolves (a test may hold or change it). */
	credentials: TriggerCredentials | (() => Promise<TriggerCredentials>);
}

export interface TriggerCredentials {
	apiKey: string;
	apiSecret: string;
	baseUrl: string;
	additionalSecret?: string;
}

/** The context n8n builds for one webhook request; `additionalData` is returned so a caller may swap the request. */
export function createTriggerContext(workflow: Workflow, parts: TriggerRequestParts) {
	const additionalData = {
		httpRequest: parts.request,
		httpResponse: parts.response,
		credentialsHelper: {
			getDecrypted: async () => ({
				...(typeof parts.credentials === 'function'
					? await parts.credentials()
					: parts.credentials),
			}),
			getParentTypes: () => [],
			isCredentialUsableByNode: () => true,
		},
	};
	const node = workflow.getNode('TYLT Trigger')!;
	const webhookData = {
		webhookDescription: triggerType.description.webhooks![0],
		httpMethod: 'POST',
		node: node.name,
		path: 'webhook',
		workflowId: workflow.id,
	} as unknown as IWebhookData;
	const context = new WebhookContext(
		workflow,
		node,
		additionalData as unknown as IWorkflowExecuteAdditionalData,
		'webhook',
		webhookData,
		[],
		null,
	);
	return { context, additionalData };
}
