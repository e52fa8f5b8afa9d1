/** A request about to be signed against the credential's limits: they bind every request the credential signs. */
import { compareExact, exactDecimal, exactText, type ExactDecimal } from '../decimalText';
import { isFiatCode } from '../fiatCurrencies';
import { canonicalAddress } from '../addresses/formats';
import { LIMIT_FIELDS, type SpendingLimitTexts } from './fields';
import type { JsonValue } from './jsonText';
import {
	UnreadableLimitError,
	hasSpendingLimits,
	readSpendingLimits,
	type AllowedRecipient,
	type CurrencyLimits,
	type SpendingLimits,
} from './parse';
import { takeNodeVoucher } from './nodeVouchers';
import type { OutgoingRequest } from '../outgoingRequest';
import { CREDENTIAL } from '../credentialRefusal';
import { provenCall } from './allowList';
import { payoutInCreate, type PayoutFields } from './payoutRequest';

/** A field's amount as TYLT would read it: digits only, in a JSON number or string. */
const PLAIN_AMOUNT_STRING = /^\d+(\.\d+)?$/;
const SYMBOL = /^[A-Za-z0-9]+$/;

/** What the per-payout limits say: allowed (by which Allowed Recipient Addresses entry), or why not. */
export type PerPayoutVerdict =
	| { allowed: true; allowedBy?: string }
	| { allowed: false; refusedBecause: string };

/** The credential's refusal of this request under its limits (its whole message), or undefined to sign it. */
export function spendingLimitRefusal(
	texts: SpendingLimitTexts,
	request: OutgoingRequest,
	account: string,
): string | undefined {
	const checked = checkedPayout(texts, request);
	if (checked.kind === 'signed') return undefined;
	if (checked.kind === 'notProven') {
		return `${CREDENTIAL} refused this request, so nothing was sent: ${checked.reason}`;
	}
	const reason =
		checked.kind === 'refused' ? checked.reason : payoutRefusal(checked, request, account);
	return reason && `${CREDENTIAL} refused this payout, so nothing was sent: ${reason}`;
}

/** The per-payout limits' verdict, as the TYLT node checks each item before its create. */
export function perPayoutVerdict(
	texts: SpendingLimitTexts,
	request: OutgoingRequest,
): PerPayoutVerdict {
	const checked = checkedPayout(texts, request);
	if (checked.kind === 'signed') return { allowed: true };
	if (checked.kind !== 'payout') return { allowed: false, refusedBecause: checked.reason };
	return payoutVerdict(checked.limits, checked.fields);
}

type CheckedPayout =
	| { kind: 'signed' }
	| { kind: 'notProven'; reason: string }
	| { kind: 'refused'; reason: string }
	| { kind: 'payout'; limits: SpendingLimits; fields: PayoutFields };

/** Signed as it is (no limit, or a call proven not to pay), a create's payout to check, or why not. */
function checkedPayout(texts: SpendingLimitTexts, request: OutgoingRequest): CheckedPayout {
	if (!hasSpendingLimits(texts)) return { kind: 'signed' };
	const call = provenCall(texts, request);
	if (typeof call !== 'string') return { kind: 'notProven', reason: call.notProven };
	if (call !== 'checkedCreate') return { kind: 'signed' };
	const limits = readSpendingLimits(texts);
	if (limits instanceof UnreadableLimitError) {
		return {
			kind: 'refused',
			reason: `${limits.message}. Fix it in the credential: until then no payout is sent with it`,
		};
	}
	const payout = payoutInCreate(request.bodyText);
	if (payout.kind === 'unreadable') {
		return {
			kind: 'refused',
			reason: `the request ${payout.reason}, so the credential's limits cannot be checked`,
		};
	}
	return { kind: 'payout', limits, fields: payout.fields };
}

