import type { IDataObject } from 'n8n-workflow';

import type { OrderEvent, OrderEventKind } from './orderEvent';
import { isFinalRecord } from './orderEvent';

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
 * The filters as the user set them on either trigger: Statuses, Options → Other Statuses and Final Only.
 * `events` is fixed by the caller when its trigger has no Events parameter; `options`, when the caller has
 * read them already (the webhook trigger does for every callback).
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
