// Money fields, at any depth: TYLT's samples send them as JSON numbers, some merchant mocks as strings.
import { isSentAsTyped } from '../decimalText';

export const AMOUNT_FIELD = /amount|commission|fee/i;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const OWN_FIELD = { enumerable: true, writable: true, configurable: true };

/** A copy with decimal-string amounts as numbers, unless a number would round them (18-decimal tokens). */
export function normaliseAmounts<T>(value: T): T {
	return normaliseValue(value, undefined) as T;
}

// Plain loops into a fresh object: both triggers run this for every item they emit.
function normaliseValue(value: unknown, key: string | undefined): unknown {
	if (Array.isArray(value)) return value.map((element) => normaliseValue(element, key));
	if (value !== null && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		const copy: Record<string, unknown> = {};
		for (const name of Object.keys(record)) {
			const normalised = normaliseValue(record[name], name);
			// A parsed `"__proto__"` is an ordinary field: assigning it would set the copy's prototype instead.
			if (name === '__proto__')
				Object.defineProperty(copy, name, { ...OWN_FIELD, value: normalised });
			else copy[name] = normalised;
		}
		return copy;
	}
	if (typeof value === 'string' && key !== undefined && AMOUNT_FIELD.test(key)) {
		return exactNumber(value) ?? value;
	}
	return value;
}

export function exactNumber(text: string): number | undefined {
	const trimmed = text.trim();
	if (!DECIMAL.test(trimmed)) return undefined;
	const parsed = Number(trimmed);
	return isSentAsTyped(trimmed, parsed) ? parsed : undefined;
}
