/** The credential's limit fields as data. Text that cannot be read is an error, never "no limit". */
import { firstNonPrintableAscii } from '../addresses/wording';
import { addressFormatOf, canonicalAddress } from '../addresses/formats';
import { exactDecimal, type ExactDecimal } from '../decimalText';
import { LIMIT_FIELDS, type LimitFieldName, type SpendingLimitTexts } from './fields';

/** Upper-case currency symbol → the limit in that currency. */
export type CurrencyLimits = ReadonlyMap<string, ExactDecimal>;

/** One entry of Allowed Recipient Addresses: `TRX:T…` (that network only) or a bare address (any network). */
export interface AllowedRecipient {
	/** The entry as written: what a dry run names as the one that allowed a payout. */
	readonly entry: string;
	/** The network symbol it is tied to, upper case; undefined for a bare address. */
	readonly network?: string;
	/** The address in its canonical spelling (canonicalAddress). */
	readonly address: string;
}

export interface SpendingLimits {
	perPayout?: CurrencyLimits;
	/** Enforced by the TYLT node, from history. */
	per24Hours?: CurrencyLimits;
	allowedAddresses?: readonly AllowedRecipient[];
}

/** A limit field whose text cannot be read: `text` is the entry at fault (the whole field for an empty one). */
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
/** What an amount begins with, written well or not (500, -500, .5, +5, 5e2). */
const AMOUNT_LIKE = /^[+-]?[\d.]/;
/** Letters and digits with at least one letter (USDT, EUR, 1INCH). */
const CURRENCY_SYMBOL = /^(?=.*[A-Za-z])[A-Za-z0-9]+$/;
/** A network-tied entry's prefix (`TRX:T…`); a colon after anything else is a bare address's (TON's `0:…`). */
const NETWORK_PREFIX = /^[A-Za-z][A-Za-z0-9]*$/;
/** Prefixes that are part of a bare address, not a network: CashAddr's (`bitcoincash:q…`). */
const ADDRESS_SCHEMES = new Set(['bitcoincash', 'bchtest', 'ecash']);

export function hasSpendingLimits(texts: SpendingLimitTexts): boolean {
	return Object.values(texts).some((text) => text !== undefined && text.trim() !== '');
}

/** One problem per entry that cannot be read, in field order: what the credential's test lists on saving. */
export function spendingLimitProblems(texts: SpendingLimitTexts): UnreadableLimitError[] {
	return readFields(texts).problems;
}

/** Every limit the texts set, or the first problem (spendingLimitProblems) when a field cannot be read. */
export function readSpendingLimits(
	texts: SpendingLimitTexts,
): SpendingLimits | UnreadableLimitError {
	const { limits, problems } = readFields(texts);
	return problems[0] ?? limits;
}

function readFields(texts: SpendingLimitTexts) {
	const problems: UnreadableLimitError[] = [];
	const limits: SpendingLimits = {
		perPayout: readCurrencyLimits('maxAmountPerPayout', texts.maxAmountPerPayout, problems),
		per24Hours: readCurrencyLimits('maxAmountPer24Hours', texts.maxAmountPer24Hours, problems),
		allowedAddresses: readAllowedAddresses(texts.allowedAddresses, problems),
	};
	return { limits, problems };
}

/** `USDT 500, usdc 499.99, 450 EUR`; each currency once, so no reader is unsure which limit binds. */
function readCurrencyLimits(
	field: LimitFieldName,
	text: string | undefined,
	problems: UnreadableLimitError[],
): CurrencyLimits | undefined {
	if (text === undefined || text.trim() === '') return undefined;
	const unreadable = (entry: string, reason: string) =>
		problems.push(new UnreadableLimitError(field, entry, reason));
	const limits = new Map<string, ExactDecimal>();
	const entries = text.split(',').map((piece) => piece.trim());
	if (entries.includes('')) {
		unreadable(text, 'has an empty entry: write one "SYMBOL amount" between each two commas');
	}
	for (const entry of entries.filter((piece) => piece !== '')) {
		const limit = readCurrencyLimit(field, entry);
		if (limit instanceof UnreadableLimitError) {
			problems.push(limit);
			continue;
		}
		const [currency, amount] = limit;
		if (limits.has(currency)) {
			unreadable(entry, `names ${currency} a second time: write each currency once`);
			continue;
		}
		limits.set(currency, amount);
	}
	return limits;
}

function readCurrencyLimit(
	field: LimitFieldName,
	entry: string,
): [currency: string, amount: ExactDecimal] | UnreadableLimitError {
	const amount = readAmountWithCurrency(entry);
	return amount instanceof Error ? new UnreadableLimitError(field, entry, amount.message) : amount;
}

