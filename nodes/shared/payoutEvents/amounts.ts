/**
 * Fields holding money: `settledAmountSent`, `baseAmount`, a transaction's `amount`, `commission`,
 * `networkFees`... TYLT's samples send them as JSON numbers, some merchant mocks as strings.
 */
const AMOUNT_FIELD = /amount|commission|fee/i;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Returns a copy of a callback record where amount fields given as decimal strings are numbers, so
 * `{{ $json.settledAmountSent > 10 }}` works whichever form TYLT used. A string is converted only when
 * the number holds exactly the same decimal value: an amount with more significant digits than a
 * JavaScript number keeps (e.g. 18-decimal tokens) stays a string rather than being silently rounded.
 */
export function normaliseAmounts<T>(value: T): T {
	return normaliseValue(value, undefined) as T;
}

function normaliseValue(value: unknown, key: string | undefined): unknown {
	if (Array.isArray(value)) return value.map((element) => normaliseValue(element, key));
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([name, nested]) => [name, normaliseValue(nested, name)]),
		);
	}
	if (typeof value === 'string' && key !== undefined && AMOUNT_FIELD.test(key)) {
		return exactNumber(value) ?? value;
	}
	return value;
}

/** The number a decimal string denotes, or undefined when it is not one or would lose digits. */
export function exactNumber(text: string): number | undefined {
	const trimmed = text.trim();
	if (!DECIMAL.test(trimmed)) return undefined;
	const parsed = Number(trimmed);
	return canonicalDecimal(String(parsed)) === canonicalDecimal(trimmed) ? parsed : undefined;
}

/** `-007.500` and `-7.5` both become `-7.5`; exponent forms (`1e-7`) stay as they are and never match. */
function canonicalDecimal(text: string): string {
	const negative = text.startsWith('-');
	const [integerPart, fractionPart = ''] = (negative ? text.slice(1) : text).split('.');
	const integer = integerPart.replace(/^0+(?=\d)/, '');
	const fraction = fractionPart.replace(/0+$/, '');
	const magnitude = fraction === '' ? integer : `${integer}.${fraction}`;
	return negative && magnitude !== '0' ? `-${magnitude}` : magnitude;
}
