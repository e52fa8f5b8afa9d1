import type { IDataObject } from 'n8n-workflow';

import { NODE_VOUCHER_HEADER } from '../../shared/spendingLimits/nodeVouchers';
import type { AccountBalance, CurrencyRecord, PayoutRecord, PayoutRequestBody } from './records';
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
