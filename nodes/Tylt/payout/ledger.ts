import { copyOfRecord, type PayoutRecord, type PayoutRequestBody } from '../transport/records';
import { referencesOf } from '../../shared/referenceTag';
import { HOUR_MS, isInsideWindow, payoutCreatedMs } from './history';
import { type GuardMemory, guardMemoryNow, liveGuardMemory } from './processMemory';
import type { ReferenceMatch } from './references';

/**
 * Payouts by the references they carry, the newest where several carry one. Built once per history read and
 * shared, read-only, by every execution the read serves (historyCache.ts).
 */
export class ReferenceIndex {
	private readonly byReference = new Map<string, PayoutRecord>();

	/** Payouts whose last tag may be their reference (see RecordReferences.possibleReference). */
	private readonly byPossibleReference = new Map<string, PayoutRecord>();

	static ofHistory(history: readonly PayoutRecord[]): ReferenceIndex {
		const index = new ReferenceIndex();
		for (let position = history.length - 1; position >= 0; position--) index.add(history[position]);
		return index;
	}

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

	/** The index as it is now: what the history cache adds to or updates in this one later does not reach it. */
	copy(): ReferenceIndex {
		const copy = new ReferenceIndex();
		for (const [key, record] of this.byReference) copy.byReference.set(key, record);
		for (const [key, record] of this.byPossibleReference) copy.byPossibleReference.set(key, record);
		return copy;
	}
}

/** Never over a payout of unknown age: it counts in every window, a dated one may not (fail closed). */
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

/** A row of the batch as planned before its first create: the payout it gives its reference to. */
export interface PlannedPayout {
	itemIndex: number;
	reference: string;
	body: PayoutRequestBody;
	options: { dryRun: boolean };
}

/** What the guard knows, live or as it stood when the batch's verdict was frozen (PayoutLedger.freezeVerdict). */
export interface VerdictBasis {
	memory: GuardMemory;
	/** The time the in-doubt hold is judged at. */
	nowMs: number;
	/** Frozen: history's index as it stood then, and nothing this execution recorded since (find). */
	frozenHistory?: ReferenceIndex;
}

/** The guard's knowledge as it is whenever it is read. */
export function liveVerdictBasis(): VerdictBasis {
	return { memory: liveGuardMemory, nowMs: Date.now() };
}

/** History in the look-back, this execution's sends and its plan, by reference: one found is never sent twice. */
export class PayoutLedger {
	/** The execution's start: every look-back ends there, so a row's turn reads the window its batch was decided on. */
	constructor(private readonly endsMs: number) {}

	/** History's payouts: shared with other executions, never changed here. */
	private history = EMPTY_INDEX;

	/** What this execution sent or found; it overrides history, and is kept across a wider re-read. */
	private readonly fromExecution = new ReferenceIndex();

	/** Each reference's first real row in this execution's batch (guarded or not), else its first dry row. */
	private readonly planned = new Map<string, PlannedPayout>();

	/** How far back (createdAt, epoch ms) the history read holds every payout; Infinity before any read. */
	private coveredFromMs = Infinity;

	/** What the batch's verdict reads once frozen (freezeVerdict). */
	private frozen: VerdictBasis | undefined;

	/** Where a look-back of `lookBackHours` begins (createdAt, epoch ms): the same for every row of the execution. */
	cutoffMs(lookBackHours: number): number {
		return this.endsMs - lookBackHours * HOUR_MS;
	}

	/** A read holding every payout from `coveredFromMs` on; a narrower one than taken can only have finished late. */
	load(history: ReferenceIndex, coveredFromMs: number) {
		if (coveredFromMs >= this.coveredFromMs) return;
		this.coveredFromMs = coveredFromMs;
		this.history = history;
	}

	/**
	 * A copy: history records are the history cache's own, which outlive this execution's output. With a frozen
	 * `basis`: as the ledger stood when the batch's verdict was frozen.
	 */
	find(
		reference: string,
		cutoffMs: number,
		basis: Pick<VerdictBasis, 'frozenHistory'> = {},
	): ReferenceMatch | undefined {
		const history = basis.frozenHistory ?? this.history;
		const own = basis.frozenHistory ? EMPTY_INDEX : this.fromExecution;
		const record = own.reference(reference) ?? history.reference(reference);
		if (record && isInsideWindow(record, cutoffMs))
			return { record: copyOfRecord(record), certain: true };
		const possible = own.possibleReference(reference) ?? history.possibleReference(reference);
		return possible && isInsideWindow(possible, cutoffMs)
			? { record: copyOfRecord(possible), certain: false }
			: undefined;
	}

	/** Plans the row unless an earlier row planned its reference; returns that earlier row. */
	plan(payout: PlannedPayout): PlannedPayout | undefined {
		const earlier = this.planned.get(payout.reference);
		// A real row's repeat is paid by it; a dry row pays nothing, so a real row after it still sends.
		if (!earlier || (earlier.options.dryRun && !payout.options.dryRun))
			this.planned.set(payout.reference, payout);
		return earlier;
	}

	/**
	 * From now on the batch's verdict (previewPayoutOnce) reads what the guard knows now, copied: history's index,
	 * this process's memory, and the clock that judges the in-doubt hold. A batch whose rows are checked while its
	 * earlier rows are sent freezes it before its first create (create.operation.ts), so a row checked later meets
	 * the verdict it met when the whole batch was checked first, whatever this batch or another execution sent, read,
	 * settled or forgot since. The rows' turns (decideBeforeCreate) read the guard's knowledge live.
	 */
	freezeVerdict() {
		this.frozen ??= {
			memory: guardMemoryNow(),
			nowMs: Date.now(),
			frozenHistory: this.history.copy(),
		};
	}

	/** What the batch's verdict reads: frozen once freezeVerdict was called, else live. */
	get verdictBasis(): VerdictBasis {
		return this.frozen ?? liveVerdictBasis();
	}

	remember(record: PayoutRecord, reference?: string) {
		this.fromExecution.add(record, reference);
	}
}
