import { randomBytes } from 'node:crypto';

import { formatRecordTime, formatTransactionTime } from './clock';
import { findNetwork } from './currencies';
import { roundAmount } from './money';
import type { PayoutRecord, TransactionRecord } from './types';

/** A validated create request, in settled-currency terms. */
export interface PayoutOrder {
	merchantOrderId?: string;
	settledCurrency: string;
	settledAmountRequested: number;
	network: string;
	toAddress: string;
	callBackUrl?: string;
	customerName?: string;
	comments?: string;
	baseAmount?: number;
	baseCurrency?: string;
}

// TYLT gives no expiry rule; an hour is informational only, nothing expires in the sandbox.
const EXPIRY_MS = 60 * 60 * 1000;

const TRON_NETWORKS = ['TRX'];

// Sandbox hot wallets, so completed transfers name a sender in the address format of their network.
const HOT_WALLET_TRON = 'TXsandboxHotWa11etTYLTxxxxxxxxxxxx';
const HOT_WALLET_EVM = '0x5a4d1b0c7e2f3a9b8c6d5e4f3a2b1c0d9e8f7a6b';

export const SAMPLE_RECIPIENT_TRON = 'TQrZ9wBzF4M3zzRpXn3N3k5ZEyNQhxPbrU';

let orderCounter = 0;

/** Globally unique: a counter for readability, random hex so two sandboxes never collide. */
export function newOrderId(): string {
	orderCounter += 1;
	return `PO${String(orderCounter).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
}

/** The record as create returns it: Pending, nothing debited, nothing sent yet. */
export function pendingPayoutRecord(order: PayoutOrder, nowMs: number): PayoutRecord {
	const orderId = newOrderId();
	const record: PayoutRecord = {
		orderId,
		// The spec says responses always carry a merchantOrderId; derive one when the merchant gave none.
		merchantOrderId: order.merchantOrderId ?? `MO-${orderId}`,
		settledCurrency: order.settledCurrency,
		settledAmountRequested: order.settledAmountRequested,
		settledAmountDebited: 0,
		settledAmountSent: 0,
		commission: 0,
		network: order.network,
		toAddress: order.toAddress,
		status: 'Pending',
		insufficientBalance: 0,
		paymentURL: '',
		callBackURL: order.callBackUrl ?? '',
		transactions: [],
		createdAt: formatRecordTime(nowMs),
		expiresAt: formatRecordTime(nowMs + EXPIRY_MS),
		updatedAt: formatRecordTime(nowMs),
		isFinal: 0,
		isDebited: 0,
		customerName: order.customerName ?? '',
		comments: order.comments ?? '',
	};
	if (order.baseAmount !== undefined) record.baseAmount = order.baseAmount;
	if (order.baseCurrency !== undefined) record.baseCurrency = order.baseCurrency;
	return record;
}

/** The network fee of a record's currency and network (0 for a network the sandbox does not know). */
export function networkFee(record: PayoutRecord): number {
	return findNetwork(record.settledCurrency, record.network)?.networkFees ?? 0;
}

/** The merchant pays the fee on top: the recipient gets exactly what was requested. */
export function amountToDebit(record: PayoutRecord): number {
	return roundAmount(record.settledAmountRequested + networkFee(record));
}

/** Returns a new record, so snapshots a caller holds (and callbacks already built) keep the old state. */
export function completedPayoutRecord(record: PayoutRecord, settledAtMs: number): PayoutRecord {
	const isTron = TRON_NETWORKS.includes(record.network);
	const transaction: TransactionRecord = {
		amount: record.settledAmountRequested,
		createdAt: formatTransactionTime(settledAtMs),
		updatedAt: formatTransactionTime(settledAtMs),
		fromAddress: isTron ? HOT_WALLET_TRON : HOT_WALLET_EVM,
		transactionHash: `${isTron ? '' : '0x'}${randomBytes(32).toString('hex')}`,
		confirmationStatus: 1,
	};
	return {
		...record,
		status: 'Completed',
		settledAmountDebited: amountToDebit(record),
		settledAmountSent: record.settledAmountRequested,
		commission: networkFee(record),
		transactions: [transaction],
		updatedAt: formatRecordTime(settledAtMs),
		isFinal: 1,
		isDebited: 1,
	};
}

export function failedPayoutRecord(
	record: PayoutRecord,
	settledAtMs: number,
	insufficientBalance: boolean,
): PayoutRecord {
	return {
		...record,
		status: 'Failed',
		insufficientBalance: insufficientBalance ? 1 : record.insufficientBalance,
		updatedAt: formatRecordTime(settledAtMs),
		isFinal: 1,
		isDebited: 0,
	};
}

/**
 * A plausible payout in any status, for history seeding and hand-sent callbacks: Completed and Failed
 * records look exactly like ones the sandbox settled itself; any other status is passed through as given.
 */
export function samplePayoutRecord(status: string, createdAtMs: number, amount = 25): PayoutRecord {
	const pending = pendingPayoutRecord(
		{
			settledCurrency: 'USDT',
			settledAmountRequested: amount,
			network: 'TRX',
			toAddress: SAMPLE_RECIPIENT_TRON,
			customerName: 'Sandbox Customer',
		},
		createdAtMs,
	);
	// Settled a minute after creation, as a finished history entry would be.
	const settledAtMs = createdAtMs + 60 * 1000;
	if (status === 'Completed') return completedPayoutRecord(pending, settledAtMs);
	if (status === 'Failed') return failedPayoutRecord(pending, settledAtMs, false);
	return { ...pending, status };
}
