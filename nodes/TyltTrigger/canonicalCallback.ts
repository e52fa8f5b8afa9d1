/**
 * One text per callback, whatever TYLT's spelling of it: keys sorted at every level, no whitespace, and each
 * value in the form TYLT's samples use (amounts as numbers, statuses in TYLT's letter case, isFinal 1/0, order
 * ids as text). Two bodies with the same canonical form are the same callback.
 */
import { keptBetweenExecutions } from '../shared/memoryBetweenExecutions';
import { AMOUNT_FIELD, exactNumber } from '../shared/payoutEvents/amounts';

/** Undefined when the body is not JSON. Numbers compare as JSON numbers: 1.50 and 1.5 are one value. */
export function canonicalForm(body: Buffer | { parsed: unknown }): string | undefined {
	try {
		return canonicalJson(
			Buffer.isBuffer(body) ? JSON.parse(body.toString('utf8')) : body.parsed,
			'plain',
		);
	} catch {
		// Not JSON (or nested too deeply to walk): the exact bytes are the only identity left.
		return undefined;
	}
}

// Plain loops and string appends, the rules of an object's fields looked up once per order of names: this
// runs for every callback.
function canonicalJson(value: unknown, kind: ValueKind): string {
	if (typeof value === 'string') {
		const text = kind === 'plain' ? value : textAsTyltMeansIt(kind, value);
		return typeof text === 'string' ? jsonString(text) : JSON.stringify(text);
	}
	if (typeof value === 'number') {
		return JSON.stringify(kind === 'orderId' ? String(value) : value);
	}
	if (typeof value === 'boolean' && kind === 'isFinal') return value ? '1' : '0';
	if (value === null || typeof value !== 'object') return JSON.stringify(value);
	if (Array.isArray(value)) {
		// Elements are values of the field that holds the array: `amounts: ["1.50"]` is read like `amount`.
		let text = '[';
		for (let index = 0; index < value.length; index++) {
			if (index > 0) text += ',';
			text += canonicalJson(value[index], kind);
		}
		return text + ']';
	}
	const record = value as Record<string, unknown>;
	const fields = fieldsInOrder(record);
	let text = '{';
	for (let index = 0; index < fields.length; index++) {
		const field = fields[index];
		if (index > 0) text += ',';
		text += field.quotedName + canonicalJson(record[field.name], field.kind);
	}
	return text + '}';
}

/** Characters JSON.stringify may write as an escape: quote, backslash, anything below a space, surrogates. */
const NEEDS_ESCAPE = /["\\]|[^\x20-\uD7FF\uE000-\uFFFF]/;

/** A string as JSON.stringify writes it; most need no escape, and quoting them directly costs half. */
function jsonString(text: string): string {
	return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** The sorted fields of the last few name orders met (why: MEMORY_BETWEEN_EXECUTIONS.callbackFieldOrders). */
const knownOrders = keptBetweenExecutions<{ names: string[]; fields: FieldRule[] }[]>(
	'callbackFieldOrders',
	[],
);
const MAX_KNOWN_ORDERS = 16;

/** The object's fields sorted by name (by UTF-16 code unit, as `sort()` does), each with its rule. */
function fieldsInOrder(record: object): FieldRule[] {
	const names = Object.keys(record);
	for (const known of knownOrders) {
		if (sameNames(known.names, names)) return known.fields;
	}
	const fields = [...names].sort().map((name) => ({
		name,
		quotedName: `${JSON.stringify(name)}:`,
		kind: valueKindOf(name),
	}));
	if (knownOrders.length >= MAX_KNOWN_ORDERS) knownOrders.pop();
	knownOrders.unshift({ names, fields });
	return fields;
}

function sameNames(known: string[], names: string[]): boolean {
	if (known.length !== names.length) return false;
	for (let index = 0; index < names.length; index++) {
		if (known[index] !== names[index]) return false;
	}
	return true;
}

/** Fields whose values TYLT writes in more than one form (amount, status, order id, isFinal). */
type ValueKind = 'plain' | 'status' | 'isFinal' | 'orderId' | 'amount';

interface FieldRule {
	name: string;
	/** The name as the canonical form writes it: quoted and escaped as JSON, with its colon. */
	quotedName: string;
	kind: ValueKind;
}

function valueKindOf(name: string): ValueKind {
	if (name === 'status') return 'status';
	if (name === 'isFinal') return 'isFinal';
	if (name === 'orderId' || name === 'merchantOrderId') return 'orderId';
	if (AMOUNT_FIELD.test(name)) return 'amount';
	return 'plain';
}

/**
 * A text value in the form TYLT's samples use, so a resend in the other form is the same callback. A body
 * already in TYLT's usual form is left as it is, so callbacks remembered before this rule still match.
 */
function textAsTyltMeansIt(kind: ValueKind, text: string): unknown {
	if (kind === 'status') return statusSpelling(text);
	if (kind === 'isFinal') return text === '0' || text === '1' ? Number(text) : text;
	if (kind === 'amount') return exactNumber(text) ?? text;
	return text;
}

/** Already TYLT's spelling: words of ASCII letters, each capitalised, one space apart. */
const TYLT_STATUS_SPELLING = /^[A-Z][a-z]*(?: [A-Z][a-z]*)*$/;

/** `PENDING`, ` pending ` → `Pending`; `under payment` → `Under Payment`. */
function statusSpelling(status: string): string {
	if (TYLT_STATUS_SPELLING.test(status)) return status;
	return status
		.trim()
		.split(/\s+/)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
		.join(' ');
}
