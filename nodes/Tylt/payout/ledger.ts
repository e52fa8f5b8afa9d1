import type { PayoutRecord } from '../helpers/types';
import { referencesOf } from '../../shared/referenceTag';
import { isInsideWindow } from './history';
import type { ReferenceMatch } from './references';

/**
 * The payouts TYLT already has inside the look-back window and those sent in this execution, by reference.
 * Read once per execution, and again only when an item asks for a longer look-back than was read; a
 * reference found here is never sent again.
 */
export class PayoutLedger {
	private byReference = new Map<string, PayoutRecord>();

	/** Payouts whose last tag may be their reference (see RecordReferences.possibleReference). */
	private byPossibleReference = new Map<string, PayoutRecord>();

	/** What this execution sent or found, kept across a wider re-read of history. */
	private readonly fromExecution: Array<{ record: PayoutRecord; reference?: string }> = [];

	/** References a dry run of this execution would have sent: a real run would skip their repeats too. */
	private readonly planned = new Set<string>();

	/** How far back (createdAt, epoch ms) the history read holds every payout; Infinity before any read. */
	private coveredFromMs = Infinity;

	/** Whether history from `cutoffMs` on has been read. */
	covers(cutoffMs: number): boolean {
		return this.coveredFromMs <= cutoffMs;
	}

	/**
	 * Takes a history read (newest first) that holds every payout created at or after `coveredFromMs`. A read
	 * narrower than one already taken is ignored: it can only have finished late.
	 */
	load(history: readonly PayoutRecord[], coveredFromMs: number) {
		if (coveredFromMs >= this.coveredFromMs) return;
		this.coveredFromMs = coveredFromMs;
		this.byReference = new Map();
		this.byPossibleReference = new Map();
		// Oldest first, so the newest record of a reference is the one kept; this execution's own last.
		for (let index = history.length - 1; index >= 0; index--) this.index(history[index]);
		for (const { record, reference } of this.fromExecution) this.index(record, reference);
	}

	/**
	 * The newest payout with the reference created at or after `cutoffMs` (or whose age is unknown). A copy:
	 * history records may be the process's history cache's own, which outlive this execution's output.
	 */
	find(reference: string, cutoffMs: number): ReferenceMatch | undefined {
		const record = this.byReference.get(reference);
		if (record && isInsideWindow(record, cutoffMs)) return { record: copyOf(record), certain: true };
		const possible = this.byPossibleReference.get(reference);
		return possible && isInsideWindow(possible, cutoffMs)
			? { record: copyOf(possible), certain: false }
			: undefined;
	}

	isPlanned(reference: string): boolean {
		return this.planned.has(reference);
	}

	plan(reference: string) {
		this.planned.add(reference);
	}

	/** A payout this execution sent or found for `reference`. */
	remember(record: PayoutRecord, reference?: string) {
		this.fromExecution.push({ record, reference });
		this.index(record, reference);
	}

	private index(record: PayoutRecord, reference?: string) {
		const carried = referencesOf(record);
		for (const known of carried.references) this.byReference.set(known, record);
		if (carried.possibleReference) this.byPossibleReference.set(carried.possibleReference, record);
		if (reference) this.byReference.set(reference, record);
	}
}

function copyOf(record: PayoutRecord): PayoutRecord {
	return JSON.parse(JSON.stringify(record)) as PayoutRecord;
}
