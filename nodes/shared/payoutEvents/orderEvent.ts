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

/** A non-blank string, trimmed, or a number, as text; undefined for anything else. */
export function textOf(value: unknown): string | undefined {
	if (typeof value === 'string' && value.trim() !== '') return value.trim();
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
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

/** Which events start the workflow. Empty lists mean "any". */
export interface EventFilters {
	events: OrderEventKind[];
	statuses: string[];
	finalOnly: boolean;
}

/** The one call both trigger contexts (webhook, poll) offer for reading a parameter. */
interface ParameterReader {
	getNodeParameter(parameterName: string, fallbackValue?: unknown): unknown;
}

/**
 * Statuses, Options → Other Statuses and Final Only as set on either trigger; `events` comes from the caller,
 * and so do `options` when the caller has read them already (the webhook trigger does for every callback).
 */
export function readFilters(
	context: ParameterReader,
	events: OrderEventKind[],
	options = context.getNodeParameter('options', {}) as IDataObject,
): EventFilters {
	return {
		events,
		statuses: statusList(
			context.getNodeParameter('statuses', []) as string[],
			String(options.otherStatuses ?? ''),
		),
		finalOnly: context.getNodeParameter('finalOnly', false) as boolean,
	};
}

/**
 * Joins the status multi-select with the free-text list (comma-separated), for statuses TYLT may
 * add later. Compared case-insensitively: merchant code spells them inconsistently.
 */
export function statusList(selected: string[], otherStatuses: string): string[] {
	const typed = otherStatuses.split(',');
	return [...selected, ...typed].map((status) => status.trim().toLowerCase()).filter(Boolean);
}

export function isWanted(orderEvent: OrderEvent, filters: EventFilters): boolean {
	if (filters.events.length > 0 && !filters.events.includes(orderEvent.event)) return false;
	if (filters.statuses.length > 0) {
		const status = orderEvent.status?.toLowerCase();
		if (status === undefined || !filters.statuses.includes(status)) return false;
	}
	return !filters.finalOnly || isFinalRecord(orderEvent.record);
}
