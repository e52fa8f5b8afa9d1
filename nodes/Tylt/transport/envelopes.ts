/** A usable answer per call: an HTTP 200 outside the envelope is no success (history could read as empty). */

/** The envelope every TYLT call answers with. `errorCode` is absent on create, 0 on success elsewhere. */
export interface TyltEnvelope {
	data?: unknown;
	errorCode?: number;
	msg?: string;
}

/** Undefined when the envelope is usable, otherwise what is wrong with it (words only, never the body). */
export type EnvelopeCheck = (envelope: TyltEnvelope) => string | undefined;

export function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The one field every use of a payout record relies on: TYLT's own identifier. */
function isPayoutRecord(value: unknown): boolean {
	return isObject(value) && typeof value.orderId === 'string' && value.orderId !== '';
}

/** Spec: `{ data: [<payout record>, ...], errorCode: 0, msg: "" }`. */
export const payoutHistoryEnvelope: EnvelopeCheck = (envelope) => {
	if (typeof envelope.errorCode !== 'number') {
		return 'the payout history answer is not TYLT’s envelope (no numeric errorCode)';
	}
	if (!Array.isArray(envelope.data)) {
		return 'the payout history answer holds no list of payouts (data is not an array)';
	}
	const bad = envelope.data.findIndex((record) => !isPayoutRecord(record));
	if (bad !== -1) {
		return `record ${bad + 1} of the payout history answer is not a payout (no orderId)`;
	}
	return undefined;
};

/** Spec: `{ data: <payout record>, msg: <string> }`. */
export const createPayoutEnvelope: EnvelopeCheck = (envelope) => {
	if (!isObject(envelope.data)) {
		return 'the answer holds no payout record (data is not an object)';
	}
	if (!isPayoutRecord(envelope.data)) return 'the payout record in the answer has no orderId';
	return undefined;
};

/** TYLT's docs: `{ data: [{ currencySymbol, balance }, ...] }`; one bad entry spoils all: no balance is guessed. */
export const accountBalanceEnvelope: EnvelopeCheck = (envelope) => {
	if (!Array.isArray(envelope.data)) {
		return 'the balance answer holds no list of balances (data is not an array)';
	}
	const seen = new Set<string>();
	for (const [index, entry] of envelope.data.entries()) {
		const position = `entry ${index + 1} of the balance answer`;
		if (!isObject(entry)) return `${position} is not an object`;
		if (typeof entry.currencySymbol !== 'string' || entry.currencySymbol.trim() === '') {
			return `${position} has no currencySymbol`;
		}
		if (typeof entry.balance !== 'number' || !Number.isFinite(entry.balance)) {
			return `${position} (${entry.currencySymbol}) has no numeric balance`;
		}
		const symbol = entry.currencySymbol.trim().toUpperCase();
		if (seen.has(symbol)) return `${position} lists ${entry.currencySymbol} a second time`;
		seen.add(symbol);
	}
	return undefined;
};

/** TYLT's docs: `{ data: <payout record>, msg: "" }` for one payout by orderId; `data: null` means none. */
export function payoutInformationEnvelope(orderId: string): EnvelopeCheck {
	return (envelope) => {
		if (envelope.data === null) return undefined;
		if (!isObject(envelope.data)) {
			return 'the payout answer holds no payout record (data is neither an object nor null)';
		}
		if (!isPayoutRecord(envelope.data)) return 'the payout record in the answer has no orderId';
		if (envelope.data.orderId !== orderId) {
			return 'the payout record in the answer is not the one asked for (another orderId)';
		}
		return undefined;
	};
}
