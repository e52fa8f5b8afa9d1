/**
 * Numbers written as text: an amount typed by a user (or produced by an expression), and limits in TYLT's
 * currency list, which some integrations see as strings.
 */

/** Digits with at most one decimal point, optionally signed: `12`, `12.50`, `.5`, `+3`. Nothing else. */
const PLAIN_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A JSON number's text: a plain decimal, optionally with an exponent (`1e3`). */
const JSON_NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function isPlainDecimal(text: string): boolean {
	return PLAIN_DECIMAL.test(text);
}

/**
 * Whether `amount`, serialised the way it is sent (`JSON.stringify`), is the same decimal value as `text`.
 * False when the text has digits a double cannot hold: `0.1000000000000000055511151231257827` would go out
 * as `0.1`, and `25.000000000000000001` as `25`. Trailing zeros, leading zeros and a `+` do not count:
 * `25.50` is sent as `25.5`, the same value.
 */
export function isSentAsTyped(text: string, amount: number): boolean {
	const typed = decimalValue(text);
	return typed !== undefined && typed === decimalValue(JSON.stringify(amount));
}

/**
 * A value from TYLT's currency list as a number, or undefined when TYLT gave no usable number there:
 * null, missing, '', text that is not a number, or a non-finite value. Numeric text (`"10"`, `" 50000 "`)
 * counts as the number it spells.
 */
export function catalogNumber(value: unknown): number | undefined {
	let number: number | undefined;
	if (typeof value === 'number') number = value;
	else if (typeof value === 'string' && JSON_NUMBER_TEXT.test(value.trim())) number = Number(value);
	return number !== undefined && Number.isFinite(number) ? number : undefined;
}

/**
 * A decimal's exact value as `<sign><significant digits>e<exponent>`, so equal values give equal strings
 * however they are written (`25.50`, `+25.5`, `2.55e1`); undefined when `text` is not a decimal.
 */
function decimalValue(text: string): string | undefined {
	const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
	if (!match) return undefined;
	const [, sign, whole, fraction = '', exponent = '0'] = match;
	const digits = (whole + fraction).replace(/^0+/, '');
	if (digits === '') return '0';
	const significant = digits.replace(/0+$/, '');
	const scale = Number(exponent) - fraction.length + (digits.length - significant.length);
	return `${sign === '-' ? '-' : ''}${significant}e${scale}`;
}
