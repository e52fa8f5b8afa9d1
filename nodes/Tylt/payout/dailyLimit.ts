/**
 * Max Amount per 24 Hours: what the account has paid out in the last 24 hours per limited currency (TYLT's
 * history plus this process's reservations it may not show yet), and which of an execution's payouts fit on
 * top of it, in input order. Exact decimals throughout.
 *
 * What counts, per settled currency:
 * - a payout in history created inside the window (or of unknown age): its `settledAmountRequested`, unless
 *   its status says it moved no money (Failed, Cancelled, Expired, Rejected, in any letter case) and nothing
 *   in the record says money left (`isDebited`, `settledAmountDebited`, `settledAmountSent`, a transaction).
 *   Pending, Completed and every status the node does not know count: fail closed. So does a no-money record
 *   as an earlier read showed it (`readEarlier`) unless it was final (`isFinal` 1): TYLT may show it debited
 *   by now;
 * - a payout of this execution: its amount. A payout sized in another currency (a fiat Base Currency) has no
 *   settled amount until TYLT converts it, so the limit cannot be checked for it and it is refused: counted in
 *   its fiat currency instead, it would pay past the settled currency's limit, by up to its whole value.
 * A currency the limit does not name cannot be paid. Fail closed: a history record whose currency or amount
 * cannot be read makes the sum unknown, and then no payout is sent.
 */
import {
	EXACT_ZERO,
	addExact,
	exactDecimal,
	exactText,
	subtractExact,
	type ExactDecimal,
} from '../../shared/decimalText';
import { ForgettableWeakMap, keptBetweenExecutions } from '../../shared/memoryBetweenExecutions';
import { LIMIT_FIELDS } from '../../shared/spendingLimits/fields';
import type { CurrencyLimits } from '../../shared/spendingLimits/parse';
import type { PayoutRecord } from '../transport/records';
import type { Reservation, SpendLine } from './dailySpendJournal';

const LIMIT = LIMIT_FIELDS.maxAmountPer24Hours;

/** One payout an execution would send, as its body has it. */
export interface DailyPayout {
	itemIndex: number;
	settledCurrency: string;
	baseCurrency?: string;
	amount: number;
}

/** One currency's figures, as an item's decision saw them. */
export interface DailyFigures {
	currency: string;
	limit: string;
	/** Paid out, or on its way, in the last 24 hours before this execution. */
	last24Hours: string;
	/** This execution's payouts in the currency that fit, up to and including this one. */
	thisExecution: string;
	/** What is left after this payout (0 when it does not fit). */
	remaining: string;
}

export type DailyDecision =
	| { fits: true; lines: SpendLine[]; figures: DailyFigures[] }
	/** `reason` is phrased to follow "The payout of item N was not sent: ". */
	| { fits: false; reason: string; figures: DailyFigures[] };

/** History a sum cannot be made from: a record whose currency or amount cannot be read. */
export class UncountableHistoryError extends Error {
	constructor(
		readonly orderId: string,
		what: string,
	) {
		super(
			`TYLT history shows payout ${orderId} with ${what}, so what was paid in the last 24 hours cannot be added up for ${LIMIT}`,
		);
		this.name = 'UncountableHistoryError';
	}
}

/**
 * Per limited currency, what history inside the window and this process's reservations add up to. A
 * reservation whose order ID the history read shows is counted once, from history. A record in `readEarlier`
 * counts whatever its status says.
 */
export function spentInWindow(
	limits: CurrencyLimits,
	history: readonly PayoutRecord[],
	reservations: readonly Reservation[],
	readEarlier: ReadonlySet<PayoutRecord> = new Set(),
): Map<string, ExactDecimal> {
	const spent = new Map<string, ExactDecimal>();
	const add = ({ currency, amount }: SpendLine) =>
		spent.set(currency, addExact(spent.get(currency) ?? EXACT_ZERO, amount));
	// Only the reservations' order IDs are looked up: a set of the few, not of the whole window.
	const reservedOrderIds = new Set(reservations.flatMap(({ orderId }) => orderId ?? []));
	const shownInHistory = new Set<string>();
	for (const record of history) {
		if (reservedOrderIds.size > 0 && reservedOrderIds.has(String(record.orderId))) {
			shownInHistory.add(String(record.orderId));
		}
		recordLines(limits, record, readEarlier.has(record)).forEach(add);
	}
	for (const reservation of reservations) {
		if (reservation.orderId === undefined || !shownInHistory.has(reservation.orderId)) {
			reservation.lines.forEach(add);
		}
	}
	return spent;
}

