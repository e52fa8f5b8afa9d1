/**
 * Payout → Get: each item's parameters read with its own index, its payout looked up by order ID or reference
 * (in rounds while Wait Until Final waits), and the output item or the not-found error.
 */
import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
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
import { hasPanelV2 } from '../nodeVersion';
import { DEFAULT_LOOK_BACK_HOURS, DEFAULT_MAX_WAIT_SECONDS } from './get.description';
import type { PayoutRecord } from '../../transport/records';
import { merchantReferenceOf } from '../../../shared/referenceTag';
import { decisionFirst } from '../decisionFirst';

export { description } from './get.description';

/** Wait Until Final: history is read again after these waits, doubling up to the cap. Exported for tests. */
export const WAIT_POLICY = {
	firstDelayMs: 5000,
	maxDelayMs: 60_000,
};

/**
 * All items together: each round looks up every item still pending at once (history read at most once, see
 * lookUpPayouts), and with Wait Until Final the rounds repeat, backing off, until each item is final or its
 * own Max Wait has passed. An item's error ends that item only.
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

	const lookUpPending = async (pending: PendingLookup[]) => {
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
		async () => await lookUpPending(lookups.filter((lookup) => lookup.endedMs === undefined)),
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

/** Payout → Get's options as an item sets them. */
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
			name,
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
	const { found, lookup, options, itemIndex } = item;
	if (found === undefined) {
		if (options.ifNotFound === 'returnNothing') return [];
		throw notFoundError.call(this, lookup, item.lookBackHours, itemIndex);
	}
	if (!options.waitUntilFinal) return [{ json: output(found, lookup) }];
	return [
		{
			json: output(found, lookup, {
				finalReached: isFinalRecord(found.record),
				waitedSeconds: Math.round(((item.endedMs ?? Date.now()) - startedMs) / 1000),
			}),
		},
	];
}

function notFoundError(
	this: IExecuteFunctions,
	lookup: PayoutLookup,
	lookBackHours: number,
	itemIndex: number,
): NodeOperationError {
	const goOn = 'To go on without it, set Options → If Not Found to Return Nothing.';
	if (lookup.by === 'orderId') {
		return new NodeOperationError(
			this.getNode(),
			`TYLT has no payout with ${describeLookup(lookup)}`,
			{ itemIndex, description: `Check the value. ${goOn}` },
		);
	}
	return new NodeOperationError(
		this.getNode(),
		`No payout with ${describeLookup(lookup)} in TYLT payout history of the last ${lookBackHours} hours`,
		{
			itemIndex,
			description: `Check the value, or search further back with Options → Look-Back (Hours). ${goOn}`,
		},
	);
}

/** What the lookup found out first (the reference, the status, the wait), then TYLT's record. */
function output(found: FoundPayout, lookup: PayoutLookup, wait: IDataObject = {}): IDataObject {
	const record = found.record as PayoutRecord;
	const decision: IDataObject =
		lookup.by === 'reference'
			? { merchantReference: lookup.reference, referenceCertain: found.certain }
			: { merchantReference: merchantReferenceOf(found.record) };
	if (record.status !== undefined) decision.status = record.status;
	return decisionFirst({ ...wait, ...decision }, record);
}
