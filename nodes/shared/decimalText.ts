/** Numbers written as text (a typed amount, TYLT's limits and amounts), and exact decimal arithmetic. */

/** Digits with at most one decimal point, optionally signed: `12`, `12.50`, `.5`, `+3`. Nothing else. */
const PLAIN_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A JSON number's text: a plain decimal, optionally with an exponent (`1e3`). */
const JSON_NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function isPlainDecimal(text: string): boolean {
	return PLAIN_DECIMAL.test(text);
}

/**
 * Whether `amount`, serialised the way it is sent (`JSON.stringify`), is the same decimal value as `text`:
 * false when the text has digits a double cannot hold (`25.000000000000000001` would go out as `25`), true
 * for `25.50` sent as `25.5`.
 */
export function isSentAsTyped(text: string, amount: number): boolean {
	const typed = decimalValue(text);
	return typed !== undefined && typed === decimalValue(JSON.stringify(amount));
}

/**
 * A value from TYLT's currency list as a number (numeric text such as `" 50000 "` counts), or undefined when
 * TYLT gave no usable number there.
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

/**
 * An exact decimal, `units` × 10^-`scale`: sums of payout amounts, fees and balances are made with these, so
 * 0.1 + 0.2 is 0.3 and a batch is never short (or enough) by a rounding error of binary floating point.
 */
export interface ExactDecimal {
	units: bigint;
	scale: number;
}

export const EXACT_ZERO: ExactDecimal = { units: 0n, scale: 0 };

/** The largest power of ten an exact decimal is scaled by (numbers reach 1e308 and 5e-324). */
const MAX_DECIMAL_EXPONENT = 400;

/**
 * The exact decimal an amount stands for. A number: its shortest round-trip text, which is what a JSON body
 * sends (`0.1`, never 0.1000000000000000055…). Text: the decimal it spells, an exponent and spaces around it
 * allowed (TYLT's amounts and limits come as either). Undefined for anything else, NaN and infinities too.
 */
export function exactDecimal(value: unknown): ExactDecimal | undefined {
	let text: string;
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return undefined;
		text = JSON.stringify(value);
	} else if (typeof value === 'string') {
		text = value.trim();
	} else {
		return undefined;
	}
	if (!JSON_NUMBER_TEXT.test(text)) return undefined;
	const normal = decimalValue(text) as string; // it reads every JSON number
	if (normal === '0') return EXACT_ZERO;
	const [digits, exponentText] = normal.split('e');
	const exponent = Number(exponentText);
	// Scaling by 10^exponent costs time and memory in the exponent: a text such as "1e-1000000000" from TYLT
	// would hang the execution. Every amount a JavaScript number can hold lies well inside this bound.
	if (Math.abs(exponent) > MAX_DECIMAL_EXPONENT) return undefined;
	const units = BigInt(digits);
	return exponent >= 0
		? { units: units * 10n ** BigInt(exponent), scale: 0 }
		: { units, scale: -exponent };
}

/** Whether two amounts are the same exact decimal (`50000`, `"50000.00"`, `5e4`); false unless both are amounts. */
export function sameDecimal(a: unknown, b: unknown): boolean {
	const exactA = exactDecimal(a);
	const exactB = exactDecimal(b);
	return exactA !== undefined && exactB !== undefined && compareExact(exactA, exactB) === 0;
}

function atScale(value: ExactDecimal, scale: number): bigint {
	return value.units * 10n ** BigInt(scale - value.scale);
}

export function addExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
	// Sums of amounts written alike (a window of payouts) mostly share a scale: no rescaling then.
	if (a.scale === b.scale) return { units: a.units + b.units, scale: a.scale };
	const scale = Math.max(a.scale, b.scale);
	return { units: atScale(a, scale) + atScale(b, scale), scale };
}

export function subtractExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
	return addExact(a, { units: -b.units, scale: b.scale });
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareExact(a: ExactDecimal, b: ExactDecimal): number {
	const scale = Math.max(a.scale, b.scale);
	const difference = atScale(a, scale) - atScale(b, scale);
	return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** Plain decimal text without exponent or trailing zeros: `1300`, `0.3`, `-12.0579`. */
export function exactText(value: ExactDecimal): string {
	const negative = value.units < 0n;
	const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
	const whole = digits.slice(0, digits.length - value.scale);
	const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, '');
	return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
