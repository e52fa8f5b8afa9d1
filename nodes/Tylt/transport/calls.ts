import type { IDataObject } from 'n8n-workflow';

import type {
	AccountBalance,
	CurrencyRecord,
	PayoutRecord,
	PayoutRequestBody,
} from '../helpers/types';
import { TYLT_ENDPOINTS } from './endpoints';
import {
	accountBalanceEnvelope,
	createPayoutEnvelope,
	payoutHistoryEnvelope,
	payoutInformationEnvelope,
} from './envelopes';
import type { TyltContext } from './credentials';
import { tyltApiRequest } from './request';

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

/**
 * The merchant's holdings, one entry per currency. A read like the others (retried after transient failures);
 * only the documented shape counts (see accountBalanceEnvelope).
 */
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
): Promise<PayoutRecord> {
	return (await tyltApiRequest.call(this, {
		method: 'POST',
		path: TYLT_ENDPOINTS.createPayout,
		body,
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

/**
 * One payout by TYLT's orderId, or undefined when TYLT says there is none. TYLT does not document how it
 * answers an unknown orderId, so each plausible way counts: `data: null`, a non-zero errorCode, HTTP 400 or
 * 404. A rejected credential (401, 403), a redirect, or an answer that is not a payout record for this orderId
 * stays an error: "not found" must never stand in for "could not look".
 */
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
		refusalMeansAbsent: payoutNotFound,
	})) as PayoutRecord | null;
	return record ?? undefined;
}

function payoutNotFound(statusCode: number): boolean {
	if (statusCode >= 200 && statusCode <= 299) return true; // HTTP 200 with a non-zero errorCode
	return statusCode === 400 || statusCode === 404;
}

export interface HistoryPaging {
	/** Stop after this many records; undefined reads until TYLT returns an empty page. */
	limit?: number;
	pageSize: number;
	timeoutMs?: number;
}

/**
 * One page of payout history, newest first. Only an answer in TYLT's documented envelope counts: anything
 * else is an error (after the usual read retries), never an empty page.
 */
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

/**
 * Payout history page by page, newest first, until TYLT returns an empty page (the consumer may stop sooner).
 * Only an empty page ends history: TYLT documents no maximum page size, so a first page shorter than asked may
 * be TYLT's own cap rather than the end. From then on pages are asked at the size TYLT served, which puts page N
 * at the same records whether TYLT counts its offset in rows asked or rows served: nothing is skipped.
 */
export async function* payoutHistoryPages(
	this: TyltContext,
	paging: { rows: number; timeoutMs?: number },
	itemIndex?: number,
): AsyncGenerator<PayoutRecord[]> {
	let rows = paging.rows;
	for (let page = 1; ; page++) {
		const received = await getPayoutHistoryPage.call(
			this,
			{ rows, page, timeoutMs: paging.timeoutMs },
			itemIndex,
		);
		if (received.length === 0) return;
		yield received;
		if (page === 1 && received.length < rows) rows = received.length;
	}
}

/**
 * Pages through payout history, newest first. Each page is requested only when the records so far fall short,
 * so a limit never costs more pages than it needs.
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
		{ rows, timeoutMs: paging.timeoutMs },
		itemIndex,
	)) {
		records.push(...received);
		if (paging.limit !== undefined && records.length >= paging.limit) {
			return records.slice(0, paging.limit);
		}
	}
	return records;
}
