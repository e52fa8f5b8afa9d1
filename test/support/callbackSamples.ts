/** Callback bodies shaped like TYLT's: the spec's payout record, in the envelope public TYLT integrations show. */
import type { IDataObject } from 'n8n-workflow';

let sequence = 0;

/** Each record gets fresh ids, so one server's dedupe memory never links two tests. */
function nextId(prefix: string): string {
	sequence += 1;
	return `${prefix}-${process.pid}-${sequence}`;
}

export function payoutRecord(overrides: IDataObject = {}): IDataObject {
	return {
		orderId: nextId('po'),
		merchantOrderId: nextId('m'),
		settledCurrency: 'USDT',
		settledAmountRequested: 25,
		settledAmountDebited: 25.5,
		settledAmountSent: 25,
		commission: 0.5,
		network: 'TRX',
		toAddress: 'TQ4o8p1xW7e8Z3uN9rKc2Hf5sVb6Lm1Ad',
		status: 'Pending',
		insufficientBalance: 0,
		paymentURL: '',
		callBackURL: 'https://n8n.example.com/webhook/tylt',
		transactions: [],
		createdAt: '2024-05-01T10:00:00Z',
		expiresAt: '2024-05-01T11:00:00Z',
		updatedAt: '2024-05-01T10:00:00Z',
		isFinal: 0,
		isDebited: 0,
		customerName: '',
		comments: '',
		...overrides,
	};
}

/** Pay-in records are not in the spec; these fields are the ones every callback has. */
export function payInRecord(overrides: IDataObject = {}): IDataObject {
	return {
		orderId: nextId('pi'),
		merchantOrderId: nextId('m'),
		status: 'Pending',
		isFinal: 0,
		...overrides,
	};
}

/** A P2P ramp instance: lifecycle in `trade.event`, amounts and status in `transaction`. */
export function p2pInstance(eventId: number, status = 'Pending'): IDataObject {
	const merchantOrderId = nextId('p2p');
	return {
		trade: { event: { id: eventId, description: 'waiting for payment' }, isBuyTrade: true },
		transaction: { merchantOrderId, status, amount: '100.00' },
	};
}

/** Compact JSON, as TYLT sends it: these exact bytes are what it signs. */
export function callbackBody(type: string | undefined, record: IDataObject): string {
	return JSON.stringify(type === undefined ? { data: record } : { type, data: record });
}
