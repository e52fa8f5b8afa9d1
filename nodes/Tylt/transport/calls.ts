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
import { tyltApiRequest } from './request';

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

export async function createPayoutRequest(
	this: TyltContext,
	body: PayoutRequestBody,
	itemIndex: number,
	timeoutMs?: number,
	/** The TYLT node's voucher for this create under Max Amount per 24 Hours (nodeVouchers.ts). */
	nodeVoucher?: string,
): Promise<PayoutRecord> {
	return (await tyltApiRequest.call(this, {
		method: 'POST',
		path: TYLT_ENDPOINTS.createPayout,
		body,
		...(nodeVoucher === undefined ? {} : { headers: { [NODE_VOUCHER_HEADER]: nodeVoucher } }),
		itemIndex,
		timeoutMs,
		movesMoney: true,
		envelope: createPayoutEnvelope,
	})) as PayoutRecord;
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

/** A 'listing' decides nothing (Get Many), so it may take the likely end for the end; a 'decision' needs proof. */
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

/** Why a read of history stopped before its end: it served nothing new or went on past its bound. */
export class UnendingHistoryError extends NodeOperationError {
	constructor(
		node: INode,
		readonly reason: 'repeatedPage' | 'tooLong',
		read: { pages: number; records: number; maxRecords: number; purpose?: string },
		itemIndex?: number,
	) {
		const message =
			reason === 'repeatedPage'
				? `TYLT payout history did not end: page ${read.pages} holds only payouts earlier pages already served`
				: `TYLT payout history did not end within ${read.maxRecords.toLocaleString('en-US')} payouts read (${read.records.toLocaleString('en-US')} payouts in ${read.pages} pages)`;
		const why =
			reason === 'repeatedPage'
				? 'TYLT answered a page past the end with a page it served before, or history moved by whole pages while it was read: either way this read cannot prove it saw every payout.'
				: 'History read in creation order stops at the first payout older than the window; history listed in another order, or answered with new pages forever, is read to its end, and this one did not end within the bound.';
		super(node, message, {
			itemIndex,
			description: [why, read.purpose].filter(Boolean).join(' '),
		});
	}
}

/** Pages in a row of payouts already served (history pushed down meanwhile) before a decision calls it unending. */
const MAX_PAGES_SERVING_NOTHING_NEW = 5;

/** History page by page until it ends; after a short first page, asked at the size served so no offset skips. */
export async function* payoutHistoryPages(
	this: TyltContext,
	paging: HistoryPagesRequest,
	itemIndex?: number,
): AsyncGenerator<PayoutRecord[]> {
	let rows = paging.rows;
	let largestServed = 0;
	let fewestServed = rows;
	// orderIds compared as text: TYLT may send them as numbers or strings.
	const served = new Set<string>();
	let records = 0;
	let pagesServingNothingNew = 0;
	for (let page = 1; ; page++) {
		const unending = (reason: UnendingHistoryError['reason'], pages: number) =>
			new UnendingHistoryError(
				this.getNode(),
				reason,
				{ pages, records, maxRecords: paging.maxRecords, purpose: paging.purpose },
				itemIndex,
			);
		if (page > Math.ceil(paging.maxRecords / fewestServed) + 1) throw unending('tooLong', page - 1);
		const received = await getPayoutHistoryPage.call(
			this,
			{ rows, page, timeoutMs: paging.timeoutMs },
			itemIndex,
		);
		if (received.length === 0) return;
		const orderIds = received.map((record) => String(record.orderId));
		if (orderIds.every((orderId) => served.has(orderId))) {
			if (paging.reader === 'listing') return;
			if (++pagesServingNothingNew > MAX_PAGES_SERVING_NOTHING_NEW) {
				throw unending('repeatedPage', page);
			}
			continue;
		}
		pagesServingNothingNew = 0;
		records += received.length;
		if (records > paging.maxRecords) throw unending('tooLong', page);
		for (const orderId of orderIds) served.add(orderId);
		yield received;
		if (paging.reader === 'listing' && received.length < rows && received.length < largestServed) {
			return;
		}
		if (page === 1 && received.length < rows) rows = received.length;
		largestServed = Math.max(largestServed, received.length);
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
