import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { TyltCallback } from './parseCallback';

/**
 * How many callbacks the trigger remembers. TYLT sends one callback per status change and never
 * retries, so a duplicate is a hand resend from the dashboard, usually soon after the original; 1000
 * covers that while keeping the workflow's static data (saved with the workflow) around 100 kB.
 */
export const MAX_REMEMBERED_CALLBACKS = 1000;

const STORE_KEY = 'seenCallbacks';

/** What identifies a callback: its exact bytes, and (when it has them) its order and status. */
export interface CallbackFingerprint {
	body: string;
	order: string | null;
}

export function fingerprint(callback: TyltCallback, rawBody: Buffer): CallbackFingerprint {
	// 128 bits of SHA-256 tell bodies apart just as well and halve what the static data stores.
	const body = createHash('sha256').update(rawBody).digest('hex').slice(0, 32);
	return { body, order: orderKey(callback) };
}

/**
 * Records the callback in `store` (the node's static data) and tells whether it is new. A callback
 * whose bytes, or whose order and status, were already seen is a duplicate and is not recorded again.
 * Only the newest MAX_REMEMBERED_CALLBACKS are kept.
 */
export function rememberCallback(store: IDataObject, callback: CallbackFingerprint): boolean {
	const seen = readSeen(store);
	const duplicate = seen.some(
		(previous) =>
			previous.body === callback.body ||
			(callback.order !== null && previous.order === callback.order),
	);
	if (duplicate) return false;
	// Assigning a new array (not pushing) is what marks n8n's observable static data as changed.
	store[STORE_KEY] = [...seen, callback].slice(
		-MAX_REMEMBERED_CALLBACKS,
	) as unknown as IDataObject[];
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

function readSeen(store: IDataObject): CallbackFingerprint[] {
	const stored = store[STORE_KEY];
	return Array.isArray(stored) ? (stored as unknown as CallbackFingerprint[]) : [];
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
