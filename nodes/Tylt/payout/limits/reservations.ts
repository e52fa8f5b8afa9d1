/**
 * Max Amount per 24 Hours' journal (memoryBetweenExecutions.ts, dailySpendReservations): what this process's creates
 * put toward the limit that history may not show yet; given back only when a create was surely not made.
 */
import type { ExactDecimal } from '../../../shared/decimalText';
import { keptBetweenExecutions } from '../../../shared/memoryBetweenExecutions';

export const DAILY_WINDOW_MS = 24 * 3_600_000;

/** How far TYLT's clock may be off: a reservation outlives the window by this; its payout may be dated this early. */
export const CLOCK_SKEW_MS = 15 * 60_000;

/** At most this many reservations per account: more would mean an unbounded process memory. */
const JOURNAL_MAX_RESERVATIONS = 100_000;

export interface SpendLine {
	currency: string;
	amount: ExactDecimal;
}

export interface Reservation {
	lines: readonly SpendLine[];
	/** The create's reference: a payout history lists with it (and the same amount) replaces the reservation. */
	reference: string;
	/** When its create started (then TYLT's answer), from which the window counts it. */
	sentAtMs: number;
	/** Set once TYLT answered the create with a payout. */
	orderId?: string;
}

const journals = keptBetweenExecutions(
	'dailySpendReservations',
	new Map<string, Set<Reservation>>(),
);

/** The account's reservations still inside the window (older ones are forgotten here). */
export function reservationsOf(account: string, nowMs = Date.now()): Reservation[] {
	const journal = journals.get(account);
	if (!journal) return [];
	for (const reservation of journal) {
		if (nowMs - reservation.sentAtMs > DAILY_WINDOW_MS + CLOCK_SKEW_MS) {
			journal.delete(reservation);
		}
	}
	if (journal.size === 0) journals.delete(account);
	return [...journal];
}

export function reserve(
	account: string,
	lines: readonly SpendLine[],
	reference: string,
): Reservation {
	const reservation: Reservation = { lines, reference, sentAtMs: Date.now() };
	let journal = journals.get(account);
	if (!journal) journals.set(account, (journal = new Set()));
	journal.add(reservation);
	return reservation;
}

/** For a create that surely made no payout (CreateOutcome `notMade`) only. */
export function giveBack(account: string, reservation: Reservation) {
	const journal = journals.get(account);
	journal?.delete(reservation);
	if (journal?.size === 0) journals.delete(account);
}

/** Throws when `adding` more reservations would pass the journal's bound. */
export function assertRoomFor(account: string, adding: number) {
	if ((journals.get(account)?.size ?? 0) + adding > JOURNAL_MAX_RESERVATIONS) {
		throw new Error(
			`this n8n process already holds ${JOURNAL_MAX_RESERVATIONS} payouts of the last 24 hours in memory`,
		);
	}
}
