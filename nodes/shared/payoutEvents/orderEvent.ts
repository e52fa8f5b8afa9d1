import type { IDataObject } from 'n8n-workflow';

import { merchantReferenceOf } from '../referenceTag';
import { normaliseAmounts } from './amounts';

export type OrderEventKind = 'payout' | 'payIn';

// One order in one state, from a callback or a history record: filters and output read only this, so a
// workflow can switch between the two triggers without changing the nodes after them.
export interface OrderEvent {
	event: OrderEventKind;
	/** The `type` TYLT gives callbacks (`pay-out`, `pay-in`); null when a callback carried none. */
	type: IDataObject[string] | null;
	record: IDataObject;
	status: string | undefined;
}

/** The record with amounts as numbers, `event`, `type` and, for a payout, `merchantReference`. */
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

/** A payout history record as the event a payout callback (`type` pay-out) in the same state would be. */
export function payoutEventOf(record: IDataObject): OrderEvent {
	const status = typeof record.status === 'string' ? textOf(record.status) : undefined;
	return { event: 'payout', type: 'pay-out', record, status };
}

/** Empty lists mean "any". */
export interface EventFilters {
	events: OrderEventKind[];
	statuses: string[];
	finalOnly: boolean;
}

interface ParameterReader {
	getNodeParameter(parameterName: string, fallbackValue?: unknown): unknown;
}

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

// Lower case: merchant code spells statuses inconsistently.
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
