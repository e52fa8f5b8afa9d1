import {
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
	NodeOperationError,
} from 'n8n-workflow';

import {
	describeLookup,
	type FoundPayout,
	lookUpPayouts,
	type PayoutLookup,
	type PayoutLookupRequest,
} from '../../payout/lookup';
import { cancelSignalOf, readInRounds } from '../../../shared/pause';
import { isFinalRecord } from '../../../shared/payoutEvents/orderEvent';
import type { ItemOutcome } from '../types';
import { invalidFieldError } from '../../helpers/fieldError';
import { FROM_VERSION_2, hasPanelV2, VERSION_1 } from '../nodeVersion';
import type { PayoutRecord } from '../../transport/records';
import { merchantReferenceOf } from '../../../shared/referenceTag';
import { decisionFirst } from '../decisionFirst';
import { optionsCollection } from '../panel';

const showFor = { resource: ['payout'], operation: ['get'] };

const DEFAULT_LOOK_BACK_HOURS = 168;
const DEFAULT_MAX_WAIT_SECONDS = 600;
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
	optionsCollection({ ...showFor, '@version': VERSION_1 }, [
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
	]),
	optionsCollection(showForV2, [ifNotFound, lookBack]),
];

/** Wait Until Final: history is read again after these waits, doubling up to the cap. Exported for tests. */
export const WAIT_POLICY = {
	firstDelayMs: 5000,
	maxDelayMs: 60_000,
};

/**
 * Each round looks up every pending item at once (history read at most once); with Wait Until Final rounds
 * repeat, backing off, until each item is final or past its own Max Wait. An item's error ends that item only.
 */
export async function executeAll(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<ItemOutcome[]> {
	const startedMs = Date.now();
	const outcomes: ItemOutcome[] = [];
	const lookups: PendingLookup[] = [];
	for (const itemIndex of itemIndexes) {
		try {
			lookups.push(readItem.call(this, itemIndex, startedMs));
		} catch (error) {
			outcomes.push({ itemIndex, error: error as Error });
		}
	}

	const lookUpPending = async () => {
		const pending = lookups.filter((lookup) => lookup.endedMs === undefined);
		const results = await lookUpPayouts.call(this, pending);
		const nowMs = Date.now();
		for (const lookup of pending) {
			const result = results.get(lookup.itemIndex);
			if (result === undefined || 'error' in result) {
				lookup.error = result?.error ?? new Error('The lookup gave no result');
			} else {
				// A payout just created may take a moment to show in history: not found yet is waited on too.
				// One that left the window meanwhile is reported as last seen.
				lookup.found = result.found ?? lookup.found;
			}
			if (lookup.error || isSettled(lookup, nowMs)) lookup.endedMs = nowMs;
		}
		return pending.filter((lookup) => lookup.endedMs === undefined);
	};
	await readInRounds(
		lookUpPending,
		// Only waiting items are still pending after the first round: the next pause ends at the nearest Max Wait.
		(pending) =>
			pending.length === 0
				? undefined
				: Math.min(...pending.map((lookup) => lookup.deadlineMs ?? 0)),
		{
			firstPauseMs: WAIT_POLICY.firstDelayMs,
			maxPauseMs: WAIT_POLICY.maxDelayMs,
			signal: cancelSignalOf(this),
		},
	);

	for (const lookup of lookups) {
		try {
			outcomes.push({
				itemIndex: lookup.itemIndex,
				output: outputOf.call(this, lookup, startedMs),
			});
		} catch (error) {
			outcomes.push({ itemIndex: lookup.itemIndex, error: error as Error });
		}
	}
	return outcomes;
}

/** Done looking: found and not waiting, found final, or out of time. */
function isSettled(lookup: PendingLookup, nowMs: number): boolean {
	if (lookup.deadlineMs === undefined) return true;
	if (lookup.found && isFinalRecord(lookup.found.record)) return true;
	return nowMs >= lookup.deadlineMs;
}

export interface GetOptions {
	ifNotFound?: 'error' | 'returnNothing';
	lookBackHours?: number;
	maxWaitSeconds?: number;
	waitUntilFinal?: boolean;
}

/** One item's lookup as it goes: what it asks, until when it waits, and what it has seen so far. */
export interface PendingLookup extends PayoutLookupRequest {
	options: GetOptions;
	/** Only with Wait Until Final: when this item stops waiting (epoch ms). */
	deadlineMs?: number;
	found?: FoundPayout;
	error?: Error;
	endedMs?: number;
}

export function readItem(
	this: IExecuteFunctions,
	itemIndex: number,
	startedMs: number,
): PendingLookup {
	const lookup = readLookup.call(this, itemIndex);
	const collection = this.getNodeParameter('options', itemIndex, {}) as GetOptions;
	const options: GetOptions = hasPanelV2(this)
		? {
				...collection,
				waitUntilFinal: this.getNodeParameter('waitUntilFinal', itemIndex, false) as boolean,
				maxWaitSeconds: this.getNodeParameter(
					'maxWaitSeconds',
					itemIndex,
					DEFAULT_MAX_WAIT_SECONDS,
				) as number,
			}
		: collection;
	return {
		itemIndex,
		lookup,
		options,
		lookBackHours: options.lookBackHours ?? DEFAULT_LOOK_BACK_HOURS,
		deadlineMs: options.waitUntilFinal
			? startedMs + (options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS) * 1000
			: undefined,
	};
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
			value,
			reason: `the ${label.toLowerCase()} of the payout is required`,
			itemIndex,
		});
	}
	return by === 'reference' ? { by, reference: text } : { by, orderId: text };
}

/** Payout → Get's output item (what the lookup found out first, then TYLT's record) or its not-found error. */
export function outputOf(
	this: IExecuteFunctions,
	item: PendingLookup,
	startedMs: number,
): INodeExecutionData[] {
	if (item.error) throw item.error;
	const { found, lookup, options } = item;
	if (found === undefined) {
		if (options.ifNotFound === 'returnNothing') return [];
		throw notFoundError(this.getNode(), item);
	}
	const record = found.record as PayoutRecord;
	const decision: IDataObject = options.waitUntilFinal
		? {
				finalReached: isFinalRecord(record),
				waitedSeconds: Math.round(((item.endedMs ?? Date.now()) - startedMs) / 1000),
			}
		: {};
	if (lookup.by === 'reference') {
		decision.merchantReference = lookup.reference;
		decision.referenceCertain = found.certain;
	} else {
		decision.merchantReference = merchantReferenceOf(record);
	}
	if (record.status !== undefined) decision.status = record.status;
	return [{ json: decisionFirst(decision, record) }];
}

function notFoundError(
	node: INode,
	{ lookup, lookBackHours, itemIndex }: PendingLookup,
): NodeOperationError {
	const goOn = 'To go on without it, set Options → If Not Found to Return Nothing.';
	if (lookup.by === 'orderId') {
		return new NodeOperationError(node, `TYLT has no payout with ${describeLookup(lookup)}`, {
			itemIndex,
			description: `Check the value. ${goOn}`,
		});
	}
	return new NodeOperationError(
		node,
		`No payout with ${describeLookup(lookup)} in TYLT payout history of the last ${lookBackHours} hours`,
		{
			itemIndex,
			description: `Check the value, or search further back with Options → Look-Back (Hours). ${goOn}`,
		},
	);
}
