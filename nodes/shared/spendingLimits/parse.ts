/**
 * Reads the credential's spending-limit fields into data. Text that cannot be read is an error naming the
 * field and the text, never "no limit": a limit written wrong must stop payouts, not let them through.
 */
import { exactDecimal, type ExactDecimal } from '../decimalText';
import { canonicalAddress } from '../walletAddress';
import { LIMIT_FIELDS, type LimitFieldName, type SpendingLimitTexts } from './fields';

/** Upper-case currency symbol → the limit in that currency. */
export type CurrencyLimits = ReadonlyMap<string, ExactDecimal>;

/** The limits a credential sets; a missing one is not set (its field is empty). */
export interface SpendingLimits {
	perPayout?: CurrencyLimits;
	/** What payouts may add up to in any 24 hours, per currency (enforced by the TYLT node from history). */
	per24Hours?: CurrencyLimits;
	/** Canonical spellings (canonicalAddress) of the recipients that may be paid. */
	allowedAddresses?: ReadonlySet<string>;
}

/** A limit field whose text cannot be read. */
export class UnreadableLimitError extends Error {
	constructor(
		readonly field: LimitFieldName,
		readonly text: string,
		readonly reason: string,
	) {
		super(`${LIMIT_FIELDS[field]} cannot be read: "${text}" ${reason}`);
		this.name = 'UnreadableLimitError';
	}
}

/** Digits, optionally a point and more digits: no sign, exponent or thousands separator. */
const LIMIT_AMOUNT = /^\d+(\.\d+)?$/;
/** Letters and digits with at least one letter (USDT, EUR, 1INCH). */
const CURRENCY_SYMBOL = /^(?=.*[A-Za-z])[A-Za-z0-9]+$/;

export function hasSpendingLimits(texts: SpendingLimitTexts): boolean {
	return Object.values(texts).some((text) => text !== undefined && text.trim() !== '');
}

/** Every limit the texts set, or the error of the first field that cannot be read. */
export function readSpendingLimits(
	texts: SpendingLimitTexts,
): SpendingLimits | UnreadableLimitError {
	try {
		return parseSpendingLimits(texts);
	} catch (error) {
		// Reading throws nothing else: the fields are plain text, read with patterns.
		return error as UnreadableLimitError;
	}
}

/** Every limit the texts set; throws UnreadableLimitError for the first field that cannot be read. */
export function parseSpendingLimits(texts: SpendingLimitTexts): SpendingLimits {
	return {
		perPayout: parseCurrencyLimits('maxAmountPerPayout', texts.maxAmountPerPayout),
		per24Hours: parseCurrencyLimits('maxAmountPer24Hours', texts.maxAmountPer24Hours),
		allowedAddresses: parseAllowedAddresses(texts.allowedAddresses),
	};
}

/**
 * `USDT 500, usdc 499.99, EUR 450`: pairs separated by commas, symbol first. A currency may appear once: two
 * limits for one currency leave a reader unsure which one binds.
 */
export function parseCurrencyLimits(
	field: LimitFieldName,
	text: string | undefined,
): CurrencyLimits | undefined {
	if (text === undefined || text.trim() === '') return undefined;
	const limits = new Map<string, ExactDecimal>();
	for (const entry of text.split(',').map((piece) => piece.trim())) {
		if (entry === '') {
			throw new UnreadableLimitError(
				field,
				text,
				'has an empty entry: write one "SYMBOL amount" between each two commas',
			);
		}
		const [symbol, amount, ...rest] = entry.split(/\s+/);
		const unreadable = (reason: string) => new UnreadableLimitError(field, entry, reason);
		if (LIMIT_AMOUNT.test(symbol)) {
			throw unreadable(
				'is an amount without a currency symbol before it (write amounts without thousands separators: USDT 1000, not USDT 1,000)',
			);
		}
		if (!CURRENCY_SYMBOL.test(symbol)) {
			throw unreadable('does not begin with a currency symbol such as USDT (letters and digits)');
		}
		if (amount === undefined) throw unreadable(`gives no amount for ${symbol.toUpperCase()}`);
		if (rest.length > 0 || !LIMIT_AMOUNT.test(amount)) {
			throw unreadable(
				`${amountProblem(amount, rest)}: write the amount as plain digits, such as 500 or 499.99`,
			);
		}
		const currency = symbol.toUpperCase();
		if (limits.has(currency))
			throw unreadable(`names ${currency} a second time: write each currency once`);
		limits.set(currency, exactDecimal(amount) as ExactDecimal);
	}
	return limits;
}

function amountProblem(amount: string, rest: string[]): string {
	if (rest.length > 0) return 'has more than a symbol and an amount';
	if (amount.startsWith('-')) return 'has a negative amount';
	if (/^[+-]?[\d.]+[eE][+-]?\d+$/.test(amount)) return 'has an amount with an exponent';
	return 'has an amount that is not a plain decimal';
}

/** Addresses separated by commas, spaces or line breaks; each kept in its canonical spelling. */
export function parseAllowedAddresses(text: string | undefined): ReadonlySet<string> | undefined {
	if (text === undefined || text.trim() === '') return undefined;
	const addresses = new Set<string>();
	for (const address of text.split(/[\s,]+/).filter((piece) => piece !== '')) {
		const outside = Array.from(address).find((character) => !/^[\x21-\x7e]$/.test(character));
		if (outside !== undefined) {
			const codePoint = (outside.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
			throw new UnreadableLimitError(
				'allowedAddresses',
				address,
				`contains U+${codePoint}, a character no wallet address has (addresses are printable ASCII)`,
			);
		}
		addresses.add(canonicalAddress(address));
	}
	if (addresses.size === 0) {
		throw new UnreadableLimitError('allowedAddresses', text, 'holds separators but no address');
	}
	return addresses;
}
