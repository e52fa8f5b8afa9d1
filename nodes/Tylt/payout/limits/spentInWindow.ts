/**
 * Max Amount per 24 Hours' sum: what TYLT history shows for the window plus this process's reservations, per
 * currency, each payout once; and whether a refusal on it rests on a record TYLT may show otherwise now.
 */
import {
	compareExact,
	EXACT_ZERO,
	addExact,
	exactDecimal,
	type ExactDecimal,
} from '../../../shared/decimalText';
import { ForgettableWeakMap, keptBetweenExecutions } from '../../../shared/memoryBetweenExecutions';
import { referencesOf } from '../../../shared/referenceTag';
import { LIMIT_FIELDS } from '../../../shared/spendingLimits/fields';
import type { CurrencyLimits } from '../../../shared/spendingLimits/parse';
import type { PayoutRecord } from '../../transport/records';
import { payoutCreatedMs } from '../history';
import { CLOCK_SKEW_MS, type Reservation, type SpendLine } from './reservations';

export class UncountableHistoryError extends Error {
	constructor(
		readonly orderId: string,
		what: string,
	) {
		super(
			`TYLT history shows payout ${orderId} with ${what}, so what was paid in the last 24 hours cannot be added up for ${LIMIT_FIELDS.maxAmountPer24Hours}`,
		);
		this.name = 'UncountableHistoryError';
	}
}

/**
 * History plus this process's reservations, per currency. A reservation's payout that history shows counts once,
 * from history: found by its order ID, or, while its create's answer is unknown, by its reference.
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
	// Only the reservations are indexed: maps of the few, not of the whole window.
	const byOrderId = new Map<string, Reservation>();
	const unanswered = new Map<string, Reservation[]>();
	for (const reservation of reservations) {
		const { orderId, reference } = reservation;
		if (orderId !== undefined) byOrderId.set(orderId, reservation);
		else unanswered.set(reference, [...(unanswered.get(reference) ?? []), reservation]);
	}
	const shown = new Set<Reservation>();
	for (const record of history) {
		recordLines(limits, record, readEarlier.has(record)).forEach(add);
		if (reservations.length === 0) continue;
		const reservation =
			byOrderId.get(String(record.orderId)) ?? unansweredPaidBy(record, unanswered, shown);
		if (reservation) shown.add(reservation);
	}
	for (const reservation of reservations) {
		if (!shown.has(reservation)) reservation.lines.forEach(add);
	}
	return spent;
}

/** The unanswered reservation `record` may be: its reference and amount, created since its send. */
function unansweredPaidBy(
	record: PayoutRecord,
	unanswered: ReadonlyMap<string, Reservation[]>,
	shown: ReadonlySet<Reservation>,
): Reservation | undefined {
	if (unanswered.size === 0) return undefined;
	const { currency, amount } = countedRecord(record);
	const createdMs = payoutCreatedMs(record);
	// A record that cannot be dated or read is nobody's: the reservation keeps counting.
	if (currency === undefined || amount === undefined || createdMs === undefined) return undefined;
	const mayBe = (reservation: Reservation) =>
		!shown.has(reservation) &&
		createdMs >= reservation.sentAtMs - CLOCK_SKEW_MS &&
		reservation.lines.every(
			(line) => line.currency === currency && compareExact(line.amount, amount) === 0,
		);
	for (const reference of referencesOf(record).references) {
		const paid = unanswered.get(reference)?.find(mayBe);
		if (paid) return paid;
	}
	return undefined;
}

/** Whether the sum counted a record read earlier and not final: TYLT's record now may leave more room. */
export function countsEarlierUnfinal(
	limits: CurrencyLimits,
	readEarlier: ReadonlySet<PayoutRecord>,
): boolean {
	for (const record of readEarlier) {
		const { final, currency } = countedRecord(record);
		if (!final && (currency === undefined || limits.has(currency))) return true;
	}
	return false;
}

/** Nothing when the record moved no money (read now, or final) or is in no limited currency; else its line. */
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

/** `currency` and `amount` are undefined when the record's cannot be read. */
interface CountedRecord {
	movedNoMoney: boolean;
	/** TYLT says the record will not change (isFinal 1). */
	final: boolean;
	currency?: string;
	amount?: ExactDecimal;
}

/** Read once per record: the history cache hands every execution the same record objects. */
const countedRecords = keptBetweenExecutions(
	'historyAmounts',
	new ForgettableWeakMap<PayoutRecord, CountedRecord>(),
);

function countedRecord(record: PayoutRecord): CountedRecord {
	const known = countedRecords.get(record);
	if (known !== undefined) return known;
	const { settledCurrency } = record;
	const amount = exactDecimal(record.settledAmountRequested);
	const counted = {
		movedNoMoney: movedNoMoney(record),
		final: record.isFinal === 1 || (record.isFinal as unknown) === '1',
		currency:
			typeof settledCurrency === 'string' && settledCurrency.trim() !== ''
				? settledCurrency.trim().toUpperCase()
				: undefined,
		amount: amount === undefined || amount.units < 0n ? undefined : amount,
	};
	countedRecords.set(record, counted);
	return counted;
}

/** Ended without paying (spec: Failed; merchants' code the rest); any other status may still move money. */
const NO_MONEY_STATUSES = new Set(['failed', 'cancelled', 'expired', 'rejected']);

/** A no-money status and nothing saying money left (a field that cannot be read says it did). */
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
