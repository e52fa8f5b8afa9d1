import type { IDataObject } from 'n8n-workflow';

import { PAY_IN_ONLY_STATUSES } from '../shared/payoutEvents/description';
import { textOf, type OrderEvent, type OrderEventKind } from '../shared/payoutEvents/orderEvent';

// One callback whichever of its known shapes it arrived in: `record` is the object under `data` (or the whole
// body, for older integrations); `status` is the record's, or the P2P transaction's.
export interface TyltCallback extends OrderEvent {
	/** The whole parsed body, so the duplicate check need not parse it again. */
	body: IDataObject;
}

// Fields only a payout record has, for callbacks that arrive without a `type`.
const PAYOUT_FIELDS = [
	'toAddress',
	'settledAmountDebited',
	'settledAmountSent',
	'settledAmountRequested',
];

const PAY_IN_STATUSES = PAY_IN_ONLY_STATUSES.map((status) => status.toLowerCase());

/** Reads a verified body; undefined when it is not a JSON object, so it cannot be a TYLT callback. */
export function parseCallback(rawBody: Buffer): TyltCallback | undefined {
	let body: unknown;
	try {
		body = JSON.parse(rawBody.toString('utf8'));
	} catch {
		// The caller answers 400: a body that is not JSON carries no order to act on.
		return undefined;
	}
	if (!isObject(body)) return undefined;

	const record = isObject(body.data) ? body.data : body;
	const transaction = isObject(record.transaction) ? record.transaction : undefined;
	const hasTrade = isObject(record.trade) || isObject(body.trade);
	const status = textOf(record.status) ?? textOf(transaction?.status);
	const type = body.type ?? null;
	return { body, event: inferEvent(type, record, hasTrade, status), type, record, status };
}

function inferEvent(
	type: unknown,
	record: IDataObject,
	hasTrade: boolean,
	status: string | undefined,
): OrderEventKind {
	// `pay-in` is documented; `pay-out` and `payout` are both seen for payouts.
	const compactType = typeof type === 'string' ? type.toLowerCase().replace(/[^a-z]/g, '') : '';
	if (compactType === 'payin') return 'payIn';
	if (compactType === 'payout') return 'payout';
	// P2P ramp instances are pay-ins and carry their lifecycle as `trade.event`.
	if (hasTrade) return 'payIn';
	if (PAYOUT_FIELDS.some((field) => field in record)) return 'payout';
	if (status !== undefined && PAY_IN_STATUSES.includes(status.toLowerCase())) return 'payIn';
	// A callback URL is given when creating a payout, so an unmarked callback is most likely one.
	return 'payout';
}

function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}
