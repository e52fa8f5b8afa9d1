import type { IDataObject } from 'n8n-workflow';

/** A network entry of the supported currency list (spec: "Network record"). */
export interface NetworkRecord extends IDataObject {
	standard: string;
	canDeposit: number;
	canWithdraw: number;
	networkFees: number;
	networkName: string;
	networkSymbol: string;
	maximumDeposit: number;
	minimumDeposit: number;
	contractAddress: string;
	maximumWithdrawal: number;
	minimumWithdrawal: number;
}

/** An entry of the supported currency list (spec: "Supported currency record"). */
export interface CurrencyRecord extends IDataObject {
	currencyName: string;
	currencySymbol: string;
	networks: NetworkRecord[];
}

/** One currency of the merchant's holdings (TYLT's getAccountBalance; not in the spec). */
export interface AccountBalance extends IDataObject {
	currencySymbol: string;
	balance: number;
}

/** What TYLT returns for a payout, on create and in history (spec: "Payout record"). */
export interface PayoutRecord extends IDataObject {
	orderId: string;
	merchantOrderId: string;
	settledCurrency: string;
	settledAmountRequested: number;
	network: string;
	toAddress: string;
	status: string;
	isFinal: number;
	createdAt: string;
}

/**
 * A payout record that shares nothing with `record`: what the guard keeps (history, this process's memory) must not
 * change when an output item made from it is edited by a later node.
 */
export function copyOfRecord(record: PayoutRecord): PayoutRecord {
	return JSON.parse(JSON.stringify(record)) as PayoutRecord;
}

/** The body of a create-payout request, in the order its fields are serialised and signed. */
export interface PayoutRequestBody extends IDataObject {
	baseAmount: number;
	baseCurrency?: string;
	address: string;
	settledCurrency: string;
	networkSymbol: string;
	customerName?: string;
	comments?: string;
	callBackUrl?: string;
	redirectUrl?: string;
	/** The duplicate guard's reference, when sent as TYLT's merchant order ID. */
	merchantOrderId?: string;
}
