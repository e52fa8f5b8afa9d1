import type { IDataObject } from 'n8n-workflow';

import { merchantReferenceOf } from '../referenceTag';
import { normaliseAmounts } from './amounts';

export type OrderEventKind = 'payout' | 'payIn';

/**
 * One order in one state, as both triggers hand it to the workflow: the webhook trigger from a callback, the
 * polling trigger from a payout history record. Filters and the output item are built from this alone, so a
 * workflow can switch between the two triggers without changing the nodes after them.
 */
export interface OrderEvent {
	event: OrderEventKind;
	/** The `type` TYLT gives callbacks (`pay-out`, `pay-in`); null when a callback carried none. */
	type: IDataObject[string] | null;
	/** The order record as TYLT sent it. */
	record: IDataObject;
	/** The record's status; undefined when it carries none. */
	status: string | undefined;
}

/** The `type` TYLT's payout callbacks carry: the polling trigger stamps it on history records too. */
export const PAYOUT_CALLBACK_TYPE = 'pay-out';

/**
 * The item a trigger emits: the record with amounts as numbers, plus `event` and `type`; a payout also gets
 * `merchantReference`, the reference Payout → Create wrote (as Payout → Create and Get output it).
 */
export function toOutputJson(orderEvent: OrderEvent): IDataObject {
	// normaliseAmounts returns a fresh object: adding to it spares copying the record a second time.
	const json = normaliseAmounts(orderEvent.record);
	json.event = orderEvent.event;
	json.type = orderEvent.type;
	if (orderEvent.event === 'payout') {
		json.merchantReference = merchantReferenceOf(orderEvent.record);
	}
	return json;
}

/** Whether TYLT marks the order as final: `isFinal` is 1 in the spec, but `'1'` and `true` are seen. */
export function isFinalRecord(record: IDataObject): boolean {
	const flag = record.isFinal;
	return flag === 1 || flag === '1' || flag === true;
}

/** A payout history record as the event a payout callback for the same state would have been. */
export function payoutEventOf(record: IDataObject): OrderEvent {
	const status =
		typeof record.status === 'string' && record.status.trim() !== ''
			? record.status.trim()
			: undefined;
	return { event: 'payout', type: PAYOUT_CALLBACK_TYPE, record, status };
}
