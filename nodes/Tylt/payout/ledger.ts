import { referencesOf } from './merchantReference';
import type { PayoutRecord } from './types';

/**
 * The payouts TYLT already has (recent history) and those sent in this execution, by reference.
 * A reference found here is never sent again.
 */
export class PayoutLedger {
	private readonly byReference = new Map<string, PayoutRecord>();

	/** References a dry run of this execution would have sent: a real run would skip their repeats too. */
	private readonly planned = new Set<string>();

	constructor(history: PayoutRecord[]) {
		// History is newest first: keep the newest record for a reference.
		for (let index = history.length - 1; index >= 0; index--) this.remember(history[index]);
	}

	find(reference: string): PayoutRecord | undefined {
		return this.byReference.get(reference);
	}

	isPlanned(reference: string): boolean {
		return this.planned.has(reference);
	}

	plan(reference: string) {
		this.planned.add(reference);
	}

	remember(record: PayoutRecord, reference?: string) {
		for (const known of referencesOf(record)) this.byReference.set(known, record);
		if (reference) this.byReference.set(reference, record);
	}
}
