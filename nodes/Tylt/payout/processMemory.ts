/**
 * What this n8n process remembers about payouts between executions, per TYLT account and reference:
 * - claims: one execution at a time works on a reference (below);
 * - payouts it sent recently: an execution that read history before another one created the payout must
 *   still see it (its ledger is stale);
 * - references in doubt: a create whose answer was lost may exist at TYLT. During the hold it is not sent
 *   again unless fresh history shows it; after the hold it is still looked up in fresh history before any
 *   send (a long batch outlives the hold, and its own history read predates the lost create).
 * Sent and in-doubt payouts are bounded in size and age; keys hold the account hash, never the API key.
 */
import { keptBetweenExecutions } from '../../shared/memoryBetweenExecutions';
import type { PayoutRecord } from '../transport/records';

/*
 * Claims: one payout per reference across the executions of one n8n process. Executions that overlap (a webhook
 * delivered twice, Retry On Fail beside a manual run, two schedules) each read TYLT history before either
 * created anything, so history alone cannot stop the second payout. A claim can: only the execution holding
 * a reference's claim looks it up and sends it; the others wait for it to finish, then look again.
 *
 * Module-level on purpose: n8n loads the node once per process and runs every execution in that process
 * with it. Queue-mode workers are separate processes and do not share claims.
 */

/** Claims in force, by account and reference; an entry lives exactly as long as its holder works. */
const held = keptBetweenExecutions('referenceClaims', new Map<string, Promise<void>>());

/** The account hash (see tyltAccountKey), never the API key itself, and the reference. */
function claimKey(account: string, reference: string): string {
	return `${account}\u0000${reference}`;
}

/**
 * Waits until no other execution of this process holds the reference, then holds it. The holder must call
 * the returned release in a `finally`. Waiting is bounded by the holder's own work (its requests time out,
 * its in-doubt check is bounded), so no timer is needed here.
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

/** How many claims are held right now (for tests: every claim must be released). */
export function heldClaims(): number {
	return held.size;
}

/** Tunable so tests can shorten the hold; not user options. */
export const PROCESS_MEMORY_LIMITS = {
	/** How long a payout this process sent is remembered (the guard also applies the item's look-back). */
	sentMaxAgeMs: 24 * 3_600_000,
	/** How long a reference is refused after a create with an unknown outcome, unless history shows it. */
	inDoubtHoldMs: 15 * 60_000,
	maxEntries: 10_000,
};

interface Entry<T> {
	value: T;
	atMs: number;
}

/** A map that forgets entries older than `maxAgeMs()` and, beyond `maxEntries`, the oldest first. */
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

/** A payout this process sent (or confirmed from history) for the reference, at or after `sinceMs`. */
export function sentRecently(
	account: string,
	reference: string,
	sinceMs: number,
): PayoutRecord | undefined {
	const entry = sent.get(claimKey(account, reference));
	return entry && entry.atMs >= sinceMs ? entry.value : undefined;
}

/** Remembers a payout TYLT has for the reference; it is no longer in doubt. */
export function rememberSent(account: string, reference: string, record: PayoutRecord) {
	const key = claimKey(account, reference);
	// A copy: the output item shares nested objects with `record`, and later nodes may change them.
	sent.set(key, JSON.parse(JSON.stringify(record)) as PayoutRecord);
	inDoubt.delete(key);
}

export function markInDoubt(account: string, reference: string, sinceMs = Date.now()) {
	inDoubt.set(claimKey(account, reference), true, sinceMs);
}

/**
 * When the reference's unknown outcome happened, while this process remembers it (up to sentMaxAgeMs, past
 * the hold): until history shows the payout or a send settles it.
 */
export function inDoubtSince(account: string, reference: string): number | undefined {
	return inDoubt.get(claimKey(account, reference))?.atMs;
}

/** Whether a reference in doubt since `sinceMs` is still refused when history does not show it. */
export function isHeldInDoubt(sinceMs: number, nowMs = Date.now()): boolean {
	return nowMs - sinceMs <= PROCESS_MEMORY_LIMITS.inDoubtHoldMs;
}
