/**
 * What this n8n process has put toward Max Amount per 24 Hours that TYLT's history may not show yet, per TYLT
 * account: a create on its way, one answered (with its order ID), one whose answer was lost. Each create reserves
 * its room right before it starts, synchronously after its own sum (create.dailyLimit.ts), so two creates of one
 * process never both spend the same room: the later one's sum counts the earlier one.
 *
 * A reservation stays for the window from its create's start (history shows an answered one by its order ID, and
 * it then counts once), and goes earlier only when its create's error proves no payout was made.
 */
import type { ExactDecimal } from '../../shared/decimalText';
import { keptBetweenExecutions } from '../../shared/memoryBetweenExecutions';

export const DAILY_WINDOW_MS = 24 * 3_600_000;

/** Kept a little longer than the window: TYLT may date a payout a moment after this process sent it. */
const KEPT_BEYOND_WINDOW_MS = 15 * 60_000;

/** A payout's share of one limited currency. */
export interface SpendLine {
	currency: string;
	amount: ExactDecimal;
}

export interface Reservation {
	lines: readonly SpendLine[];
	/** When its create started (then TYLT's answer), from which the window counts it. */
	sentAtMs: number;
	/** Set once TYLT answered the create with a payout. */
	orderId?: string;
}

/** At most this many reservations per account: more would mean an unbounded process memory. */
export const JOURNAL_MAX_RESERVATIONS = 100_000;

const journals = keptBetweenExecutions(
	'dailySpendReservations',
	new Map<string, Set<Reservation>>(),
);

/** The account's reservations still inside the window (older ones are forgotten here). */
export function reservationsOf(account: string, nowMs = Date.now()): Reservation[] {
	const journal = journals.get(account);
	if (!journal) return [];
	for (const reservation of journal) {
		if (nowMs - reservation.sentAtMs > DAILY_WINDOW_MS + KEPT_BEYOND_WINDOW_MS) {
			journal.delete(reservation);
		}
	}
	if (journal.size === 0) journals.delete(account);
	return [...journal];
}

/** Whether `count` more reservations fit the account's journal. */
export function journalHasRoom(account: string, count: number): boolean {
	return (journals.get(account)?.size ?? 0) + count <= JOURNAL_MAX_RESERVATIONS;
}

/** A create starts now: its room is taken from here. */
export function reserve(account: string, lines: readonly SpendLine[]): Reservation {
	const reservation: Reservation = { lines, sentAtMs: Date.now() };
	let journal = journals.get(account);
	if (!journal) journals.set(account, (journal = new Set()));
	journal.add(reservation);
	return reservation;
}

/** TYLT answered with a payout: from now on history shows it under this order ID. */
export function markSent(reservation: Reservation, orderId: string) {
	reservation.orderId = orderId;
	reservation.sentAtMs = Date.now();
}

/** The create surely made no payout: its room is free again. */
export function release(account: string, reservation: Reservation) {
	const journal = journals.get(account);
	journal?.delete(reservation);
	if (journal?.size === 0) journals.delete(account);
}
