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
 * Why a read of history stopped before its end: it served nothing new, went on past its bound, or cut pages
 * short where history goes on more than once, so no page size could be trusted to leave nothing out.
 */
export class UnendingHistoryError extends NodeOperationError {
	constructor(
		node: INode,
		readonly reason: 'repeatedPage' | 'tooLong' | 'servedShort',
		read: { pages: number; records: number; maxRecords: number; purpose?: string },
		itemIndex?: number,
	) {
		const message = {
			repeatedPage: `TYLT payout history did not end: page ${read.pages} holds only payouts earlier pages already served`,
			tooLong: `TYLT payout history did not end within ${read.maxRecords.toLocaleString('en-US')} payouts read (${read.records.toLocaleString('en-US')} payouts in ${read.pages} pages)`,
			servedShort: `TYLT history could not be read completely: page ${read.pages} came shorter than asked while history went on, the second page cut short in this read`,
		}[reason];
		const why = {
			repeatedPage:
				'TYLT answered a page past the end with a page it served before, or history moved by whole pages while it was read: either way this read cannot prove it saw every payout.',
			tooLong:
				'History read in creation order stops at the first payout older than the window; history listed in another order, or answered with new pages forever, is read to its end, and this one did not end within the bound.',
			servedShort:
				'After a page cut short, the read goes on from exactly where that page stopped, at that page’s size or less; TYLT then cut another page short, so it serves no page size this read can rely on to leave no payout out.',
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
 * History page by page until it ends, each page asked where the pages before it ended. While pages come full
 * that is the next page at the same size. After a page shorter than asked (TYLT's cap, its bytes or its load,
 * or the end) it is the largest size, at most that short page's, that divides the rows served so far: the next
 * page then starts exactly there, whether TYLT counts pages by rows asked or by rows served, so an empty page
 * proves the end and a page holding new payouts proves the short page was cut, with no payout skipped. A second
 * cut page in one read fails it (docs/money-safety.md, "Every read of history ends").
 */
export async function* payoutHistoryPages(
	this: TyltContext,
	paging: HistoryPagesRequest,
	itemIndex?: number,
): AsyncGenerator<PayoutRecord[]> {
	let rows = paging.rows;
	let page = 1;
	// Rows TYLT served, new or not: where the next page must start.
	let offset = 0;
	// At most the shortest page TYLT served: under a cap, page N then starts at (N-1) × rows whichever way
	// TYLT counts its pages.
	let largestRows = paging.rows;
	let afterShortPage = false;
	let shortPage = 0;
	let cutPages = 0;
	let fewestServed = rows;
	// orderIds compared as text: TYLT may send them as numbers or strings.
	const served = new Set<string>();
	let records = 0;
	let pagesServingNothingNew = 0;
	for (let requests = 1; ; requests++) {
		const unending = (reason: UnendingHistoryError['reason'], pages: number) =>
			new UnendingHistoryError(
				this.getNode(),
				reason,
				{ pages, records, maxRecords: paging.maxRecords, purpose: paging.purpose },
				itemIndex,
			);
		if (requests > Math.ceil(paging.maxRecords / fewestServed) + 1) {
			throw unending('tooLong', requests - 1);
		}
		const received = await getPayoutHistoryPage.call(
			this,
			{ rows, page, timeoutMs: paging.timeoutMs },
			itemIndex,
		);
		if (received.length === 0) return;
		const orderIds = received.map((record) => String(record.orderId));
		const servesSomethingNew = orderIds.some((orderId) => !served.has(orderId));
		// Payouts already served after a short page are history pushed down meanwhile, not proof of a cut.
		if (afterShortPage && servesSomethingNew && ++cutPages > 1) {
			throw unending('servedShort', shortPage);
		}
		afterShortPage = received.length < rows;
		if (afterShortPage) {
			shortPage = page;
			largestRows = Math.min(largestRows, received.length);
		}
		offset += received.length;
		if (!servesSomethingNew) {
			if (paging.reader === 'listing') return;
			if (++pagesServingNothingNew > MAX_PAGES_SERVING_NOTHING_NEW) {
				throw unending('repeatedPage', page);
			}
		}
		rows = largestRows;
		while (offset % rows !== 0) rows--;
		page = offset / rows + 1;
		if (!servesSomethingNew) continue;
		pagesServingNothingNew = 0;
		records += received.length;
		if (records > paging.maxRecords) throw unending('tooLong', requests);
		for (const orderId of orderIds) served.add(orderId);
		yield received;
		fewestServed = Math.min(fewestServed, received.length);
	}
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
