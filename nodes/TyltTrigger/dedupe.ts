import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { AMOUNT_FIELD, exactNumber } from '../shared/payoutEvents/amounts';

/**
 * How many callbacks the trigger remembers at least. TYLT sends one callback per status change and never
 * retries, so a duplicate is a hand resend from the dashboard, usually soon after the original. Keys live in
 * two generations of this size, so between 1000 and 2000 of the newest callbacks are known, each looked up in
 * constant time, and the static data (saved with the workflow) stays around 80 kB at most.
 */
export const MAX_REMEMBERED_CALLBACKS = 1000;

const STORE_KEY = 'seenCallbacks';

/**
 * What identifies a callback: its content, whatever its whitespace and key order. Any changed field (more
 * received on an Under Payment, a transaction hash added) makes it a new callback, even in the same status.
 */
export interface CallbackFingerprint {
	/** Hash of the canonical form: the parsed JSON with keys sorted at every level, compact. */
	readonly canonical: string;
	/**
	 * Hash of the exact bytes: the key earlier versions saved, still looked up so their memory counts.
	 * Computed when first read: only a memory an earlier version wrote to needs it.
	 */
	readonly bytes: string;
}

/** Seen keys in two generations: when `current` is full it becomes `previous`, and the oldest are forgotten. */
interface SeenCallbacks {
	current: Record<string, 1>;
	previous: Record<string, 1>;
	count: number;
	/**
	 * Proof that no generation holds a key of the exact bytes (`b:`), which 0.1.0 saved and this version
	 * never writes; absent from memories saved before it existed. See `holdsOnlyCanonicalKeys`.
	 */
	canonicalOnly?: CanonicalOnly;
}

interface CanonicalOnly {
	/** `count` and the key this version wrote last: a write by another version changes one of them. */
	count: number;
	lastKey: string;
	/** Whether `previous` was started by this version as well. */
	previousToo: boolean;
}

/** The fingerprint of a verified callback body; `parsedBody`, when the caller has parsed it already. */
export function fingerprint(rawBody: Buffer, parsedBody?: unknown): CallbackFingerprint {
	const canonical = canonicalForm(parsedBody === undefined ? rawBody : { parsed: parsedBody });
	if (canonical === undefined) {
		const bytes = shortHash(rawBody);
		return { canonical: bytes, bytes };
	}
	let bytes: string | undefined;
	return {
		canonical: shortHash(canonical),
		get bytes() {
			bytes ??= shortHash(rawBody);
			return bytes;
		},
	};
}

/**
 * Records the callback in `store` (the node's static data, or the process memory) and tells whether it is
 * new. A callback whose canonical form was already seen is a duplicate; so is one whose exact bytes 0.1.0
 * remembered, while its keys may still be in the memory.
 */
export function rememberCallback(store: IDataObject, callback: CallbackFingerprint): boolean {
	const seen = readSeen(store);
	const key = `c:${callback.canonical}`;
	if (key in seen.current || key in seen.previous) return false;
	let currentIsOurs = holdsOnlyCanonicalKeys(seen);
	let previousIsOurs = currentIsOurs && seen.canonicalOnly!.previousToo;
	if (!(currentIsOurs && previousIsOurs)) {
		const bytesKey = `b:${callback.bytes}`;
		if (bytesKey in seen.current || bytesKey in seen.previous) return false;
	}

	if (seen.count >= MAX_REMEMBERED_CALLBACKS) {
		previousIsOurs = currentIsOurs;
		currentIsOurs = true;
		seen.previous = seen.current;
		seen.current = {};
		seen.count = 0;
	}
	// Setting properties through n8n's observable static data marks it changed, so n8n saves it.
	seen.current[key] = 1;
	seen.count += 1;
	if (currentIsOurs) {
		seen.canonicalOnly = { count: seen.count, lastKey: key, previousToo: previousIsOurs };
	}
	return true;
}

/**
 * Whether `current` holds only keys this version wrote. Another version (0.1.0, in a rolling upgrade or
 * after a downgrade) reads the same memory and writes `b:` keys: each of its writes raises `count`, and
 * when it starts a generation, `current` no longer holds the key this version wrote last. Either way the
 * proof no longer matches and the exact bytes are looked up again, until this version has started both
 * generations itself.
 */
function holdsOnlyCanonicalKeys(seen: SeenCallbacks): boolean {
	const proof = seen.canonicalOnly;
	if (proof === undefined || proof === null || typeof proof !== 'object') return false;
	if (proof.count !== seen.count || typeof proof.previousToo !== 'boolean') return false;
	return seen.count === 0 || (typeof proof.lastKey === 'string' && proof.lastKey in seen.current);
}

