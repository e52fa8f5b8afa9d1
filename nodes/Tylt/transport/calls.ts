/** TYLT's endpoints and the calls to them, one function a call, and the paging through payout history. */
import { type IDataObject, type INode, NodeOperationError } from 'n8n-workflow';

import { NODE_VOUCHER_HEADER } from '../../shared/spendingLimits/nodeVouchers';
import type { AccountBalance, CurrencyRecord, PayoutRecord, PayoutRequestBody } from './records';
import {
	accountBalanceEnvelope,
	createPayoutEnvelope,
	payoutHistoryEnvelope,
	payoutInformationEnvelope,
} from './envelopes';
import type { TyltContext } from './credentials';
import { type CreateOutcome, tyltApiRequest, tyltCreate } from './request';

/** TYLT paths, relative to the credential's base URL. */
export const TYLT_ENDPOINTS = {
	createPayout: '/transactions/merchant/createPayoutRequest',
	// The spec's heading names getPayinTransactionHistory, a copy error in TYLT's docs: that path lists pay-ins.
	payoutHistory: '/transactions/merchant/getPayoutTransactionHistory',
	// In TYLT's public docs, not in the spec: one payout by TYLT's orderId (shared/spec/tylt-facts.md).
	payoutInformation: '/transactions/merchant/getPayoutTransactionInformation',
	supportedCurrencies: '/transactions/merchant/getSupportedCryptoCurrenciesList',
	payInDetails: '/p2pRampsMerchant/getInstanceDetails',
	// In TYLT's public docs, not in the spec: signed over the empty string like the currency list.
	accountBalance: '/transactions/merchant/getAccountBalance',
} as const;

/** Records per history page. TYLT documents no maximum; 200 is what public integrations use without trouble. */
export const HISTORY_PAGE_SIZE_DEFAULT = 100;
export const HISTORY_PAGE_SIZE_MAX = 200;

export async function getSupportedCurrencies(
	this: TyltContext,
	itemIndex?: number,
	timeoutMs?: number,
) {
	const currencies = (await tyltApiRequest.call(this, {
		method: 'GET',
		path: TYLT_ENDPOINTS.supportedCurrencies,
		itemIndex,
		timeoutMs,
	})) as CurrencyRecord[];
	return Array.isArray(currencies) ? currencies : [];
}

/** The merchant's holdings, one entry per currency; only the documented shape counts (accountBalanceEnvelope). */
export async function getAccountBalances(
	this: TyltContext,
	itemIndex?: number,
	timeoutMs?: number,
): Promise<AccountBalance[]> {
	return (await tyltApiRequest.call(this, {
		method: 'GET',
		path: TYLT_ENDPOINTS.accountBalance,
		itemIndex,
		timeoutMs,
		envelope: accountBalanceEnvelope,
	})) as AccountBalance[];
}

/** Never throws: what came of the create is its value, made, not made or unknown (CreateOutcome). */
export async function createPayoutRequest(
	this: TyltContext,
	body: PayoutRequestBody,
	itemIndex: number,
	timeoutMs?: number,
	/** The TYLT node's voucher for this create under Max Amount per 24 Hours (nodeVouchers.ts). */
	nodeVoucher?: string,
): Promise<CreateOutcome<PayoutRecord>> {
	return (await tyltCreate.call(this, {
		method: 'POST',
		path: TYLT_ENDPOINTS.createPayout,
		body,
		...(nodeVoucher === undefined ? {} : { headers: { [NODE_VOUCHER_HEADER]: nodeVoucher } }),
		itemIndex,
		timeoutMs,
		envelope: createPayoutEnvelope,
	})) as CreateOutcome<PayoutRecord>;
}

export async function getPayInDetails(
	this: TyltContext,
	merchantOrderId: string,
	itemIndex: number,
): Promise<IDataObject> {
	return (await tyltApiRequest.call(this, {
		method: 'GET',
		path: TYLT_ENDPOINTS.payInDetails,
		qs: { merchantOrderId },
		itemIndex,
	})) as IDataObject;
}

