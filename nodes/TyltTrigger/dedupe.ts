import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { TyltCallback } from './parseCallback';

/**
 * How many callbacks the trigger remembers at least. TYLT sends one callback per status change and never
 * retries, so a duplicate is a hand resend from the dashboard, usually soon after the original. Keys live in
 * two generations of this size, so between 1000 and 2000 of the newest callbacks are known, each looked up in
 * constant time, and the static data (saved with the workflow) stays around 150 kB at most.
 */
export const MAX_REMEMBERED_CALLBACKS = 1000;

const STORE_KEY = 'seenCallbacks';

/** What identifies a callback: its exact bytes, and (when it has them) its order and status. Both hashed. */
export interface CallbackFingerprint {
	body: string;
	order: string | null;
}

/** Seen keys in two generations: when `current` is full it becomes `previous`, and the oldest are forgotten. */
interface SeenCallbacks {
	current: Record<string, 1>;
	previous: Record<string, 1>;
	count: number;
}

export function fingerprint(callback: TyltCallback, rawBody: Buffer): CallbackFingerprint {
	// 128 bits of SHA-256 tell callbacks apart just as well and keep the static data small.
	const body = createHash('sha256').update(rawBody).digest('hex').slice(0, 32);
	const order = orderKey(callback);
	return {
		body,
		order: order === null ? null : createHash('sha256').update(order).digest('hex').slice(0, 32),
	};
}

/**
 * Records the callback in `store` (the node's static data, or the process memory) and tells whether it is
 * new. A callback whose bytes, or whose order and status, were already seen is a duplicate.
 */
export function rememberCallback(store: IDataObject, callback: CallbackFingerprint): boolean {
	const seen = readSeen(store);
	const keys = [`b:${callback.body}`];
	if (callback.order !== null) keys.push(`o:${callback.order}`);
	if (keys.some((key) => key in seen.current || key in seen.previous)) return false;

	if (seen.count >= MAX_REMEMBERED_CALLBACKS) {
		seen.previous = seen.current;
		seen.current = {};
		seen.count = 0;
	}
	// Setting properties through n8n's observable static data marks it changed, so n8n saves it.
	for (const key of keys) seen.current[key] = 1;
	seen.count += 1;
	return true;
}

/**
 * The same order in the same state: its order id with the status and, for P2P ramp instances, the
 * trade lifecycle step. Null when the callback names no order or no state: then only an identical
 * body counts as a duplicate.
 */
function orderKey(callback: TyltCallback): string | null {
	if (callback.orderRef === undefined) return null;
	if (callback.status === undefined && callback.tradeEventId === undefined) return null;
	return JSON.stringify([
		callback.event,
		callback.orderRef,
		callback.status ?? '',
		callback.tradeEventId ?? '',
	]);
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
	store[STORE_KEY] = { current: {}, previous: {}, count: 0 } as unknown as IDataObject;
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
