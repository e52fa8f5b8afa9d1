import type { PayoutRecord } from '../helpers/types';
import { referencesOf, type ReferenceMatch } from './references';

/**
 * The payouts TYLT already has inside the look-back window and those sent in this execution, by reference.
 * Read once per execution; a reference found here is never sent again.
 */
export class PayoutLedger {
	private readonly byReference = new Map<string, PayoutRecord>();

	/** Payouts whose last tag may be their reference (see RecordReferences.possibleReference). */
	private readonly byPossibleReference = new Map<string, PayoutRecord>();

	/** References a dry run of this execution would have sent: a real run would skip their repeats too. */
	private readonly planned = new Set<string>();

	/** `history`: the window's records, newest first. */
	constructor(history: readonly PayoutRecord[]) {
		// Oldest first, so the newest record of a reference is the one kept.
		for (let index = history.length - 1; index >= 0; index--) this.remember(history[index]);
	}

	find(reference: string): ReferenceMatch | undefined {
		const record = this.byReference.get(reference);
		if (record) return { record, certain: true };
		const possible = this.byPossibleReference.get(reference);
		return possible ? { record: possible, certain: false } : undefined;
	}

	isPlanned(reference: string): boolean {
		return this.planned.has(reference);
	}

	plan(reference: string) {
		this.planned.add(reference);
	}

	remember(record: PayoutRecord, reference?: string) {
		const carried = referencesOf(record);
		for (const known of carried.references) this.byReference.set(known, record);
		if (carried.possibleReference) this.byPossibleReference.set(carried.possibleReference, record);
		if (reference) this.byReference.set(reference, record);
	}
}
