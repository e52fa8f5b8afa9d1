import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { keptBetweenExecutions } from '../shared/memoryBetweenExecutions';
import { canonicalForm } from './canonicalCallback';

// A duplicate is a hand resend from TYLT's dashboard, usually soon after the original (TYLT never retries).
// Two generations of this size keep the newest 1000 to 2000 callbacks in some 80 kB of static data.
export const MAX_REMEMBERED_CALLBACKS = 1000;

const STORE_KEY = 'seenCallbacks';

export interface CallbackFingerprint {
	readonly canonical: string;
	/** Hash of the exact bytes, the key 0.1.0 saved; computed when first read, as only its memory needs it. */
	readonly bytes: string;
}

/** When `current` is full it becomes `previous`, and the oldest are forgotten. */
interface SeenCallbacks {
	current: Record<string, 1>;
	previous: Record<string, 1>;
	count: number;
	/** Proof that no generation holds a `b:` key (0.1.0's); see `holdsOnlyCanonicalKeys`. */
	canonicalOnly?: CanonicalOnly;
}

interface CanonicalOnly {
	/** `count` and the key this version wrote last: a write by another version changes one of them. */
	count: number;
	lastKey: string;
	/** Whether `previous` was started by this version as well. */
	previousToo: boolean;
}

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

// Records the callback; true when neither its canonical form nor (while 0.1.0's keys may be in the store)
// its exact bytes were seen.
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

// 0.1.0 (rolling upgrade, downgrade) writes `b:` keys: each write raises `count`, and a generation it starts
// lacks this version's last key. Then the exact bytes are looked up again until this version starts both.
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
	// Nothing yet, or an earlier version's list. Read back so writes go through n8n's wrapper.
	const empty: SeenCallbacks = {
		current: {},
		previous: {},
		count: 0,
		canonicalOnly: { count: 0, lastKey: '', previousToo: true },
	};
	store[STORE_KEY] = empty as unknown as IDataObject;
	return store[STORE_KEY] as unknown as SeenCallbacks;
}

// Checked and updated synchronously, so callbacks arriving together lose nothing within one process (why:
// MEMORY_BETWEEN_EXECUTIONS.callbacksSeen); the static data carries the memory across restarts.
const processMemory = keptBetweenExecutions('callbacksSeen', new Map<string, IDataObject>());
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

/** Records the callback in every store (so no short-circuit); true when it is new to all of them. */
export function rememberEverywhere(stores: IDataObject[], callback: CallbackFingerprint): boolean {
	return stores.map((store) => rememberCallback(store, callback)).every(Boolean);
}
