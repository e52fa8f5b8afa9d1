/** Payout → Get's output item (what the lookup found out first, then TYLT's record) or its not-found error. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PayoutRecord } from '../../transport/records';
import type { FoundPayout, PayoutLookup } from '../../payout/lookup';
import { describeLookup } from '../../payout/lookup';
import { isFinalRecord } from '../../../shared/payoutEvents/orderEvent';
import { merchantReferenceOf } from '../../../shared/referenceTag';
import { decisionFirst } from '../decisionFirst';
import type { PendingLookup } from './get.item';

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
