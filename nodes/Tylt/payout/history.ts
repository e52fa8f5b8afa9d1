/**
 * Reading TYLT payout history back to a point in time: one reader for the guard, the in-doubt check and every
 * lookup by reference, so all agree on what "inside the window" means and on when a scan is incomplete.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { tyltTimeMs } from '../../shared/tyltTime';
import type { PayoutRecord } from '../transport/records';
import { HISTORY_PAGE_SIZE_MAX, payoutHistoryPages } from '../transport/calls';
import type { TyltContext } from '../transport/credentials';

export const HOUR_MS = 3_600_000;

/** How long after later payouts a slow create may still show up in history (the trigger's and the cache's). */
export const LATE_ARRIVAL_GRACE_MS = 15 * 60_000;

/** The most history one window may hold (50 pages of 200): beyond it a scan is refused, never cut short. */
export const PAYOUT_HISTORY_MAX_RECORDS = 10_000;

/** Tunable so tests can shrink it; not a user option. */
export const HISTORY_READ_LIMITS = {
	/** Payouts one read may read in all, inside the window or not: a full window and as many older. */
	maxRecordsRead: 2 * PAYOUT_HISTORY_MAX_RECORDS,
};

/** Said when a window read does not end: whatever reads a window decides nothing from part of it. */
const UNENDING_READ_PURPOSE =
	'Nothing is decided from part of history (no payout sent, no "not found", no status change reported): this run stops here. Ask TYLT, or fix the service answering as TYLT.';

export interface PayoutHistoryWindowRequest {
	/** The window: since `cutoffMs`, else the last `lookBackHours` (given both, that only names it in errors). */
	lookBackHours?: number;
	cutoffMs?: number;
	/** Default PAYOUT_HISTORY_MAX_RECORDS. More payouts than this inside the window is an error. */
	maxRecords?: number;
	/** Records per request; default and maximum HISTORY_PAGE_SIZE_MAX (200). */
	pageSize?: number;
	timeoutMs?: number;
	itemIndex?: number;
	/** The parameter that sets the window, named in the error when the window holds too much. */
	lookBackParameter?: string;
}

/** When a record was created; undefined when `createdAt` cannot be read, and then inside every window. */
export function payoutCreatedMs(record: PayoutRecord): number | undefined {
	return tyltTimeMs(record.createdAt);
}

export function isInsideWindow(record: PayoutRecord, cutoffMs: number): boolean {
	const created = payoutCreatedMs(record);
	return created === undefined || created >= cutoffMs;
}

/**
 * The payouts created inside the window, newest first. A window over `maxRecords` or a read that does not end
 * throws: a partial scan would let a duplicate through (docs/money-safety.md, "Duplicate guard").
 */
export async function readPayoutHistoryWindow(
	this: TyltContext,
	request: PayoutHistoryWindowRequest,
): Promise<PayoutRecord[]> {
	return (await readPayoutHistoryBackTo.call(this, request)).inside;
}

/** readPayoutHistoryWindow, with the older payouts the pages held anyway (the cache checks them too). */
export async function readPayoutHistoryBackTo(
	this: TyltContext,
	request: PayoutHistoryWindowRequest,
): Promise<{ inside: PayoutRecord[]; olderOnLastPage: PayoutRecord[] }> {
	const startedMs = Date.now();
	const cutoffMs = windowCutoff(request, startedMs);
	const rows = Math.min(
		Math.max(1, Math.floor(request.pageSize ?? HISTORY_PAGE_SIZE_MAX)),
		HISTORY_PAGE_SIZE_MAX,
	);
	const inside: PayoutRecord[] = [];
	const olderOnLastPage: PayoutRecord[] = [];
	const pages = payoutHistoryPages.call(
		this,
		{
			rows,
			timeoutMs: request.timeoutMs,
			maxRecords: HISTORY_READ_LIMITS.maxRecordsRead,
			reader: 'decision',
			purpose: UNENDING_READ_PURPOSE,
		},
		request.itemIndex,
	);
	// Whether the records so far came newest-created first, as the spec lists them (no createdAt says nothing).
	let inCreationOrder = true;
	let previousMs = Infinity;
	for await (const received of pages) {
		for (const record of received) {
			const createdMs = payoutCreatedMs(record);
			if (createdMs !== undefined) {
				if (createdMs > previousMs) inCreationOrder = false;
				previousMs = createdMs;
			}
			if (isInsideWindow(record, cutoffMs)) inside.push(record);
			else olderOnLastPage.push(record);
		}
		assertWindowFits(this.getNode(), request, inside, startedMs);
		// Only history listed newest-created first ends at the cut-off: read out of that order, a payout
		// inside the window may still come later, so the read goes on to the empty page.
		if (olderOnLastPage.length > 0 && inCreationOrder) break;
	}
	return { inside, olderOnLastPage };
}

/** Throws when `inside` (newest first, read at `startedMs`) is too many, naming the look-back that fits. */
export function assertWindowFits(
	node: INode,
	request: PayoutHistoryWindowRequest,
	inside: readonly PayoutRecord[],
	startedMs: number,
) {
	const maxRecords = request.maxRecords ?? PAYOUT_HISTORY_MAX_RECORDS;
	if (inside.length <= maxRecords) return;
	throw windowTooLargeError(node, request, {
		startedMs,
		maxRecords,
		newest: inside.slice(0, maxRecords),
	});
}

function windowCutoff(request: PayoutHistoryWindowRequest, nowMs: number): number {
	if (request.cutoffMs !== undefined) return request.cutoffMs;
	if (request.lookBackHours !== undefined) return nowMs - request.lookBackHours * HOUR_MS;
	throw new Error('readPayoutHistoryWindow needs lookBackHours or cutoffMs');
}

function windowTooLargeError(
	node: INode,
	request: PayoutHistoryWindowRequest,
	read: { startedMs: number; maxRecords: number; newest: PayoutRecord[] },
): NodeOperationError {
	const count = read.maxRecords.toLocaleString('en-US');
	const parameter = request.lookBackParameter ?? 'the look-back';
	const asked =
		request.lookBackHours !== undefined
			? `the last ${request.lookBackHours} hours`
			: `since ${new Date(request.cutoffMs ?? 0).toISOString()}`;
	const times = read.newest.map(payoutCreatedMs).filter((time) => time !== undefined);
	const oldestMs = times.length > 0 ? Math.min(...times) : undefined;
	let advice: string;
	if (oldestMs === undefined) {
		advice = `Shorten ${parameter}.`;
	} else {
		const coveredHours = (read.startedMs - oldestMs) / HOUR_MS;
		const fitting = Math.floor(coveredHours);
		advice =
			fitting >= 1
				? `The ${count} newest payouts go back to ${new Date(oldestMs).toISOString()} (${coveredHours.toFixed(1)} hours): set ${parameter} to ${fitting} hours or less.`
				: `The ${count} newest payouts go back only to ${new Date(oldestMs).toISOString()}, less than an hour: no look-back fits. Give each payout a reference of its own and turn the check off only if you accept the risk of paying twice.`;
	}
	return new NodeOperationError(
		node,
		`TYLT payout history holds more than ${count} payouts in ${asked}: too many to check them all`,
		{ itemIndex: request.itemIndex, description: advice },
	);
}
