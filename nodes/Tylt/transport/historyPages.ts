/**
 * Paging through TYLT payout history: the one place that decides where history ends. Every reader (the
 * duplicate guard and its history cache, Payout → Get, Get Many, the polling trigger) pages through here.
 *
 * TYLT documents neither its largest page nor what a page past the end holds, so:
 * - an empty page is the end;
 * - a page shorter than asked is the end when TYLT is known to serve more rows a page than it holds (an
 *   earlier page of the same read, or `servesAtLeast` from earlier reads): TYLT's cap, if any, is at least that
 *   large. Only a page shorter than asked and than every page TYLT was seen to serve may be TYLT's cap;
 * - a page with the same payouts in the same order as the page before is how many paged APIs answer a page
 *   past the end (or history moved by exactly one page while it was read): the reader says whether that is the
 *   end or an error;
 * - no read goes on forever: past `maxRecords` records read (inside any window or not), or past the pages those
 *   records fill, it stops with an error.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PayoutRecord } from '../helpers/types';
import { getPayoutHistoryPage } from './calls';
import type { TyltContext } from './credentials';

export interface HistoryPagesRequest {
	/** Rows asked for on the first page. */
	rows: number;
	timeoutMs?: number;
	/** Records read (all of them) past which the read stops with an error; the pages they fill bound it too. */
	maxRecords: number;
	/**
	 * What a page repeating the one before means to this reader: 'end' (history ends there; the repeat is not
	 * returned) or 'error' (the read cannot prove it saw all of history).
	 */
	repeatedPage: 'end' | 'error';
	/** The largest page TYLT is known to have served this account before: rows it serves at least. */
	servesAtLeast?: number;
	/** What the reader does with history, for the error when the read does not end (one sentence). */
	purpose?: string;
}

/** Why a read of history stopped before its end: it repeated itself or went on past its bound. */
export class UnendingHistoryError extends NodeOperationError {
	constructor(
		node: INode,
		readonly reason: 'repeatedPage' | 'tooLong',
		read: { pages: number; records: number; maxRecords: number; purpose?: string },
		itemIndex?: number,
	) {
		const message =
			reason === 'repeatedPage'
				? `TYLT payout history did not end: page ${read.pages} holds the same payouts as page ${read.pages - 1}`
				: `TYLT payout history did not end within ${read.maxRecords.toLocaleString('en-US')} payouts read (${read.pages} pages)`;
		const why =
			reason === 'repeatedPage'
				? 'TYLT answered a page past the end with the last page again, or history moved by exactly one page while it was read: either way this read cannot prove it saw every payout.'
				: 'History read in creation order stops at the first payout older than the window; history listed in another order, or answered with new pages forever, is read to its end, and this one did not end within the bound.';
		super(node, message, {
			itemIndex,
			description: [why, read.purpose].filter(Boolean).join(' '),
		});
	}
}

/** The same payouts in the same order: orderIds compared as text (TYLT may send them as numbers or strings). */
function samePayouts(a: readonly string[] | undefined, b: readonly string[]): boolean {
	return a !== undefined && a.length === b.length && a.every((orderId, at) => orderId === b[at]);
}

/**
 * Payout history page by page, newest first, until it ends (see above; the consumer may stop sooner). After a
 * first page shorter than asked, pages are asked at the size TYLT served, which puts page N at the same records
 * whether TYLT counts its offset in rows asked or rows served: nothing is skipped.
 */
export async function* payoutHistoryPages(
	this: TyltContext,
	paging: HistoryPagesRequest,
	itemIndex?: number,
): AsyncGenerator<PayoutRecord[]> {
	let rows = paging.rows;
	let servesAtLeast = paging.servesAtLeast ?? 0;
	const maxPages = Math.ceil(paging.maxRecords / rows) + 1;
	let previous: string[] | undefined;
	let records = 0;
	for (let page = 1; ; page++) {
		const unending = (reason: UnendingHistoryError['reason']) =>
			new UnendingHistoryError(
				this.getNode(),
				reason,
				{ pages: page, records, maxRecords: paging.maxRecords, purpose: paging.purpose },
				itemIndex,
			);
		if (page > maxPages) throw unending('tooLong');
		const received = await getPayoutHistoryPage.call(
			this,
			{ rows, page, timeoutMs: paging.timeoutMs },
			itemIndex,
		);
		if (received.length === 0) return;
		const orderIds = received.map((record) => String(record.orderId));
		if (samePayouts(previous, orderIds)) {
			if (paging.repeatedPage === 'end') return;
			throw unending('repeatedPage');
		}
		records += received.length;
		if (records > paging.maxRecords) throw unending('tooLong');
		yield received;
		if (received.length < rows && received.length < servesAtLeast) return;
		if (page === 1 && received.length < rows) rows = received.length;
		servesAtLeast = Math.max(servesAtLeast, received.length);
		previous = orderIds;
	}
}

export interface HistoryPaging {
	/** Stop after this many records; undefined reads until history ends (see historyPages.ts). */
	limit?: number;
	pageSize: number;
	timeoutMs?: number;
}

/** Tunable so tests can shrink it; not a user option. */
export const GET_MANY_LIMITS = {
	/**
	 * Return All reads at most this many payouts (some 100 MB of output); more is an error that points to
	 * Limit, never a list cut short without a word.
	 */
	returnAllMaxRecords: 100_000,
};

/**
 * Pages through payout history, newest first (Payout → Get Many). Each page is requested only when the records
 * so far fall short, so a limit never costs more pages than it needs. A page repeating the one before ends the
 * list: it is how many paged APIs answer a page past the end (the list is a snapshot; nothing is decided from it).
 */
export async function getPayoutHistory(
	this: TyltContext,
	paging: HistoryPaging,
	itemIndex: number,
): Promise<PayoutRecord[]> {
	const rows =
		paging.limit === undefined ? paging.pageSize : Math.min(paging.limit, paging.pageSize);
	const records: PayoutRecord[] = [];
	for await (const received of payoutHistoryPages.call(
		this,
		{
			rows,
			timeoutMs: paging.timeoutMs,
			// With a limit the last page may reach past it; Return All stops at its bound.
			maxRecords:
				paging.limit === undefined ? GET_MANY_LIMITS.returnAllMaxRecords : paging.limit + rows,
			repeatedPage: 'end',
			purpose: 'Set Return All off and a Limit to list the newest payouts.',
		},
		itemIndex,
	)) {
		records.push(...received);
		if (paging.limit !== undefined && records.length >= paging.limit) {
			return records.slice(0, paging.limit);
		}
	}
	return records;
}
