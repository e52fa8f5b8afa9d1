/**
 * What this n8n process remembers per TYLT account and reference between executions: claims, payouts sent
 * recently, references in doubt (each memory's bound, lifetime and why: memoryBetweenExecutions.ts).
 */
import { keptBetweenExecutions } from '../../shared/memoryBetweenExecutions';
import { copyOfRecord, type PayoutRecord } from '../transport/records';

const held = keptBetweenExecutions('referenceClaims', new Map<string, Promise<void>>());

/** The account hash (see tyltAccountKey), never the API key itself, and the reference. */
function claimKey(account: string, reference: string): string {
	return `${account}\u0000${reference}`;
}

/**
 * Waits until no other execution of this process holds the reference, then holds it; the holder releases it in a
 * `finally`. No timer: the holder's own work is bounded (its requests time out, its in-doubt check ends).
 */
export async function claimReference(account: string, reference: string): Promise<() => void> {
	const key = claimKey(account, reference);
	for (let current = held.get(key); current; current = held.get(key)) await current;
	let release!: () => void;
	const done = new Promise<void>((resolve) => {
		release = resolve;
	});
	held.set(key, done);
	let released = false;
	return () => {
		if (released) return;
		released = true;
		if (held.get(key) === done) held.delete(key);
		release();
	};
}

/** For tests: every claim must be released. */
export function heldClaims(): number {
	return held.size;
}

/** Tunable so tests can shorten the hold; not user options. */
export const PROCESS_MEMORY_LIMITS = {
	/** The guard also applies the item's look-back. */
	sentMaxAgeMs: 24 * 3_600_000,
	/** How long a reference is refused after a create with an unknown outcome, unless history shows it. */
	inDoubtHoldMs: 15 * 60_000,
	maxEntries: 10_000,
};

interface Entry<T> {
	value: T;
	atMs: number;
}

/** Forgets entries older than `maxAgeMs()` and, beyond `maxEntries`, the oldest first. */
class BoundedMemory<T> {
	private readonly entries = new Map<string, Entry<T>>();

	constructor(private readonly maxAgeMs: () => number) {}

	get(key: string, nowMs = Date.now()): Entry<T> | undefined {
		const entry = this.entries.get(key);
		if (entry && nowMs - entry.atMs > this.maxAgeMs()) {
			this.entries.delete(key);
			return undefined;
		}
		return entry;
	}

	set(key: string, value: T, atMs = Date.now()) {
		// Re-inserted, so Map order stays oldest first and eviction drops the oldest.
		this.entries.delete(key);
		this.entries.set(key, { value, atMs });
		for (const oldest of this.entries.keys()) {
			if (this.entries.size <= PROCESS_MEMORY_LIMITS.maxEntries) break;
			this.entries.delete(oldest);
		}
	}

	delete(key: string) {
		this.entries.delete(key);
	}

	/** The entries as they stand now, in a copy that nothing done later changes. */
	copy(nowMs = Date.now()): (key: string) => Entry<T> | undefined {
		const kept = new Map<string, Entry<T>>();
		for (const [key, entry] of this.entries) {
			if (nowMs - entry.atMs <= this.maxAgeMs()) kept.set(key, entry);
		}
		return (key) => kept.get(key);
	}

	clear() {
		this.entries.clear();
	}
}

const sent = keptBetweenExecutions(
	'sentPayouts',
	new BoundedMemory<PayoutRecord>(() => PROCESS_MEMORY_LIMITS.sentMaxAgeMs),
);
// Kept as long as sent payouts: past the hold, the reference is still looked up before it is sent.
const inDoubt = keptBetweenExecutions(
	'referencesInDoubt',
	new BoundedMemory<true>(() => PROCESS_MEMORY_LIMITS.sentMaxAgeMs),
);

/** What the duplicate guard reads of this memory: the payouts sent, and the references in doubt. */
export interface GuardMemory {
	/** A payout this process sent (or confirmed from history) for the reference, at or after `sinceMs`. */
	sentRecently(account: string, reference: string, sinceMs: number): PayoutRecord | undefined;
	/** When the reference's unknown outcome happened, until a send or history settles it (at most sentMaxAgeMs). */
	inDoubtSince(account: string, reference: string): number | undefined;
}

function guardMemoryOf(
	sentEntry: (key: string) => Entry<PayoutRecord> | undefined,
	inDoubtEntry: (key: string) => Entry<true> | undefined,
): GuardMemory {
	return {
		sentRecently(account, reference, sinceMs) {
			const entry = sentEntry(claimKey(account, reference));
			// A copy for the same reason as in rememberSent: the reader may output it.
			return entry && entry.atMs >= sinceMs ? copyOfRecord(entry.value) : undefined;
		},
		inDoubtSince: (account, reference) => inDoubtEntry(claimKey(account, reference))?.atMs,
	};
}

/** The memory as it stands whenever it is read. */
export const liveGuardMemory = guardMemoryOf(
	(key) => sent.get(key),
	(key) => inDoubt.get(key),
);

/** The memory as it stands now: what any execution sends, settles or forgets later does not reach this copy. */
export function guardMemoryNow(): GuardMemory {
	return guardMemoryOf(sent.copy(), inDoubt.copy());
}

/** Remembers a payout TYLT has for the reference; it is no longer in doubt. */
export function rememberSent(account: string, reference: string, record: PayoutRecord) {
	const key = claimKey(account, reference);
	// A copy: the output item shares nested objects with `record`, and later nodes may change them.
	sent.set(key, copyOfRecord(record));
	inDoubt.delete(key);
}

export function markInDoubt(account: string, reference: string, sinceMs = Date.now()) {
	inDoubt.set(claimKey(account, reference), true, sinceMs);
}

export const { inDoubtSince } = liveGuardMemory;

/** Whether a reference in doubt since `sinceMs` is still refused when history does not show it. */
export function isHeldInDoubt(sinceMs: number, nowMs = Date.now()): boolean {
	return nowMs - sinceMs <= PROCESS_MEMORY_LIMITS.inDoubtHoldMs;
}
