import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { assertSupportedN8n } from '../shared/n8nCompatibility';
import { credentialTest } from '../Tylt/methods';
import { pollTriggerProperties } from './description';
import { pollPayoutStatus } from './pollPayoutStatus';

// On an n8n too old for the package, n8n's log names the version needed instead of a bare TypeError.
assertSupportedN8n();

export class TyltPayoutStatusTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'TYLT Payout Status Trigger',
		name: 'tyltPayoutStatusTrigger',
		icon: { light: 'file:../Tylt/tylt.svg', dark: 'file:../Tylt/tylt.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["finalOnly"] ? "final payouts" : "every status change" }}',
		description:
			'Starts the workflow when a TYLT payout changes status, by polling payout history: no public URL needed',
		defaults: {
			name: 'TYLT Payout Status Trigger',
		},
		// For n8n's AI Workflow Builder (n8n 2.x reads it; older n8n ignores the field).
		builderHint: {
			searchHint:
				'Starts a workflow when a TYLT payout changes status, by polling payout history: for an n8n TYLT cannot reach. Where TYLT can reach n8n, the TYLT Trigger (callbacks) is faster.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-tylt.tylt',
					relationHint: 'Creates the payouts whose status changes this trigger follows',
				},
				{
					nodeType: 'n8n-nodes-tylt.tyltTrigger',
					relationHint: 'Receives the same status changes as callbacks, without polling',
				},
			],
		},
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// n8n runs the credential's Test from the first node it finds naming one: each node names the same.
		credentials: [{ name: 'tyltApi', required: true, testedBy: 'tyltApiTest' }],
		properties: pollTriggerProperties,
	};

	methods = { credentialTest };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollPayoutStatus.call(this);
	}
}