/** Why the limits refuse a readable payout; the 24-hour voucher is taken last, once all else allows it. */
function payoutRefusal(
	{ limits, fields }: { limits: SpendingLimits; fields: PayoutFields },
	request: OutgoingRequest,
	account: string,
): string | undefined {
	const verdict = payoutVerdict(limits, fields);
	if (!verdict.allowed) return verdict.refusedBecause;
	return limits.per24Hours && dailyLimitRefusal(request, account);
}

function payoutVerdict(limits: SpendingLimits, fields: PayoutFields): PerPayoutVerdict {
	const { perPayout, allowedAddresses } = limits;
	const recipient = allowedAddresses && allowingEntry(allowedAddresses, fields);
	if (typeof recipient === 'string') return { allowed: false, refusedBecause: recipient };
	const amountRefused = perPayout && amountRefusal(perPayout, fields);
	if (amountRefused) return { allowed: false, refusedBecause: amountRefused };
	return recipient ? { allowed: true, allowedBy: recipient.entry } : { allowed: true };
}

/** Max Amount per 24 Hours is added up by the TYLT node, which vouches for each create it counted. */
function dailyLimitRefusal(request: OutgoingRequest, account: string): string | undefined {
	const { bodyText, nodeVoucher } = request;
	if (bodyText !== undefined && takeNodeVoucher(account, bodyText, nodeVoucher)) return undefined;
	return `${LIMIT_FIELDS.maxAmountPer24Hours} is set, and only the TYLT node's Payout → Create can add up what was paid in the last 24 hours (it reads TYLT's history first), so this credential signs no other payout. Send payouts with the TYLT node`;
}

/** The entry allowing this recipient on its network (a tied entry, else a bare one), or why none does. */
function allowingEntry(
	allowed: readonly AllowedRecipient[],
	fields: PayoutFields,
): AllowedRecipient | string {
	const { address, networkSymbol } = fields;
	const ALLOWED = LIMIT_FIELDS.allowedAddresses;
	if (address?.kind !== 'string') {
		return `its address is ${describe(address)}, and ${ALLOWED} lets only listed recipients be paid`;
	}
	const recipient = canonicalAddress(address.value);
	const listed = allowed.filter((entry) => entry.address === recipient);
	const network = networkOf(networkSymbol);
	const allowing =
		listed.find((entry) => network !== undefined && entry.network === network) ??
		listed.find((entry) => entry.network === undefined);
	if (allowing) return allowing;
	if (listed.length === 0) return `the recipient "${address.value}" is not in ${ALLOWED}`;
	const networks = [...new Set(listed.map((entry) => entry.network))].join(', ');
	if (network === undefined) {
		return `${ALLOWED} allows the recipient "${address.value}" only on ${networks}, and its networkSymbol ${describe(networkSymbol)} is not a network symbol as TYLT writes them (letters and digits only), so the network it would be paid on is not certain`;
	}
	// The entries as written: a network spelled otherwise than TYLT lists it (POLYGON for MATIC) is then plain.
	const entries = listed.map((entry) => entry.entry).join(', ');
	return `${ALLOWED} allows the recipient "${address.value}" only on ${networks}, not on ${network} (${listed.length === 1 ? 'entry' : 'entries'}: ${entries})`;
}

/** The payout's network in upper case; undefined unless ASCII letters and digits, which TYLT reads one way. */
function networkOf(value: JsonValue | undefined): string | undefined {
	if (value?.kind !== 'string' || !SYMBOL.test(value.value)) return undefined;
	return value.value.toUpperCase();
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

/** The symbol in upper case; undefined when absent (or, with `absentWhenEmpty`, empty); null when no symbol. */
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

/** The amount as written: a positive JSON number or plain-digit string (TYLT might read `"5e2"` otherwise). */
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
	if (value.kind === 'string') return JSON.stringify(value.value);
	if (value.kind === 'number') return value.text;
	if (value.kind === 'literal') return String(value.value);
	return `a JSON ${value.kind}`;
}
