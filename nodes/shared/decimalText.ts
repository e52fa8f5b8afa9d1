/** Numbers written as text (a typed amount, TYLT's limits and amounts), and exact decimal arithmetic. */
const PLAIN_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const JSON_NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function isPlainDecimal(text: string): boolean {
	return PLAIN_DECIMAL.test(text);
}

// Whether JSON sends `amount` as the value `text` spells: `25.50` goes as `25.5`, but `25.000000000000000001`
// would go as `25`.
export function isSentAsTyped(text: string, amount: number): boolean {
	const typed = decimalValue(text);
	return typed !== undefined && typed === decimalValue(JSON.stringify(amount));
}

/** A value from TYLT's currency list as a number (numeric text such as `" 50000 "` counts). */
export function catalogNumber(value: unknown): number | undefined {
	const number =
		typeof value === 'string' && JSON_NUMBER_TEXT.test(value.trim()) ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** `<sign><significant digits>e<exponent>`: one string for `25.50`, `+25.5` and `2.55e1`. */
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

/** `units` × 10^-`scale`: sums of amounts, fees and balances never carry a binary rounding error. */
export interface ExactDecimal {
	units: bigint;
	scale: number;
}

export const EXACT_ZERO: ExactDecimal = { units: 0n, scale: 0 };

// Numbers reach 1e308 and 5e-324; a text such as "1e-1000000000" from TYLT would hang the scaling.
const MAX_DECIMAL_EXPONENT = 400;

/** A number as a JSON body sends it (`0.1`, never 0.1000000000000000055…), or the decimal a text spells. */
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
	const normal = decimalValue(text) as string;
	if (normal === '0') return EXACT_ZERO;
	const [digits, exponentText] = normal.split('e');
	const exponent = Number(exponentText);
	if (Math.abs(exponent) > MAX_DECIMAL_EXPONENT) return undefined;
	const units = BigInt(digits);
	return exponent >= 0
		? { units: units * 10n ** BigInt(exponent), scale: 0 }
		: { units, scale: -exponent };
}

/** `50000`, `"50000.00"` and `5e4` are one amount; false unless both are amounts. */
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
