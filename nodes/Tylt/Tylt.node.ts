import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { assertSupportedN8n } from '../shared/n8nCompatibility';
import * as balance from './actions/balance';
import * as currency from './actions/currency';
import * as payIn from './actions/payIn';
import * as payout from './actions/payout';
import { DEFAULT_NODE_VERSION, NODE_VERSIONS } from './actions/nodeVersion';
import { router } from './actions/router';
import { credentialTest, listSearch, loadOptions } from './methods';

// On an n8n too old for the package, n8n's log names the version needed instead of a bare TypeError.
assertSupportedN8n();

export class Tylt implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'TYLT',
		name: 'tylt',
		icon: { light: 'file:tylt.svg', dark: 'file:tylt.dark.svg' },
		group: ['transform'],
		// Versions 1 and 2 stay for every workflow saved with them (actions/nodeVersion.ts).
		version: NODE_VERSIONS,
		defaultVersion: DEFAULT_NODE_VERSION,
		subtitle:
			'={{ ({ create: "Create", getMany: "Get Many", get: "Get" })[$parameter["operation"]] + " " + ({ payout: "Payout", currency: "Currency", payIn: "Pay-In", balance: "Balance" })[$parameter["resource"]] }}',
		description:
			'Send crypto payouts and read currencies, balances, payout history and pay-ins with the TYLT API',
		defaults: { name: 'TYLT' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// Its Test runs on saving the credential: the limits read, and the key and secret tried on TYLT.
		credentials: [{ name: 'tyltApi', required: true, testedBy: 'tyltApiTest' }],
		// Read operations serve AI agents as they are; Payout → Create only within AI Agent Max Amount.
		usableAsTool: true,
		// For n8n's AI Workflow Builder (n8n 2.x reads it; older n8n ignores the field).
		builderHint: {
			searchHint:
				'Sends crypto payouts with TYLT (Payout → Create) and reads payouts, currencies, balances and pay-ins. For Payout → Create, set Reference to an expression giving each payment its own ID, keep Options → Duplicate Guard on, and to follow the payout put a TYLT Trigger’s Production URL in Additional Fields → Callback URL.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-tylt.tyltTrigger',
					relationHint:
						'Starts a workflow on the status callbacks of payouts this node creates; its Production URL goes in Payout → Create’s Callback URL',
				},
				{
					nodeType: 'n8n-nodes-tylt.tyltPayoutStatusTrigger',
					relationHint:
						'Starts a workflow on payout status changes by polling TYLT, where TYLT cannot reach this n8n',
				},
			],
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Balance', value: 'balance' },
					{ name: 'Currency', value: 'currency' },
					{ name: 'Pay-In', value: 'payIn' },
					{ name: 'Payout', value: 'payout' },
				],
				default: 'payout',
			},
			...payout.description,
			...currency.description,
			...payIn.description,
			...balance.description,
		],
	};

	methods = { loadOptions, listSearch, credentialTest };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
