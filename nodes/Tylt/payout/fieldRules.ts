/**
 * The payout's field checks on the item alone (FIELD_RULES), and the shapes every rule shares. validation.ts
 * applies them; currencyListRules.ts holds the checks against TYLT's currency list.
 */
import { addressCharacterProblem } from '../addresses';
import type { CurrencyCatalog } from '../helpers/currencyCatalog';
import { isPlainDecimal, isSentAsTyped } from '../../shared/decimalText';
import { isFiatCode } from '../../shared/fiatCurrencies';
import type { CurrencyRecord, NetworkRecord } from '../transport/records';

/** Payout parameters exactly as read from one item, before anything is trusted. */
export interface PayoutInput {
	settledCurrency: unknown;
	networkSymbol: unknown;
	address: unknown;
	baseAmount: unknown;
	baseCurrency?: unknown;
	customerName?: unknown;
	comments?: unknown;
	callBackUrl?: unknown;
	redirectUrl?: unknown;
}

/** What the rules learn while checking, for the rules after them and for the request body. */
export interface Resolved {
	catalog?: CurrencyCatalog;
	currency?: CurrencyRecord;
	network?: NetworkRecord;
	baseCurrency?: string;
	amount?: number;
}

export interface FieldRule {
	name: keyof PayoutInput;
	label: string;
	optional?: boolean;
	/** Returns why the value is wrong, or nothing when it is fine. */
	check(value: unknown, resolved: Resolved): string | undefined;
}

const MAX_EXACT_AMOUNT = 1e12;

// Checks that need nothing but the item: they run before anything is fetched, so such a bad item costs no request.
export const FIELD_RULES: FieldRule[] = [
	{
		name: 'baseCurrency',
		label: 'Base Currency',
		optional: true,
		check(value, resolved) {
			// A crypto symbol (DAI, ETH) would size the payout in another crypto: only fiat is converted by TYLT.
			if (typeof value !== 'string' || !isFiatCode(value)) {
				return 'a 3-letter ISO 4217 fiat currency code such as USD or EUR is required, never a crypto symbol (it would size the payout in another crypto). Nothing was sent';
			}
			resolved.baseCurrency = value.trim().toUpperCase();
			return undefined;
		},
	},
	{
		name: 'baseAmount',
		label: 'Base Amount',
		check(value, resolved) {
			const read = readAmount(value);
			if (typeof read === 'string') return read;
			const { amount, text } = read;
			if (!Number.isFinite(amount)) return 'it must be a finite number';
			if (amount <= 0) return 'it must be greater than 0';
			// Beyond this a JSON number no longer carries every digit of the amount.
			if (amount > MAX_EXACT_AMOUNT) {
				return `it is larger than ${MAX_EXACT_AMOUNT}, which cannot be sent exactly`;
			}
			// The body carries a JSON number: digits it would drop are refused, never rounded away.
			if (text !== undefined && !isSentAsTyped(text, amount)) {
				return `it has more digits than a JSON number carries: it would be sent as ${JSON.stringify(amount)}; round it yourself if that is what you mean`;
			}
			resolved.amount = amount;
			return undefined;
		},
	},
	{
		name: 'address',
		label: 'Address',
		check(value) {
			if (typeof value !== 'string' || value === '')
				return 'a recipient wallet address is required';
			return addressCharacterProblem(value);
		},
	},
	{
		name: 'callBackUrl',
		label: 'Callback URL',
		optional: true,
		check(value) {
			const problem = absoluteHttpUrlProblem(value);
			if (problem) return problem;
			// TYLT calls back minutes later, when the editor has long stopped listening on a test URL.
			if (new URL(String(value).trim()).pathname.includes('/webhook-test/')) {
				return "it is an n8n test URL, which only works while the editor is listening; use the TYLT Trigger's production URL (/webhook/…)";
			}
			return undefined;
		},
	},
	{ name: 'redirectUrl', label: 'Redirect URL', optional: true, check: absoluteHttpUrlProblem },
	{ name: 'customerName', label: 'Customer Name', optional: true, check: textProblem },
	{ name: 'comments', label: 'Comments', optional: true, check: textProblem },
];

/**
 * The amount an item gives, or why it gives none. Text (an expression may yield a string) must be a plain
 * decimal: an exponent, a decimal comma, a thousands separator, hex or inner spaces mean the value is not
 * what it seems, so they are refused rather than guessed at. Spaces around the text are ignored.
 */
function readAmount(value: unknown): { amount: number; text?: string } | string {
	if (typeof value === 'number')
		return Number.isNaN(value) ? 'it must be a number' : { amount: value };
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
		return 'a payout needs an amount greater than 0';
	}
	if (typeof value !== 'string') return 'it must be a number';
	const text = value.trim();
	if (!isPlainDecimal(text)) {
		return 'it must be a number written as a plain decimal such as 12.5: digits and at most one decimal point, without exponent, thousands separator, decimal comma or inner spaces';
	}
	return { amount: Number(text), text };
}

function absoluteHttpUrlProblem(value: unknown): string | undefined {
	const text = typeof value === 'string' ? value.trim() : '';
	try {
		const url = new URL(text);
		if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
	} catch {
		// Not absolute: falls through to the explanation below.
	}
	return 'it must be an absolute http:// or https:// URL';
}

function textProblem(value: unknown): string | undefined {
	return typeof value === 'string' || typeof value === 'number' ? undefined : 'it must be text';
}
