import type { SandboxClock } from './clock';
import { parseRecordTime } from './clock';
import { SEEDED_BALANCES } from './currencies';
import { roundAmount } from './money';
import type { PayoutOrder } from './payoutRecord';
import {
	amountToDebit,
	completedPayoutRecord,
	failedPayoutRecord,
	pendingPayoutRecord,
	samplePayoutRecord,
} from './payoutRecord';
import type { PayoutOutcome, PayoutRecord } from './types';

interface StoredPayout {
	record: PayoutRecord;
	createdMs: number;
	/** Insertion order: breaks createdAt ties (second precision, or a frozen clock) in favour of the newer. */
	sequence: number;
	/** When a Pending payout settles; undefined for seeded history and settled payouts. */
	dueAtMs?: number;
}

interface OutcomeRule {
	outcome: PayoutOutcome;
	applies: (record: PayoutRecord) => boolean;
}

/**
 * The payout lifecycle: creation, the merchant balance, and settlement to Completed or Failed. Every
 * status change is reported to `onStatusChange`, which is where callbacks come from.
 */
export class PayoutBook {
	balances: Record<string, number> = { ...SEEDED_BALANCES };

	private entries: StoredPayout[] = [];

	private sequence = 0;

	private outcomeRules: OutcomeRule[] = [];

	/**
	 * The records newest first, kept until the book changes: every history page reads it, and sorting the
	 * whole book per page made a Return All of N records cost the sandbox O(pages × N log N).
	 */
	private newestFirst: PayoutRecord[] | undefined;

	constructor(
		private readonly clock: SandboxClock,
		private readonly completionDelayMs: number,
		private readonly onStatusChange: (record: PayoutRecord) => void,
	) {}

	/** Newest first. */
	list(): PayoutRecord[] {
		this.newestFirst ??= [...this.entries]
			.sort((a, b) => b.createdMs - a.createdMs || b.sequence - a.sequence)
			.map((entry) => entry.record);
		return [...this.newestFirst];
	}

	find(orderId: string): PayoutRecord | undefined {
		return this.entries.find((entry) => entry.record.orderId === orderId)?.record;
	}

	/**
	 * Insufficient balance is not a create error at TYLT: the payout is accepted with insufficientBalance 1
	 * and fails when it settles. Nothing is reserved or debited until then.
	 */
	create(order: PayoutOrder): PayoutRecord {
		const nowMs = this.clock.now();
		const record = pendingPayoutRecord(order, nowMs);
		record.insufficientBalance = this.canAfford(record.settledCurrency, amountToDebit(record))
			? 0
			: 1;
		this.add(record, nowMs, nowMs + this.completionDelayMs);
		this.onStatusChange(record);
		return record;
	}

	/**
	 * History records, 1 s apart and all older than anything already stored, so that repeated seeding and
	 * later creates keep createdAt distinct. Seeded records never settle, debit or call back.
	 */
	seed(count: number, template: Partial<PayoutRecord> = {}, spacingMs = 1000): PayoutRecord[] {
		// reduce, not Math.min(...spread): a test may seed tens of thousands of records.
		const oldestMs = this.entries.reduce(
			(oldest, entry) => Math.min(oldest, entry.createdMs),
			this.clock.now(),
		);
		// Whole seconds: createdAt has second precision, and sub-second spacing would print duplicates.
		const newestSeedMs = Math.floor(oldestMs / 1000) * 1000 - 1000;
		const seeded: PayoutRecord[] = [];
		for (let index = 0; index < count; index++) {
			const createdMs = newestSeedMs - index * spacingMs;
			const sample = samplePayoutRecord(template.status ?? 'Completed', createdMs, 10 + index);
			const record: PayoutRecord = { ...sample, ...template };
			this.add(record, parseRecordTime(record.createdAt) ?? createdMs);
			seeded.push(record);
		}
		return seeded;
	}

	/** The newest matching rule wins; with no rule a payout completes. */
	setOutcome(
		outcome: PayoutOutcome,
		applies: (record: PayoutRecord) => boolean = () => true,
	): void {
		this.outcomeRules.unshift({ outcome, applies });
	}

	nextDueAt(): number | undefined {
		const due = this.entries.flatMap((entry) =>
			entry.dueAtMs === undefined ? [] : [entry.dueAtMs],
		);
		return due.length === 0 ? undefined : Math.min(...due);
	}

	/** Settles, in due order, every Pending payout whose time has come on the sandbox clock. */
	settleDue(): void {
		const nowMs = this.clock.now();
		const due = this.entries
			.filter((entry) => entry.dueAtMs !== undefined && entry.dueAtMs <= nowMs)
			.sort((a, b) => (a.dueAtMs as number) - (b.dueAtMs as number) || a.sequence - b.sequence);
		for (const entry of due) this.settle(entry, entry.dueAtMs as number);
	}

	reset(): void {
		this.balances = { ...SEEDED_BALANCES };
		this.entries = [];
		this.outcomeRules = [];
		this.newestFirst = undefined;
	}

	private settle(entry: StoredPayout, settledAtMs: number): void {
		const pending = entry.record;
		const debit = amountToDebit(pending);
		// Re-checked now: payouts that settled first may have used up what was there at creation.
		const insufficient =
			pending.insufficientBalance === 1 || !this.canAfford(pending.settledCurrency, debit);
		const outcome = this.outcomeRules.find((rule) => rule.applies(pending))?.outcome ?? 'Completed';
		if (insufficient || outcome === 'Failed') {
			entry.record = failedPayoutRecord(pending, settledAtMs, insufficient);
		} else {
			entry.record = completedPayoutRecord(pending, settledAtMs);
			this.balances[pending.settledCurrency] = roundAmount(
				(this.balances[pending.settledCurrency] ?? 0) - debit,
			);
		}
		entry.dueAtMs = undefined;
		this.newestFirst = undefined;
		this.onStatusChange(entry.record);
	}

	private canAfford(currency: string, amount: number): boolean {
		return (this.balances[currency] ?? 0) >= amount;
	}

	private add(record: PayoutRecord, createdMs: number, dueAtMs?: number): void {
		this.sequence += 1;
		this.entries.push({ record, createdMs, sequence: this.sequence, dueAtMs });
		this.newestFirst = undefined;
	}
}
