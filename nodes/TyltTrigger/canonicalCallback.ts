/** One text per callback, whatever TYLT's spelling: two bodies with one canonical form are one callback. */
import { keptBetweenExecutions } from '../shared/memoryBetweenExecutions';
import { AMOUNT_FIELD, exactNumber } from '../shared/payoutEvents/amounts';

/** Keys sorted at every level, no whitespace, values as TYLT's samples write them; undefined if not JSON. */
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

// Plain loops and string appends, each name order's field rules looked up once: this runs for every callback.
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

// Most strings need no escape, and quoting them directly costs half of JSON.stringify.
function jsonString(text: string): string {
	return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** The sorted fields of the last few name orders met (why: MEMORY_BETWEEN_EXECUTIONS.callbackFieldOrders). */
const knownOrders = keptBetweenExecutions<{ names: string[]; fields: FieldRule[] }[]>(
	'callbackFieldOrders',
	[],
);
const MAX_KNOWN_ORDERS = 16;

function fieldsInOrder(record: object): FieldRule[] {
	const names = Object.keys(record);
	const known = knownOrders.find((order) => sameNames(order.names, names));
	if (known) return known.fields;
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
	return known.length === names.length && names.every((name, index) => known[index] === name);
}

type ValueKind = 'plain' | 'status' | 'isFinal' | 'orderId' | 'amount';

interface FieldRule {
	name: string;
	/** Quoted and escaped as JSON, with its colon. */
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

// A body already in TYLT's usual form is left as it is, so callbacks remembered before this rule still match.
function textAsTyltMeansIt(kind: ValueKind, text: string): unknown {
	if (kind === 'status') return statusSpelling(text);
	if (kind === 'isFinal') return text === '0' || text === '1' ? Number(text) : text;
	if (kind === 'amount') return exactNumber(text) ?? text;
	return text;
}

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