/**
 * One `USDT 500` (or `500 USDT`): every limit entry and the TYLT node's AI Agent Max Amount are read here, so
 * the two are written alike. An Error's message says why the text cannot be read.
 */
export function readAmountWithCurrency(
	entry: string,
): [currency: string, amount: ExactDecimal] | Error {
	const unreadable = (reason: string) => new Error(reason);
	const [first, second, ...rest] = entry.split(/\s+/);
	// `500 USDT`, and amounts written wrong before a symbol (`5e2 USDT`, `-500 USDT`), are read amount first.
	const amountFirst =
		second !== undefined &&
		(LIMIT_AMOUNT.test(first) || (AMOUNT_LIKE.test(first) && !LIMIT_AMOUNT.test(second)));
	const [symbol, amount] = amountFirst ? [second, first] : [first, second];
	if (LIMIT_AMOUNT.test(symbol)) {
		return unreadable(
			'is an amount without a currency symbol (write "USDT 500"; amounts take no thousands separators: USDT 1000, not USDT 1,000)',
		);
	}
	if (!CURRENCY_SYMBOL.test(symbol)) {
		return unreadable(
			'names no currency symbol such as USDT (letters and digits) beside its amount',
		);
	}
	if (amount === undefined) return unreadable(`gives no amount for ${symbol.toUpperCase()}`);
	if (rest.length > 0 || !LIMIT_AMOUNT.test(amount)) {
		return unreadable(
			`${amountProblem(amount, rest)}: write the amount as plain digits, such as 500 or 499.99`,
		);
	}
	return [symbol.toUpperCase(), exactDecimal(amount) as ExactDecimal];
}

function amountProblem(amount: string, rest: string[]): string {
	if (rest.length > 0) return 'has more than a symbol and an amount';
	if (amount.startsWith('-')) return 'has a negative amount';
	if (/^[+-]?[\d.]+[eE][+-]?\d+$/.test(amount)) return 'has an amount with an exponent';
	return 'has an amount that is not a plain decimal';
}

/** Entries separated by commas, spaces or line breaks: `NETWORK:address` or a bare address. */
function readAllowedAddresses(
	text: string | undefined,
	problems: UnreadableLimitError[],
): readonly AllowedRecipient[] | undefined {
	if (text === undefined || text.trim() === '') return undefined;
	const entries = text.split(/[\s,]+/).filter((piece) => piece !== '');
	if (entries.length === 0) {
		problems.push(
			new UnreadableLimitError('allowedAddresses', text, 'holds separators but no address'),
		);
		return undefined;
	}
	const allowed: AllowedRecipient[] = [];
	for (const entry of entries) {
		const recipient = readAllowedRecipient(entry);
		if (recipient instanceof UnreadableLimitError) problems.push(recipient);
		else allowed.push(recipient);
	}
	return allowed;
}

/** One entry; a tied one's address must fit its network's format, or it could allow an address nobody meant. */
function readAllowedRecipient(entry: string): AllowedRecipient | UnreadableLimitError {
	const unreadable = (reason: string) =>
		new UnreadableLimitError('allowedAddresses', entry, reason);
	const outside = firstNonPrintableAscii(entry);
	if (outside !== undefined) {
		const codePoint = (outside.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
		return unreadable(
			`contains U+${codePoint}, a character no wallet address has (addresses are printable ASCII)`,
		);
	}
	const colon = entry.indexOf(':');
	const prefix = colon < 0 ? undefined : entry.slice(0, colon);
	if (
		prefix === undefined ||
		(prefix !== '' && !NETWORK_PREFIX.test(prefix)) ||
		ADDRESS_SCHEMES.has(prefix.toLowerCase())
	) {
		// `TRX : T…` is split at its spaces: the network alone must not become an address allowed everywhere.
		if (addressFormatOf(entry.toUpperCase())) {
			return unreadable(
				`is a network symbol, not an address: write ${entry.toUpperCase()}:address with no space around the colon`,
			);
		}
		return { entry, address: canonicalAddress(entry) };
	}
	if (prefix === '') {
		return unreadable(
			'has no network before its colon: write NETWORK:address with no space around the colon, such as TRX:T…',
		);
	}
	const network = prefix.toUpperCase();
	const format = addressFormatOf(network);
	if (format === undefined) {
		return unreadable(
			`ties its address to ${prefix}, a network whose address format the node does not know, so the address cannot be checked: use a network symbol such as TRX, BSC, ETH or SOL`,
		);
	}
	const address = entry.slice(colon + 1);
	if (address === '') {
		return unreadable(
			`has no address after ${prefix}: write the address right after the colon, with no space`,
		);
	}
	const problem = format.problem(address, network);
	if (problem !== undefined) return unreadable(`is not a ${network} address: ${problem}`);
	return { entry, network, address: canonicalAddress(address) };
}