/** Each payout, in order, fits on top of `spent` and the payouts before it that fit, or does not (why). */
export function decideDaily(
	limits: CurrencyLimits,
	spent: ReadonlyMap<string, ExactDecimal>,
	payouts: readonly DailyPayout[],
): Map<number, DailyDecision> {
	const thisExecution = new Map<string, ExactDecimal>();
	const decisions = new Map<number, DailyDecision>();
	for (const payout of payouts) {
		const lines = payoutLines(limits, payout);
		if (typeof lines === 'string') {
			decisions.set(payout.itemIndex, { fits: false, reason: lines, figures: [] });
			continue;
		}
		const figures = lines.map(({ currency, amount }) => {
			const limit = limits.get(currency) as ExactDecimal;
			const before = spent.get(currency) ?? EXACT_ZERO;
			const withThis = addExact(thisExecution.get(currency) ?? EXACT_ZERO, amount);
			const remaining = subtractExact(limit, addExact(before, withThis));
			return { currency, limit, before, withThis, remaining, amount };
		});
		const over = figures.find((figure) => figure.remaining.units < 0n);
		if (over) {
			const shown = figures.map((figure) => shownFigures(figure, { fits: false }));
			decisions.set(payout.itemIndex, { fits: false, reason: overReason(over), figures: shown });
			continue;
		}
		for (const figure of figures) thisExecution.set(figure.currency, figure.withThis);
		decisions.set(payout.itemIndex, {
			fits: true,
			lines,
			figures: figures.map((figure) => shownFigures(figure, { fits: true })),
		});
	}
	return decisions;
}

interface Figure {
	currency: string;
	limit: ExactDecimal;
	before: ExactDecimal;
	withThis: ExactDecimal;
	remaining: ExactDecimal;
	amount: ExactDecimal;
}

function shownFigures(figure: Figure, { fits }: { fits: boolean }): DailyFigures {
	const thisExecution = fits ? figure.withThis : subtractExact(figure.withThis, figure.amount);
	const left = subtractExact(figure.limit, addExact(figure.before, thisExecution));
	return {
		currency: figure.currency,
		limit: exactText(figure.limit),
		last24Hours: exactText(figure.before),
		thisExecution: exactText(thisExecution),
		remaining: exactText(left.units < 0n ? EXACT_ZERO : left),
	};
}

function overReason({ currency, limit, before, withThis, amount }: Figure): string {
	const earlier = subtractExact(withThis, amount);
	const earlierText =
		earlier.units === 0n ? '' : `, ${exactText(earlier)} ${currency} earlier in this execution`;
	return `${exactText(amount)} ${currency} would take the last 24 hours to ${exactText(addExact(before, withThis))} ${currency}, above ${LIMIT} for ${currency} (${exactText(limit)} ${currency}): ${exactText(before)} ${currency} was paid out or is on its way in the last 24 hours${earlierText}`;
}

/** What a payout of this execution counts against, or why it cannot be paid under the limit. */
function payoutLines(limits: CurrencyLimits, payout: DailyPayout): SpendLine[] | string {
	const settled = payout.settledCurrency.trim().toUpperCase();
	const base = payout.baseCurrency?.trim().toUpperCase() || undefined;
	const listed = [...limits.keys()].join(', ');
	if (!limits.has(settled)) {
		return `${LIMIT} names no limit for ${settled} (only ${listed}), so no payout in ${settled} may be made with this credential. Add ${settled} and its limit to allow it`;
	}
	if (base !== undefined && base !== settled) {
		return `it is sized in ${base} (Base Currency), and its ${settled} amount is known only once TYLT converts it, so ${LIMIT} for ${settled} cannot be checked before it is sent. Send the amount in ${settled}, without a Base Currency`;
	}
	const amount = exactDecimal(payout.amount);
	if (amount === undefined) return `its amount ${String(payout.amount)} is not a finite number`;
	return [{ currency: settled, amount }];
}

