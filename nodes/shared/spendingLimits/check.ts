/**
 * Checks a request about to be signed against the credential's spending limits: Max Amount per Payout and
 * Allowed Recipient Addresses bind every request signed with the credential, the HTTP Request node's too.
 */
import { compareExact, exactDecimal, exactText, type ExactDecimal } from '../decimalText';
import { isFiatCode } from '../fiatCurrencies';
import { canonicalAddress } from '../walletAddress';
import { LIMIT_FIELDS, type SpendingLimitTexts } from './fields';
import type { JsonValue } from './jsonText';
import {
	UnreadableLimitError,
	hasSpendingLimits,
	readSpendingLimits,
	type CurrencyLimits,
	type SpendingLimits,
} from './parse';
import { takeNodeVoucher } from './nodeVouchers';
import type { OutgoingRequest } from '../outgoingRequest';
import { payoutInRequest, type PayoutFields } from './payoutRequest';

/** A field's amount as TYLT would read it: digits only, in a JSON number or string. */
const PLAIN_AMOUNT_STRING = /^\d+(\.\d+)?$/;
const SYMBOL = /^[A-Za-z0-9]+$/;

/**
 * Why the credential's limits refuse this request, phrased to follow "refused this payout: ", or undefined
 * when it may be signed and sent (it is no payout, or it is within every limit the signature can check).
 * Max Amount per 24 Hours is checked last, by the TYLT node's voucher for this account (tyltAccountHash), which
 * this takes.
 */
export function spendingLimitRefusal(
	texts: SpendingLimitTexts,
	request: OutgoingRequest,
	account: string,
): string | undefined {
	const checked = checkedPayout(texts, request);
	if (checked.kind !== 'payout') return checked.kind === 'refused' ? checked.reason : undefined;
	return (
		payoutRefusal(checked.limits, checked.fields) ??
		(checked.limits.per24Hours && dailyLimitRefusal(request, account))
	);
}

/**
 * Why Max Amount per Payout or Allowed Recipient Addresses refuse this request: what the TYLT node checks for
 * each item before anything is sent, with the same words the signing would use.
 */
export function perPayoutRefusal(
	texts: SpendingLimitTexts,
	request: OutgoingRequest,
): string | undefined {
	const checked = checkedPayout(texts, request);
	if (checked.kind !== 'payout') return checked.kind === 'refused' ? checked.reason : undefined;
	return payoutRefusal(checked.limits, checked.fields);
}

type CheckedPayout =
	| { kind: 'free' }
	| { kind: 'refused'; reason: string }
	| { kind: 'payout'; limits: SpendingLimits; fields: PayoutFields };

/** The request's payout and the limits it is held to; refused when either cannot be read. */
function checkedPayout(texts: SpendingLimitTexts, request: OutgoingRequest): CheckedPayout {
	if (!hasSpendingLimits(texts)) return { kind: 'free' };
	const payout = payoutInRequest(request);
	if (payout.kind === 'none') return { kind: 'free' };
	const limits = readSpendingLimits(texts);
	if (limits instanceof UnreadableLimitError) {
		return {
			kind: 'refused',
			reason: `${limits.message}. Fix it in the credential: until then no payout is sent with it`,
		};
	}
	const { perPayout, per24Hours, allowedAddresses } = limits;
	if (perPayout === undefined && per24Hours === undefined && allowedAddresses === undefined) {
		return { kind: 'free' };
	}
	if (payout.kind === 'unreadable') {
		return {
			kind: 'refused',
			reason: `the request ${payout.reason}, so the credential's limits cannot be checked`,
		};
	}
	return { kind: 'payout', limits, fields: payout.fields };
}

function payoutRefusal(limits: SpendingLimits, fields: PayoutFields): string | undefined {
	const { perPayout, allowedAddresses } = limits;
	return (
		(allowedAddresses && addressRefusal(allowedAddresses, fields)) ??
		(perPayout && amountRefusal(perPayout, fields))
	);
}

/**
 * Max Amount per 24 Hours is added up from TYLT's history by the TYLT node, which vouches for each payout it
 * counted (nodeVouchers.ts). Asked last, when every other limit let the request through: it takes the voucher.
 */
function dailyLimitRefusal(request: OutgoingRequest, account: string): string | undefined {
	if (
		request.bodyText !== undefined &&
		takeNodeVoucher(account, request.bodyText, request.nodeVoucher)
	)
		return undefined;
	return `${LIMIT_FIELDS.maxAmountPer24Hours} is set, and only the TYLT node's Payout → Create can add up what was paid in the last 24 hours (it reads TYLT's history first), so this credential signs no other payout. Send payouts with the TYLT node`;
}