/** One payout by orderId, or undefined when TYLT says there is none: never for "could not look". */
export async function getPayoutInformation(
	this: TyltContext,
	orderId: string,
	itemIndex?: number,
): Promise<PayoutRecord | undefined> {
	const record = (await tyltApiRequest.call(this, {
		method: 'GET',
		path: TYLT_ENDPOINTS.payoutInformation,
		qs: { orderId },
		itemIndex,
		envelope: payoutInformationEnvelope(orderId),
		// TYLT does not document how it says "none": a non-zero errorCode, HTTP 400 or 404 each count.
		refusalMeansAbsent: (statusCode) =>
			(statusCode >= 200 && statusCode <= 299) || statusCode === 400 || statusCode === 404,
	})) as PayoutRecord | null;
	return record ?? undefined;
}

/** One page of payout history, newest first; an answer outside TYLT's envelope is an error, never an empty page. */
export async function getPayoutHistoryPage(
	this: TyltContext,
	page: { rows: number; page: number; timeoutMs?: number },
	itemIndex?: number,
): Promise<PayoutRecord[]> {
	return (await tyltApiRequest.call(this, {
		method: 'GET',
		path: TYLT_ENDPOINTS.payoutHistory,
		// rows then page, as numbers: the query is sent and signed in this order.
		qs: { rows: page.rows, page: page.page },
		itemIndex,
		timeoutMs: page.timeoutMs,
		envelope: payoutHistoryEnvelope,
	})) as PayoutRecord[];
}

// Paging through history, the one place deciding where it ends: docs/money-safety.md, "Every read of history ends".

/**
 * A 'listing' decides nothing (Get Many), so a page at the end of what it read that repeats earlier payouts (TYLT
 * echoing the last page) ends it; a 'decision' cannot tell that from history pushed down while read. A short page
 * ends neither: both ask where it stopped.
 */
export type HistoryReader = 'listing' | 'decision';

export interface HistoryPagesRequest {
	/** Rows asked for on the first page. */
	rows: number;
	timeoutMs?: number;
	/** Records read (all of them) past which the read stops with an error; the pages they fill bound it too. */
	maxRecords: number;
	reader: HistoryReader;
	/** What the reader does with history, for the error when the read does not end (one sentence). */
	purpose?: string;
}

/**
 * Why a read of history stopped before its end: it served nothing new, went on past its bound, served a page that
 * cannot be shown to join the payouts read before it, or cut a second page short while history went on.
 */
export class UnendingHistoryError extends NodeOperationError {
	constructor(
		node: INode,
		readonly reason: 'repeatedPage' | 'tooLong' | 'notContiguous' | 'cutShort',
		read: { pages: number; records: number; maxRecords: number; purpose?: string },
		itemIndex?: number,
	) {
		const message = {
			repeatedPage: `TYLT payout history did not end: page ${read.pages} holds only payouts earlier pages already served`,
			tooLong: `TYLT payout history did not end within ${read.maxRecords.toLocaleString('en-US')} payouts read (${read.records.toLocaleString('en-US')} payouts in ${read.pages} pages)`,
			notContiguous: `TYLT history could not be read completely: page ${read.pages} does not join the payouts read before it`,
			cutShort: `TYLT history could not be read completely: page ${read.pages} came shorter than asked while history went on, the second page cut short in this read`,
		}[reason];
		const why = {
			repeatedPage:
				'TYLT answered a page past the end with a page it served before, or history moved by whole pages while it was read: either way this read cannot prove it saw every payout.',
			tooLong:
				'History read in creation order stops at the first payout older than the window; history listed in another order, or answered with new pages forever, is read to its end, and this one did not end within the bound.',
			notContiguous:
				'Each page must show the last payout already read just before its new ones, or start exactly after it; this one started past it, or lost payouts read before, so payouts between may never have been read.',
			cutShort:
				'After a page cut short the read goes on from exactly where it stopped; TYLT then cut another, so it serves no page size this read can rely on (an empty page it cut to nothing would look like the end).',
		}[reason];
		super(node, message, {
			itemIndex,
			description: [why, read.purpose].filter(Boolean).join(' '),
		});
	}
}

/** Pages in a row of payouts already served (history pushed down meanwhile) before a decision calls it unending. */
const MAX_PAGES_SERVING_NOTHING_NEW = 5;

