import { referencesOf } from './merchantReference';
import type { PayoutRecord } from './types';

/**
 * The payouts TYLT already has (recent history) and those sent in this execution, by reference.
 * A reference found here is never sent again.
 */
export class PayoutLedger {
	private readonly byReference = new Map<string, PayoutRecord>();

	constructor(history: PayoutRecord[]) {
		// History is newest first: keep the newest record for a reference.
		for (let index = history.length - 1; index >= 0; index--) this.remember(history[index]);
	}

	find(reference: string): PayoutRecord | undefined {
		return this.byReference.get(reference);
	}

	remember(record: PayoutRecord, reference?: string) {
		for (const known of referencesOf(record)) this.byReference.set(known, record);
		if (reference) this.byReference.set(reference, record);
	}
}