// 128 bits of SHA-256 tell callbacks apart just as well and keep the static data small.
function shortHash(data: string | Buffer): string {
	return createHash('sha256').update(data).digest('hex').slice(0, 32);
}

/**
 * The body as JSON with the keys of every object sorted, without whitespace; undefined when it is not JSON.
 * Numbers are compared as JSON numbers (1.50 and 1.5 are the same value), as every JSON reader sees them.
 */
function canonicalForm(body: Buffer | { parsed: unknown }): string | undefined {
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

/**
 * Characters JSON.stringify writes as an escape: quote, backslash, anything below a space, and surrogates
 * (it escapes those alone; a pair is left to it as well, which writes it as it is).
 */
const NEEDS_ESCAPE = /["\\]|[^\x20-\uD7FF\uE000-\uFFFF]/;

/** A string as JSON.stringify writes it; most need no escape, and quoting them directly costs half. */
function jsonString(text: string): string {
	return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * Callbacks of one kind carry the same names in the same order, so the sorted fields (with their rules) of
 * the last few orders met are kept: comparing names is cheaper than sorting and classifying them again.
 */
const knownOrders: { names: string[]; fields: FieldRule[] }[] = [];
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

/**
 * Which of the forms TYLT writes one value in a field's values come in: an amount as a decimal string or a
 * number, a status in another letter case, an order id as a number, isFinal as `"1"` or `true`.
 */
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
 * A text value in the form TYLT's samples use, so a resend in the other form is the same callback: an
 * amount as a number (when the number holds it exactly), a status in TYLT's spelling, isFinal `"1"` as 1.
 * A body already in TYLT's usual form is left as it is, so callbacks remembered before this rule still match.
 */
function textAsTyltMeansIt(kind: ValueKind, text: string): unknown {
	if (kind === 'status') return statusSpelling(text);
	if (kind === 'isFinal') return text === '0' || text === '1' ? Number(text) : text;
	if (kind === 'amount') return exactNumber(text) ?? text;
	return text;
}

/** Already TYLT's spelling: words of ASCII letters, each capitalised, one space apart. */
const TYLT_STATUS_SPELLING = /^[A-Z][a-z]*(?: [A-Z][a-z]*)*$/;

/** `PENDING`, ` pending ` → `Pending`; `under payment` → `Under Payment`: TYLT's spelling, each word capitalised. */
function statusSpelling(status: string): string {
	if (TYLT_STATUS_SPELLING.test(status)) return status;
	return status
		.trim()
		.split(/\s+/)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
		.join(' ');
}

function readSeen(store: IDataObject): SeenCallbacks {
	const stored = store[STORE_KEY] as unknown as SeenCallbacks | undefined;
	if (
		stored &&
		typeof stored === 'object' &&
		!Array.isArray(stored) &&
		stored.current &&
		stored.previous
	) {
		return stored;
	}
	// Nothing yet (or the list format of an earlier version): start afresh. Read back through the store so
	// later writes go through n8n's observable wrapper.
	const empty: SeenCallbacks = {
		current: {},
		previous: {},
		count: 0,
		canonicalOnly: { count: 0, lastKey: '', previousToo: true },
	};
	store[STORE_KEY] = empty as unknown as IDataObject;
	return store[STORE_KEY] as unknown as SeenCallbacks;
}

/**
 * Callbacks seen by this n8n process, per trigger. n8n loads a trigger's static data for each request and
 * saves it whole afterwards, so when callbacks arrive together one save can drop what another recorded.
 * This in-memory copy is checked and updated synchronously, so within one process nothing is lost; the
 * static data still carries the memory across restarts.
 */
const processMemory = new Map<string, IDataObject>();
const MAX_TRIGGERS_IN_MEMORY = 200;

export function processStore(triggerKey: string): IDataObject {
	let store = processMemory.get(triggerKey);
	if (!store) {
		store = {};
		processMemory.set(triggerKey, store);
		// Maps iterate in insertion order: the first key is the trigger seen longest ago.
		if (processMemory.size > MAX_TRIGGERS_IN_MEMORY) {
			processMemory.delete(processMemory.keys().next().value as string);
		}
	}
	return store;
}

/** True when the callback is new both to this process and to the saved static data; records it in both. */
export function rememberEverywhere(stores: IDataObject[], callback: CallbackFingerprint): boolean {
	// Every store must record it, so no short-circuit.
	return stores.map((store) => rememberCallback(store, callback)).every(Boolean);
}