/**
 * History page by page until it ends, each page shown to join the payouts read before it. TYLT documents no
 * largest page, no rule that it serves the rows asked, and not whether it counts pages by rows asked or served, so
 * where a page starts is checked, never assumed: a page asked to start before the last payout read (the frontier)
 * must show it just before its first new payout; one asked to start exactly after it may show none of those read.
 * Any other page fails the read closed, as does an empty page asked before the frontier. A page shorter than asked
 * is the end or a cut: the next page is asked exactly after the frontier, so only an empty page there ends the
 * read (or, where no size TYLT keeps starts there, a page ending on the frontier, shorter than the short one),
 * and a second cut fails it. The page size follows a short page (TYLT's cap) and grows back, doubling, while
 * TYLT serves the larger pages (the short page was a cut). A page larger than asked teaches TYLT's own size.
 * docs/money-safety.md, "Every read of history ends", says what this still rests on.
 */
export async function* payoutHistoryPages(
	this: TyltContext,
	paging: HistoryPagesRequest,
	itemIndex?: number,
): AsyncGenerator<PayoutRecord[]> {
	// The size to ask: doubles while pages come full, up to growUpTo; after a short page, at most what it served.
	let rows = paging.rows;
	// How many rows lie before the frontier's successor in TYLT's list, never more (so a page asked there joins).
	let position = 0;
	// The largest page TYLT is taken to serve in full, and the last size it did: a larger one is a probe.
	let growUpTo = paging.rows;
	let lastFullSize = paging.rows;
	// The rows of a page larger than asked: TYLT pages by its own size, so no page is asked smaller again.
	let smallestPageTyltKeeps = 1;
	// Rows the last page served when it came short; zero while pages come full.
	let shortPageRows = 0;
	let shortPage = 0;
	let cutPending = false;
	let cutPages = 0;
	let fewestServed = rows;
	// orderIds compared as text: TYLT may send them as numbers or strings. In the order read: newest first.
	const served = new Set<string>();
	let frontier: string | undefined;
	let previousPage = '';
	let pagesServingNothingNew = 0;
	for (let requests = 1; ; requests++) {
		const unending = (reason: UnendingHistoryError['reason'], pages: number) =>
			new UnendingHistoryError(
				this.getNode(),
				reason,
				{ pages, records: served.size, maxRecords: paging.maxRecords, purpose: paging.purpose },
				itemIndex,
			);
		if (requests > Math.ceil(paging.maxRecords / fewestServed) + 1) {
			throw unending('tooLong', requests - 1);
		}
		const size = nextPageSize(position, rows, smallestPageTyltKeeps, shortPageRows);
		if (size === undefined) throw unending('notContiguous', Math.floor(position / rows) + 1);
		const page = Math.floor(position / size) + 1;
		const pageStart = (page - 1) * size;
		const askedBeforeFrontier = pageStart < position;
		const received: PayoutRecord[] = await getPayoutHistoryPage.call(
			this,
			{ rows: size, page, timeoutMs: paging.timeoutMs },
			itemIndex,
		);
		const orderIds = received.map((record) => String(record.orderId));
		const firstNew = orderIds.findIndex((orderId) => !served.has(orderId));
		// The end: nothing past the frontier, shown where the position puts it. An empty page asked at the position
		// after a full one; after a short page, also a page asked before the frontier (TYLT keeps pages too large
		// to start at the position) that ends on it, shorter than the short page: no cap explains it.
		const endsOnFrontier =
			received.length === position - pageStart &&
			(received.length === 0 ||
				(received.length < shortPageRows &&
					firstNew === -1 &&
					orderIds[received.length - 1] === frontier));
		if (endsOnFrontier) return;
		if (received.length === 0) throw unending('notContiguous', page);
		if (received.length > size) {
			// TYLT pages by its own size: never ask smaller again. Such a page may start where that size puts it,
			// past the position; unless it is the first or shows the frontier, it proves nothing: ask again.
			smallestPageTyltKeeps = Math.max(smallestPageTyltKeeps, received.length);
			growUpTo = Math.max(growUpTo, smallestPageTyltKeeps);
			rows = Math.max(rows, smallestPageTyltKeeps);
			if (firstNew === 0 && pageStart > 0) continue;
		}
		const repeatsPreviousPage = orderIds.join() === previousPage;
		previousPage = orderIds.join();
		const joins =
			firstNew === -1 ||
			(firstNew === 0 ? !askedBeforeFrontier : orderIds[firstNew - 1] === frontier);
		if (!joins) throw unending('notContiguous', page);
		if (firstNew !== -1 && cutPending && ++cutPages > 1) throw unending('cutShort', shortPage);

		const fresh = received.filter((_, index) => index >= firstNew && !served.has(orderIds[index]));
		for (const record of fresh) served.add(String(record.orderId));
		if (fresh.length > 0) frontier = String(fresh[fresh.length - 1].orderId);

		// A page served in full started where it was asked, however TYLT counts its pages, so the frontier's place
		// in it is exact; a short page may have started earlier (a smaller cap): only its new payouts count.
		const full = received.length === size;
		const frontierIndex = frontier === undefined ? -1 : orderIds.lastIndexOf(frontier);
		if (!full) position += fresh.length;
		else if (frontierIndex >= 0) position = pageStart + frontierIndex + 1;
		else position = Math.max(position, pageStart + size);

		// Only a page growing back is a probe; any page asked after a short one that comes short is a cut.
		const probe = size > lastFullSize && shortPageRows === 0;
		const short = received.length < size;
		// A probe served short shows TYLT's cap (or a cut) above the size last served in full: grow no further.
		if (short && probe) growUpTo = Math.max(received.length, lastFullSize);
		cutPending = short && !probe;
		shortPageRows = short ? received.length : 0;
		if (short) shortPage = page;
		if (full) lastFullSize = size;
		rows = short
			? Math.max(received.length, smallestPageTyltKeeps)
			: Math.min(rows * 2, Math.max(growUpTo, size));

		if (firstNew === -1) {
			// The page just served, again, at a size TYLT served in full: its answer past the end (or history pushed
			// down by a page). Any other page of payouts read before is an overlap, where TYLT's pages are smaller
			// than asked (a probe past its cap serves the page it counts by its own size).
			if (paging.reader === 'listing' && repeatsPreviousPage && !probe) return;
			if (++pagesServingNothingNew > MAX_PAGES_SERVING_NOTHING_NEW) {
				throw unending('repeatedPage', page);
			}
			continue;
		}
		pagesServingNothingNew = 0;
		yield fresh;
		// Checked once the reader asks for more: a page reaching past a Limit is read, not an error.
		if (served.size > paging.maxRecords) throw unending('tooLong', requests);
		fewestServed = Math.min(fewestServed, received.length);
	}
}

