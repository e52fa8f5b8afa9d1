import type { PayoutRecord } from '../transport/records';
import { referencesOf } from '../../shared/referenceTag';
import { isInsideWindow, payoutCreatedMs } from './history';
import type { ReferenceMatch } from './references';

/**
 * Payouts by the references they carry; where several carry one, the one indexed last (history is indexed
 * oldest first, so the newest). Built once per history read and shared, read-only, by every execution the
 * read serves (see historyCache.ts): an execution never indexes the whole window itself.
 */
export class ReferenceIndex {
	private readonly byReference = new Map<string, PayoutRecord>();

	/** Payouts whose last tag may be their reference (see RecordReferences.possibleReference). */
	private readonly byPossibleReference = new Map<string, PayoutRecord>();

	/** An index of history read newest first. */
	static ofHistory(history: readonly PayoutRecord[]): ReferenceIndex {
		const index = new ReferenceIndex();
		for (let position = history.length - 1; position >= 0; position--) index.add(history[position]);
		return index;
	}

	/** Indexes the record under its references (and `reference`), over any older payout with them. */
	add(record: PayoutRecord, reference?: string) {
		const carried = referencesOf(record);
		for (const known of carried.references) keepNewer(this.byReference, known, record);
		if (carried.possibleReference) {
			keepNewer(this.byPossibleReference, carried.possibleReference, record);
		}
		if (reference) keepNewer(this.byReference, reference, record);
	}

	/** A newer version of a payout already indexed: it replaces the old one where that one is indexed. */
	update(record: PayoutRecord) {
		const orderId = String(record.orderId);
		const carried = referencesOf(record);
		for (const known of carried.references) {
			if (String(this.byReference.get(known)?.orderId) === orderId)
				this.byReference.set(known, record);
		}
		const possible = carried.possibleReference;
		if (possible && String(this.byPossibleReference.get(possible)?.orderId) === orderId) {
			this.byPossibleReference.set(possible, record);
		}
	}

	reference(reference: string): PayoutRecord | undefined {
		return this.byReference.get(reference);
	}

	possibleReference(reference: string): PayoutRecord | undefined {
		return this.byPossibleReference.get(reference);
	}
}

/**
 * Indexes `record` under `key` over the payout there, except over a payout of unknown age: that one counts
 * inside every window, and a dated payout hiding it could fall outside an item's window (fail closed).
 */
function keepNewer(index: Map<string, PayoutRecord>, key: string, record: PayoutRecord) {
	const there = index.get(key);
	if (
		there !== undefined &&
		String(there.orderId) !== String(record.orderId) &&
		payoutCreatedMs(there) === undefined &&
		payoutCreatedMs(record) !== undefined
	) {
		return;
	}
	index.set(key, record);
}

const EMPTY_INDEX = new ReferenceIndex();

/**
 * The payouts TYLT already has inside the look-back window and those sent in this execution, by reference.
 * Read once per execution, and again only when an item asks for a longer look-back than was read; a
 * reference found here is never sent again.
 */
export class PayoutLedger {
	/** History's payouts: shared with other executions, never changed here. */
	private history = EMPTY_INDEX;

	/** What this execution sent or found; it overrides history, and is kept across a wider re-read. */
	private readonly fromExecution = new ReferenceIndex();

	/** References a dry run of this execution would have sent: a real run would skip their repeats too. */
	private readonly planned = new Set<string>();

	/** How far back (createdAt, epoch ms) the history read holds every payout; Infinity before any read. */
	private coveredFromMs = Infinity;

	/**
	 * Takes a history read that holds every payout created at or after `coveredFromMs` (it may hold older
	 * ones too: find applies each item's window). A read narrower than one already taken is ignored: it can
	 * only have finished late.
	 */
	load(history: ReferenceIndex, coveredFromMs: number) {
		if (coveredFromMs >= this.coveredFromMs) return;
		this.coveredFromMs = coveredFromMs;
		this.history = history;
	}

	/**
	 * The newest payout with the reference created at or after `cutoffMs` (or whose age is unknown). A copy:
	 * history records are the process's history cache's own, which outlive this execution's output.
	 */
	find(reference: string, cutoffMs: number): ReferenceMatch | undefined {
		const record = this.fromExecution.reference(reference) ?? this.history.reference(reference);
		if (record && isInsideWindow(record, cutoffMs))
			return { record: copyOf(record), certain: true };
		const possible =
			this.fromExecution.possibleReference(reference) ?? this.history.possibleReference(reference);
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
		this.fromExecution.add(record, reference);
	}
}

function copyOf(record: PayoutRecord): PayoutRecord {
	return JSON.parse(JSON.stringify(record)) as PayoutRecord;
}
