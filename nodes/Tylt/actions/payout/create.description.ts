/**
 * Payout → Create's parameters, both versions side by side: the fields both show, version 1's own, and version 2's
 * (create.panelV2.ts).
 */
import type { INodeProperties } from 'n8n-workflow';

import { MEMO_NETWORKS, MEMO_NOTICE } from '../../addresses';
import { VERSION_1 } from '../nodeVersion';
import { comments, customerName, redirectUrl } from './create.fields';
import { optionsDescription } from './create.options';
import { createPanelV2 } from './create.panelV2';

const showFor = { resource: ['payout'], operation: ['create'] };
/** Version 1's own parameters (version 2's are in create.panelV2.ts). */
const showForV1 = { ...showFor, '@version': VERSION_1 };

export const description: INodeProperties[] = [
	{
		displayName: 'Settled Currency Name or ID',
		name: 'settledCurrency',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCurrencies' },
		required: true,
		default: '',
		description:
			'The crypto currency the recipient receives. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: showFor },
	},
	{
		displayName: 'Network Name or ID',
		name: 'networkSymbol',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getNetworks', loadOptionsDependsOn: ['settledCurrency'] },
		required: true,
		default: '',
		description:
			'The blockchain network to pay out on; only networks open for withdrawals are listed. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: showFor },
	},
	{
		displayName: MEMO_NOTICE,
		name: 'memoNetworkNotice',
		type: 'notice',
		default: '',
		// Shown only once a network whose exchange deposits need a memo is chosen from the list.
		displayOptions: { show: { ...showFor, networkSymbol: [...MEMO_NETWORKS] } },
	},
	{
		displayName: 'Address',
		name: 'address',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
		description: "The recipient's wallet address on the chosen network",
		displayOptions: { show: showFor },
	},
	{
		displayName: 'Base Amount',
		name: 'baseAmount',
		type: 'number',
		required: true,
		default: 0,
		typeOptions: { minValue: 0 },
		description:
			'How much to pay: in the settled crypto currency, or in the Base Currency when one is set under Additional Fields',
		displayOptions: { show: showForV1 },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showForV1 },
		options: [
			{
				displayName: 'Base Currency',
				name: 'baseCurrency',
				type: 'string',
				default: '',
				placeholder: 'e.g. USD',
				description:
					'A 3-letter fiat code. When set, Base Amount is in this currency and TYLT converts it to crypto.',
			},
			{
				displayName: 'Callback URL',
				name: 'callBackUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://n8n.example.com/webhook/…',
				description:
					'TYLT posts every status change of this payout here. Use the production URL of a TYLT Trigger node.',
			},
			comments,
			customerName,
			redirectUrl,
		],
	},
	optionsDescription,
	...createPanelV2,
];