/**
 * The size of the next page, from `floor` (TYLT's smallest) to `rows`. While pages come full: the largest size
 * from half of `rows` whose page starts exactly at `position`, else `rows` (the page re-reads a few rows). After
 * a page served `shortPageRows`, short: the largest size whose page starts exactly at `position`, else (TYLT keeps
 * larger pages) the smallest from `floor` whose page starts fewer than `shortPageRows` rows before it, so its
 * answer shows the frontier and what follows within the rows that page served; failing both, none.
 */
function nextPageSize(
	position: number,
	rows: number,
	floor: number,
	shortPageRows: number,
): number | undefined {
	const startsAtPosition = (size: number) => position % size === 0;
	const smallest = shortPageRows > 0 ? floor : Math.max(floor, Math.ceil(rows / 2));
	for (let size = rows; size >= smallest; size--) if (startsAtPosition(size)) return size;
	if (shortPageRows === 0) return rows;
	for (let size = floor; size <= position; size++) {
		if (position % size < shortPageRows) return size;
	}
	return undefined;
}

/** Tunable so tests can shrink it. Past it Return All is an error pointing to Limit, never a list cut short. */
export const GET_MANY_LIMITS = {
	returnAllMaxRecords: 100_000,
};

/** Payout → Get Many, a listing: pages are asked only while short of `limit` (undefined: Return All). */
export async function getPayoutHistory(
	this: TyltContext,
	paging: { limit?: number; pageSize: number },
	itemIndex: number,
): Promise<PayoutRecord[]> {
	const rows =
		paging.limit === undefined ? paging.pageSize : Math.min(paging.limit, paging.pageSize);
	const records: PayoutRecord[] = [];
	for await (const received of payoutHistoryPages.call(
		this,
		{
			rows,
			// With a limit the last page may reach past it; Return All stops at its bound.
			maxRecords:
				paging.limit === undefined ? GET_MANY_LIMITS.returnAllMaxRecords : paging.limit + rows,
			reader: 'listing',
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
