/**
 * One payout per reference across the executions of one n8n process. Executions that overlap (a webhook
 * delivered twice, Retry On Fail beside a manual run, two schedules) each read TYLT history before either
 * created anything, so history alone cannot stop the second payout. A claim can: only the execution holding
 * a reference's claim looks it up and sends it; the others wait for it to finish, then look again.
 *
 * Module-level on purpose: n8n loads the node once per process and runs every execution in that process
 * with it. Queue-mode workers are separate processes and do not share claims.
 */
import { keptBetweenExecutions } from '../../shared/memoryBetweenExecutions';

/** Claims in force, by account and reference; an entry lives exactly as long as its holder works. */
const held = keptBetweenExecutions('referenceClaims', new Map<string, Promise<void>>());

/** A claim's key: the account hash (see tyltAccountKey) and the reference, never the API key itself. */
export function claimKey(account: string, reference: string): string {
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
