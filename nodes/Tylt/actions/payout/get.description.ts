/** Payout → Get's parameters: what to find the payout by, and Wait Until Final (version 2: on the panel). */
import type { INodeProperties } from 'n8n-workflow';

import { FROM_VERSION_2, VERSION_1 } from '../nodeVersion';

const showFor = { resource: ['payout'], operation: ['get'] };

export const DEFAULT_LOOK_BACK_HOURS = 168;
export const DEFAULT_MAX_WAIT_SECONDS = 600;
const ifNotFound: INodeProperties = {
	displayName: 'If Not Found',
	name: 'ifNotFound',
	type: 'options',
	options: [
		{ name: 'Error', value: 'error', description: 'Fail the item with a message' },
		{
			name: 'Return Nothing',
			value: 'returnNothing',
			description: 'Output no item for it and go on',
		},
	],
	default: 'error',
};

const lookBack: INodeProperties = {
	displayName: 'Look-Back (Hours)',
	name: 'lookBackHours',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_LOOK_BACK_HOURS,
	description: 'How far back in TYLT payout history to look for a reference',
};

const waitUntilFinal: INodeProperties = {
	displayName: 'Wait Until Final',
	name: 'waitUntilFinal',
	type: 'boolean',
	default: false,
	description:
		'Whether to wait until TYLT marks the payout final (completed or failed) before outputting it',
};

const maxWait: INodeProperties = {
	displayName: 'Max Wait (Seconds)',
	name: 'maxWaitSeconds',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_MAX_WAIT_SECONDS,
	description:
		'How long to wait at most; the payout is then output as it is, with finalReached false',
};

/** Version 2 puts Wait Until Final on the panel, Max Wait under it; version 1 keeps both under Options. */
const showForV2 = { ...showFor, '@version': FROM_VERSION_2 };

export const description: INodeProperties[] = [
	{
		displayName: 'Find By',
		name: 'lookupBy',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'TYLT Order ID',
				value: 'orderId',
				description: 'The orderId TYLT gave the payout, as Payout → Create returns it',
			},
			{
				name: 'Reference',
				value: 'reference',
				description:
					'The reference Payout → Create used (yours, or the one it derived), as in its output’s merchantReference',
			},
		],
		default: 'orderId',
		displayOptions: { show: showFor },
	},
	{
		displayName: 'Order ID',
		name: 'payoutOrderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.orderId }}',
		description: "TYLT's order ID of the payout",
		displayOptions: { show: { ...showFor, lookupBy: ['orderId'] } },
	},
	{
		displayName: 'Reference',
		name: 'payoutReference',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.merchantReference }}',
		description: 'The reference the payout was created with',
		displayOptions: { show: { ...showFor, lookupBy: ['reference'] } },
	},
	{ ...waitUntilFinal, displayOptions: { show: showForV2 } },
	{ ...maxWait, displayOptions: { show: { ...showForV2, waitUntilFinal: [true] } } },
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { ...showFor, '@version': VERSION_1 } },
		options: [
			ifNotFound,
			{
				...lookBack,
				description:
					'Find By Reference: how far back to search TYLT payout history, read once for all items. Find By TYLT Order ID asks TYLT for the payout directly, however old.',
			},
			{
				...maxWait,
				description:
					'With Wait Until Final, how long to wait at most; the payout is output as it is then, with finalReached false',
				displayOptions: { show: { waitUntilFinal: [true] } },
			},
			{
				...waitUntilFinal,
				description:
					'Whether to read the payout again, waiting longer each time (5 s up to 60 s), until TYLT marks it final or Max Wait has passed; adds finalReached to the output',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showForV2 },
		options: [ifNotFound, lookBack],
	},
];