function addressRefusal(allowed: ReadonlySet<string>, fields: PayoutFields): string | undefined {
	const { address } = fields;
	if (address?.kind !== 'string') {
		return `its address is ${describe(address)}, and ${LIMIT_FIELDS.allowedAddresses} lets only listed recipients be paid`;
	}
	if (allowed.has(canonicalAddress(address.value))) return undefined;
	return `the recipient "${address.value}" is not in ${LIMIT_FIELDS.allowedAddresses}`;
}

function amountRefusal(limits: CurrencyLimits, fields: PayoutFields): string | undefined {
	const base = currencyOf(fields.baseCurrency, { absentWhenEmpty: true });
	const settled = currencyOf(fields.settledCurrency, { absentWhenEmpty: false });
	if (base === null)
		return `its baseCurrency is ${describe(fields.baseCurrency)}, not a currency symbol`;
	if (!settled) {
		return `its settledCurrency is ${describe(fields.settledCurrency)}, not a currency symbol, so ${LIMIT_FIELDS.maxAmountPerPayout} cannot be applied`;
	}
	const listed = [...limits.keys()].join(', ');
	// The settled currency is what leaves the account: it must be allowed even when the amount is sized in fiat.
	if (!limits.has(settled)) {
		return `${LIMIT_FIELDS.maxAmountPerPayout} names no limit for ${settled} (only ${listed}), so no payout in ${settled} may be made with this credential. Add ${settled} and its limit to allow it`;
	}
	// Sized in another crypto, the settled currency's own limit would never bind: only fiat sizes a payout.
	if (base !== undefined && base !== settled && !isFiatCode(base)) {
		return `it is sized in ${base} (baseCurrency), which is not an ISO 4217 fiat code: a payout sized in another crypto would escape the ${settled} limit in ${LIMIT_FIELDS.maxAmountPerPayout}. Send the amount in ${settled} without baseCurrency`;
	}
	// TYLT reads baseAmount in baseCurrency when one is given, and converts it to the settled currency itself.
	const currency = base ?? settled;
	const amount = amountOf(fields.baseAmount);
	if (amount === undefined) {
		return `its baseAmount is ${describe(fields.baseAmount)}, not a plain positive decimal, so ${LIMIT_FIELDS.maxAmountPerPayout} cannot be applied`;
	}
	const limit = limits.get(currency);
	if (limit === undefined) {
		return `it is sized in ${currency} (baseCurrency), which TYLT converts to ${settled} only when it creates the payout, so ${LIMIT_FIELDS.maxAmountPerPayout} (${listed}) cannot be checked. To allow payouts sized in ${currency}, add ${currency} and its limit to ${LIMIT_FIELDS.maxAmountPerPayout}, for example "${currency} 450"`;
	}
	if (compareExact(amount, limit) <= 0) return undefined;
	return `${exactText(amount)} ${currency} is above ${LIMIT_FIELDS.maxAmountPerPayout} for ${currency} (${exactText(limit)} ${currency})`;
}

/**
 * A currency field's symbol in upper case; undefined when absent (and, with `absentWhenEmpty`, when empty, as
 * TYLT takes an empty baseCurrency for none); null when present but not a symbol.
 */
function currencyOf(
	value: JsonValue | undefined,
	{ absentWhenEmpty }: { absentWhenEmpty: boolean },
): string | null | undefined {
	if (value === undefined || (value.kind === 'literal' && value.value === null)) return undefined;
	if (value.kind !== 'string') return null;
	if (absentWhenEmpty && value.value === '') return undefined;
	const symbol = value.value.trim();
	return SYMBOL.test(symbol) ? symbol.toUpperCase() : null;
}

/**
 * The amount exactly as written, when it is a positive finite decimal: a JSON number (an exponent is exact
 * too) or a string of plain digits. A string TYLT might read another way (`5e2`, `0x1F4`, `1,000`) is refused.
 */
function amountOf(value: JsonValue | undefined): ExactDecimal | undefined {
	let text: string;
	if (value?.kind === 'number') text = value.text;
	else if (value?.kind === 'string' && PLAIN_AMOUNT_STRING.test(value.value.trim()))
		text = value.value.trim();
	else return undefined;
	// The double TYLT may read must be a positive finite number too: 1e400 is Infinity there, 1e-400 zero.
	const double = Number(text);
	if (!Number.isFinite(double) || double <= 0) return undefined;
	return exactDecimal(text);
}

function describe(value: JsonValue | undefined): string {
	if (value === undefined) return 'missing';
	if (value.kind === 'string') return `"${value.value}"`;
	if (value.kind === 'number') return value.text;
	if (value.kind === 'literal') return String(value.value);
	return `a JSON ${value.kind}`;
}
