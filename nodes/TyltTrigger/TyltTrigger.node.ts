import type {
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { assertSupportedN8n } from '../shared/n8nCompatibility';
import { credentialTest } from '../Tylt/methods';
import { triggerProperties } from './description';
import { receiveCallback } from './receiveCallback';

// On an n8n too old for the package, n8n's log names the version needed instead of a bare TypeError.
assertSupportedN8n();

export class TyltTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'TYLT Trigger',
		name: 'tyltTrigger',
		icon: { light: 'file:../Tylt/tylt.svg', dark: 'file:../Tylt/tylt.dark.svg' },
		group: ['trigger'],
		// Version 2 keeps the Additional Secret in the credential; version 1 still reads it from its options.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{ ($parameter["events"] || []).join(", ") || "all events" }}',
		// n8n's node search merges this node and the TYLT node into one entry with this description.
		description:
			'Send crypto payouts and read balances and history with TYLT, or start a workflow on its signed payout and pay-in callbacks',
		defaults: {
			name: 'TYLT Trigger',
		},
		// For n8n's AI Workflow Builder (n8n 2.x reads it; older n8n ignores the field).
		builderHint: {
			searchHint:
				'Only starts a workflow when TYLT posts a signed status callback for a payout or pay-in; it sends nothing. TYLT learns the URL from each payout: the TYLT node’s Payout → Create must put this trigger’s Production URL (never its Test URL) in Additional Fields → Callback URL.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-tylt.tylt',
					relationHint:
						'Creates the payouts whose callbacks this trigger receives (Payout → Create, Callback URL = this trigger’s Production URL)',
				},
				{
					nodeType: 'n8n-nodes-tylt.tyltPayoutStatusTrigger',
					relationHint:
						'Follows payout statuses by polling instead, where TYLT cannot reach this n8n',
				},
			],
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// n8n runs the credential's Test from the first node it finds naming one: each node names the same.
		credentials: [{ name: 'tyltApi', required: true, testedBy: 'tyltApiTest' }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// The node answers TYLT itself (200 `ok`, or 401), so n8n's own answer never applies.
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	methods = { credentialTest };

	// TYLT takes the callback URL per order, on the create call: there is nothing to register.
	webhookMethods = {
		default: {
			checkExists: async () => true,
			create: async () => true,
			delete: async () => true,
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveCallback.call(this);
	}
}
