import type { IDataObject } from 'n8n-workflow';

import type { CurrencyRecord, PayoutRecord, PayoutRequestBody } from '../helpers/types';
import { TYLT_ENDPOINTS } from './endpoints';
import { tyltApiRequest, type TyltContext } from './request';

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

export interface HistoryPaging {
	/** Stop after this many records; undefined reads until TYLT returns a short or empty page. */
	limit?: number;
	pageSize: number;
	/** Stop at the first page that holds a record this returns true for (history is newest first). */
	stopAfter?: (record: PayoutRecord) => boolean;
	timeoutMs?: number;
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
	for (let page = 1; ; page++) {
		// rows then page, as numbers: the query is sent and signed in this order.
		const pageRecords = (await await tyltApiRequest.call(this, {
			method: 'GET',
			path: TYLT_ENDPOINTS.payoutHistory,
			qs: { rows, page },
			itemIndex,
			timeoutMs: paging.timeoutMs,
		})) as PayoutRecord[];
		const received = Array.isArray(pageRecords) ? pageRecords : [];
		records.push(...received);
		if (paging.limit !== undefined && records.length >= paging.limit)
			return records.slice(0, paging.limit);
		if (received.length < rows) return records;
		if (paging.stopAfter && received.some(paging.stopAfter)) return records;
	}
}
