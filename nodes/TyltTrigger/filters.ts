import type { CallbackEvent, TyltCallback } from './parseCallback';
import { isFinal } from './parseCallback';

/** Which callbacks start the workflow. Empty lists mean "any". */
export interface CallbackFilters {
	events: CallbackEvent[];
	statuses: string[];
	finalOnly: boolean;
}

/**
 * Joins the status multi-select with the free-text list (comma-separated), for statuses TYLT may
 * add later. Compared case-insensitively: merchant code spells them inconsistently.
 */
export function statusList(selected: string[], otherStatuses: string): string[] {
	const typed = otherStatuses.split(',');
	return [...selected, ...typed].map((status) => status.trim().toLowerCase()).filter(Boolean);
}

export function isWanted(callback: TyltCallback, filters: CallbackFilters): boolean {
	if (filters.events.length > 0 && !filters.events.includes(callback.event)) return false;
	if (filters.statuses.length > 0) {
		const status = callback.status?.toLowerCase();
		if (status === undefined || !filters.statuses.includes(status)) return false;
	}
	return !filters.finalOnly || isFinal(callback);
}