/**
 * Whether a sum counted a payout that said it moved no money, not final, as an earlier read showed it: TYLT's
 * record now may leave room that the sum did not (a full read shows it).
 */
export function countsEarlierNoMoney(readEarlier: ReadonlySet<PayoutRecord>): boolean {
	for (const record of readEarlier) {
		const { movedNoMoney, final } = countedRecord(record);
		if (movedNoMoney && !final) return true;
	}
	return false;
}

/**
 * What a history record counts against: nothing when it moved no money (as this read shows it, or as a final
 * record read earlier) or it is in no limited currency.
 */
function recordLines(
	limits: CurrencyLimits,
	record: PayoutRecord,
	readEarlier: boolean,
): SpendLine[] {
	const counted = countedRecord(record);
	if (counted.movedNoMoney && (counted.final || !readEarlier)) return [];
	if (counted.currency === undefined) {
		throw new UncountableHistoryError(String(record.orderId), 'no readable settledCurrency');
	}
	if (!limits.has(counted.currency)) return [];
	if (counted.amount === undefined) {
		throw new UncountableHistoryError(
			String(record.orderId),
			`settledAmountRequested ${JSON.stringify(record.settledAmountRequested) ?? 'missing'}, not an amount`,
		);
	}
	return [{ currency: counted.currency, amount: counted.amount }];
}

/**
 * A payout in history as the sum reads it; `currency` undefined when its settledCurrency cannot be read, `amount`
 * when its settledAmountRequested is no amount.
 */
interface CountedRecord {
	movedNoMoney: boolean;
	/** TYLT says the record will not change (isFinal 1). */
	final: boolean;
	currency?: string;
	amount?: ExactDecimal;
}

/**
 * A record as the sum reads it, read once per record: the history cache hands every execution the same record
 * objects, so a steady-state sum parses only the payouts new since (a WeakMap forgets those the cache let go).
 */
const countedRecords = keptBetweenExecutions(
	'historyAmounts',
	new ForgettableWeakMap<PayoutRecord, CountedRecord>(),
);

function countedRecord(record: PayoutRecord): CountedRecord {
	let counted = countedRecords.get(record);
	if (counted === undefined) {
		counted = readCountedRecord(record);
		countedRecords.set(record, counted);
	}
	return counted;
}

function readCountedRecord(record: PayoutRecord): CountedRecord {
	const { settledCurrency } = record;
	const amount = exactDecimal(record.settledAmountRequested);
	return {
		movedNoMoney: movedNoMoney(record),
		final: record.isFinal === 1 || (record.isFinal as unknown) === '1',
		currency:
			typeof settledCurrency === 'string' && settledCurrency.trim() !== ''
				? settledCurrency.trim().toUpperCase()
				: undefined,
		amount: amount === undefined || amount.units < 0n ? undefined : amount,
	};
}

/**
 * Statuses of a payout that ended without paying (spec: Failed; merchants' code: Cancelled, Expired, Rejected),
 * lower case. Any other status, known or not, may still move money.
 */
const NO_MONEY_STATUSES: ReadonlySet<string> = new Set([
	'failed',
	'cancelled',
	'expired',
	'rejected',
]);

/**
 * Whether the record says its payout moved no money: a status that ended without paying, and nothing saying
 * money left. A record that says it did (isDebited, an amount debited or sent above zero, a transaction) counts
 * whatever its status; a field that cannot be read counts too.
 */
function movedNoMoney(record: PayoutRecord): boolean {
	const { status, isDebited, settledAmountDebited, settledAmountSent, transactions } = record;
	if (typeof status !== 'string' || !NO_MONEY_STATUSES.has(status.trim().toLowerCase()))
		return false;
	return (
		isNone(isDebited) &&
		isNone(settledAmountDebited) &&
		isNone(settledAmountSent) &&
		(transactions === undefined ||
			transactions === null ||
			(Array.isArray(transactions) && transactions.length === 0))
	);
}

/** A flag or amount that says "nothing": absent, null, false, or zero (as a number or its text). */
function isNone(value: unknown): boolean {
	if (value === undefined || value === null || value === false) return true;
	if (typeof value !== 'number' && typeof value !== 'string') return false;
	const amount = exactDecimal(value);
	return amount !== undefined && amount.units === 0n;
}
