import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { invalidFieldError } from '../../helpers/fieldError';
import type { PayoutRecord } from '../../helpers/types';
import { readPayoutHistoryWindow } from '../../payout/history';
import type { FoundPayout, PayoutLookup } from '../../payout/lookup';
import { describeLookup, findPayout } from '../../payout/lookup';
import { readUntil } from '../../payout/readUntil';
import { isFinalRecord } from '../../../shared/payoutEvents/orderEvent';
import { merchantReferenceOf } from '../../../shared/referenceTag';

const showFor = { resource: ['payout'], operation: ['get'] };

export const DEFAULT_LOOK_BACK_HOURS = 168;
export const DEFAULT_MAX_WAIT_SECONDS = 600;

/** Wait Until Final: history is read again after these waits, doubling up to the cap. Exported for tests. */
export const WAIT_POLICY = {
	firstDelayMs: 5000,
	maxDelayMs: 60_000,
};

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
					'The reference Payout → Create used (Options → Reference, or the one it made up): returned as merchantReference',
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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showFor },
		options: [
			{
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
			},
			{
				displayName: 'Look-Back (Hours)',
				name: 'lookBackHours',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_LOOK_BACK_HOURS,
				description:
					'How far back to search TYLT payout history (TYLT has no call for one payout). A window holding more than 10,000 payouts is an error that says which look-back fits.',
			},
			{
				displayName: 'Max Wait (Seconds)',
				name: 'maxWaitSeconds',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_WAIT_SECONDS,
				description:
					'With Wait Until Final, how long to wait at most; the payout is output as it is then, with finalReached false',
				displayOptions: { show: { waitUntilFinal: [true] } },
			},
			{
				displayName: 'Wait Until Final',
				name: 'waitUntilFinal',
				type: 'boolean',
				default: false,
				description:
					'Whether to read the payout again, waiting longer each time (5 s, 10 s, … up to 60 s), until TYLT marks it final (isFinal = 1) or Max Wait has passed. Adds finalReached to the output.',
			},
		],
	},
];

interface GetOptions {
	ifNotFound?: 'error' | 'returnNothing';
	lookBackHours?: number;
	maxWaitSeconds?: number;
	waitUntilFinal?: boolean;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const lookup = readLookup.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as GetOptions;
	const lookBackHours = options.lookBackHours ?? DEFAULT_LOOK_BACK_HOURS;
	const find = async () =>
		findPayout(
			await readPayoutHistoryWindow.call(this, {
				lookBackHours,
				itemIndex,
				lookBackParameter: 'Options → Look-Back (Hours)',
			}),
			lookup,
		);

	const startedMs = Date.now();
	let found: FoundPayout | undefined;
	if (options.waitUntilFinal) {
		// A payout just created may take a moment to show in history: not found yet is waited on too. One that
		// left the window meanwhile is reported as last seen.
		found = await readUntil(
			async () => (await find()) ?? found,
			(latest) => latest !== undefined && isFinalRecord(latest.record),
			{
				firstPauseMs: WAIT_POLICY.firstDelayMs,
				maxPauseMs: WAIT_POLICY.maxDelayMs,
				deadlineMs: startedMs + (options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS) * 1000,
			},
		);
	} else {
		found = await find();
	}
	if (found === undefined) {
		if (options.ifNotFound === 'returnNothing') return [];
		throw new NodeOperationError(
			this.getNode(),
			`No payout with ${describeLookup(lookup)} in TYLT payout history of the last ${lookBackHours} hours`,
			{
				itemIndex,
				description:
					'Check the value, or search further back with Options → Look-Back (Hours). To go on without it, set Options → If Not Found to Return Nothing.',
			},
		);
	}
	if (!options.waitUntilFinal) return [{ json: output(found, lookup) }];
	return [
		{
			json: {
				...output(found, lookup),
				finalReached: isFinalRecord(found.record),
				waitedSeconds: Math.round((Date.now() - startedMs) / 1000),
			},
		},
	];
}

function output(found: FoundPayout, lookup: PayoutLookup): IDataObject {
	const json: IDataObject = { ...(found.record as PayoutRecord) };
	if (lookup.by === 'reference') {
		json.merchantReference = lookup.reference;
		json.referenceCertain = found.certain;
	} else {
		json.merchantReference = merchantReferenceOf(found.record);
	}
	return json;
}

function readLookup(this: IExecuteFunctions, itemIndex: number): PayoutLookup {
	const by = this.getNodeParameter('lookupBy', itemIndex) as PayoutLookup['by'];
	const [name, label] =
		by === 'reference' ? ['payoutReference', 'Reference'] : ['payoutOrderId', 'Order ID'];
	const value = this.getNodeParameter(name, itemIndex) as unknown;
	const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (text === '') {
		throw invalidFieldError(this.getNode(), {
			label,
			name,
			value,
			reason: `the ${label.toLowerCase()} of the payout is required`,
			itemIndex,
		});
	}
	return by === 'reference' ? { by, reference: text } : { by, orderId: text };
}
