/**
 * Max Amount per 24 Hours, decided here and nowhere else (the rules: docs/credential.md): 1. the batch, before
 * anything is sent (decideBatch); 2. each create, in the traffic's one decision right before it starts, where it
 * reserves its room (room); 3. a reservation is given back only when its create was surely not made (CreateOutcome
 * `notMade`); 4. a refusal resting on a no-money record read earlier is decided again on a full read (decided).
 */
import { type IExecuteFunctions, type INode, NodeOperationError } from 'n8n-workflow';

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
import { nodeVoucherFor, offerNodeVoucher } from '../../shared/spendingLimits/nodeVouchers';
import type { CurrencyLimits } from '../../shared/spendingLimits/parse';
import type { CreateOutcome } from '../transport/errors';
import type { PayoutRecord, PayoutRequestBody } from '../transport/records';
import type { StartCheck } from './createTraffic';
import { payoutsCreatedSince, type PayoutsSince } from './historyCache';

const LIMIT = LIMIT_FIELDS.maxAmountPer24Hours;

export const DAILY_WINDOW_MS = 24 * 3_600_000;

/** A create that starts this long after the execution last looked at history looks again first. */
export const DAILY_RECHECK = { afterMs: 5 * 60_000 };

export type LimitedPayout = { itemIndex: number; body: PayoutRequestBody };

export class DailyLimit {
	/** The history decisions rest on; a batch's full read is not `inFull`: a create refused on it reads again. */
	private look!: { atMs: number; inFull: boolean; history: Promise<PayoutsSince> };

	constructor(
		private readonly context: IExecuteFunctions,
		readonly account: string,
		private readonly limits: CurrencyLimits,
		/** The batch's decision: its execution's start (whose history read serves), its first item and timeout. */
		private readonly batch: { startedMs: number; itemIndex: number; timeoutMs: number | undefined },
	) {}

	/** Step 1, in input order; `asIfReal` is a dry run's figures. Throws when the sum cannot be made or held. */
	async decideBatch(
		sending: readonly LimitedPayout[],
		asIfReal: readonly LimitedPayout[],
		reportsFigures: boolean,
	): Promise<Record<'sending' | 'asIfReal', Map<number, DailyDecision>>> {
		const { decision } = await this.decided(
			(spent) => ({
				sending: decideDaily(this.limits, spent, sending.map(dailyPayout)),
				asIfReal: decideDaily(this.limits, spent, asIfReal.map(dailyPayout)),
			}),
			// A dry run's figures are what TYLT shows now, whatever the amount asked.
			(decided) =>
				reportsFigures ||
				[...decided.sending.values(), ...decided.asIfReal.values()].some(refusedOnTheSum),
			this.batch.itemIndex,
			true,
		);
		const fitting = sending.filter((payout) => decision.sending.get(payout.itemIndex)?.fits);
		if ((journals.get(this.account)?.size ?? 0) + fitting.length > JOURNAL_MAX_RESERVATIONS) {
			throw new Error(
				`this n8n process already holds ${JOURNAL_MAX_RESERVATIONS} payouts of the last 24 hours in memory`,
			);
		}
		return decision;
	}

	/** Step 2: look, then sum with every reservation now and reserve; only a reserved create gets a voucher. */
	room(payout: LimitedPayout): DailyRoom {
		const { itemIndex } = payout;
		const voucher = nodeVoucherFor(this.account, JSON.stringify(payout.body));
		let window: PayoutsSince | undefined;
		let reservation: Reservation | undefined;
		let withdrawVoucher: (() => void) | undefined;
		return {
			prepare: async () => {
				window = await this.beforeCreate(payout);
			},
			decide: () => {
				let decision: DailyDecision | undefined;
				try {
					decision = decideDaily(this.limits, this.spent(window as PayoutsSince), [
						dailyPayout(payout),
					]).get(itemIndex);
				} catch (error) {
					throw this.uncheckedAgain(itemIndex, error);
				}
				if (!decision?.fits) {
					throw this.refusal(
						itemIndex,
						`${decision?.reason ?? 'it could not be checked again'}. Payouts made since this execution decided took the room`,
					);
				}
				reservation = reserve(this.account, decision.lines);
			},
			voucherToken: () => {
				if (!reservation) return undefined;
				withdrawVoucher = offerNodeVoucher(voucher);
				return voucher.token;
			},
			createEnded: (attempt) => {
				withdrawVoucher?.();
				const journal = journals.get(this.account);
				if (reservation && attempt.outcome === 'notMade' && journal) {
					journal.delete(reservation);
					if (journal.size === 0) journals.delete(this.account);
				}
			},
			paid: (record) => {
				if (!reservation || record.orderId === undefined || record.orderId === null) return;
				reservation.orderId = String(record.orderId);
				reservation.sentAtMs = Date.now();
			},
		};
	}

	/** The history a create is decided on: the last look, or a new one when that is older than DAILY_RECHECK. */
	async beforeCreate(payout: LimitedPayout): Promise<PayoutsSince> {
		if (Date.now() - this.look.atMs > DAILY_RECHECK.afterMs) {
			this.lookAt(false, payout.itemIndex, false);
		}
		try {
			const { window } = await this.decided(
				(spent) => decideDaily(this.limits, spent, [dailyPayout(payout)]).get(payout.itemIndex),
				(decision) => decision === undefined || refusedOnTheSum(decision),
				payout.itemIndex,
			);
			return window;
		} catch (error) {
			throw this.uncheckedAgain(payout.itemIndex, error);
		}
	}

	/** Decides on the last look; again on a full read when it counted an earlier no-money record (step 4). */
	private async decided<Decision>(
		decide: (spent: Map<string, ExactDecimal>) => Decision,
		confirm: (decision: Decision) => boolean,
		itemIndex: number,
		forBatch = false,
	): Promise<{ window: PayoutsSince; decision: Decision }> {
		if (forBatch) this.lookAt(false, itemIndex, true);
		let window = await this.look.history;
		if (countsEarlierNoMoney(window.readEarlier)) {
			try {
				const decision = decide(this.spent(window));
				if (!confirm(decision)) return { window, decision };
			} catch {
				// A record that cannot be counted may read differently now: the full read below decides.
			}
			if (forBatch || !this.look.inFull) this.lookAt(true, itemIndex, forBatch);
			window = await this.look.history;
		}
		return { window, decision: decide(this.spent(window)) };
	}

	/** A read from now; the batch's from its execution's start, so the duplicate guard's read serves. */
	private lookAt(inFull: boolean, itemIndex: number, forBatch: boolean) {
		const atMs = forBatch ? this.batch.startedMs : Date.now();
		this.look = {
			atMs,
			inFull: inFull && !forBatch,
			history: payoutsCreatedSince.call(this.context, this.account, {
				cutoffMs: Date.now() - DAILY_WINDOW_MS,
				...(forBatch
					? { freshSinceMs: atMs, lookBackParameter: `the TYLT API credential's ${LIMIT}` }
					: {}),
				inFull,
				lookBackHours: 24,
				timeoutMs: this.batch.timeoutMs,
				itemIndex,
			}),
		};
	}

	private spent(window: PayoutsSince) {
		return spentInWindow(
			this.limits,
			window.records,
			reservationsOf(this.account),
			window.readEarlier,
		);
	}

	private uncheckedAgain(itemIndex: number, error: unknown): DailyLimitRecheckRefusal {
		return this.refusal(itemIndex, `it could not be checked again (${(error as Error).message})`);
	}

	private refusal(itemIndex: number, reason: string): DailyLimitRecheckRefusal {
		return new DailyLimitRecheckRefusal(
			this.context.getNode(),
			`The payout of item ${itemIndex} was not sent: the TYLT API credential's ${LIMIT} refuses it at its turn: ${reason}`,
			{
				itemIndex,
				description: `Each payout is checked against the last 24 hours again right before it is sent (on TYLT's history read again when the last read is over ${DAILY_RECHECK.afterMs / 60_000} minutes old). Nothing was sent to TYLT for this item.`,
			},
		);
	}
}

export class DailyLimitRecheckRefusal extends NodeOperationError {}

/** An item the batch's decision refuses (step 1). */
export function overLimitError(node: INode, itemIndex: number, reason: string): NodeOperationError {
	return new NodeOperationError(
		node,
		`The payout of item ${itemIndex} was not sent: the TYLT API credential's ${LIMIT} refuses it: ${reason}`,
		{
			itemIndex,
			description: `${LIMIT} adds up the payouts TYLT's history shows for the last 24 hours (however they were made; not those whose status says they moved no money: Failed, Cancelled, Expired, Rejected) and this execution's payouts before this item. Nothing was sent to TYLT for this item.`,
		},
	);
}

/** Every item, when the batch's decision cannot be made (step 1). */
export function uncheckableError(node: INode, itemIndex: number, cause: Error): NodeOperationError {
	return new NodeOperationError(
		node,
		`The payout of item ${itemIndex} was not sent: the TYLT API credential's ${LIMIT} could not be checked (${cause.message})`,
		{
			itemIndex,
			description:
				'Without the sum of the last 24 hours no payout is sent while the limit is set. Run the workflow again once TYLT answers; nothing was sent to TYLT for this execution.',
		},
	);
}

export interface DailyRoom extends StartCheck {
	/** The voucher's token for the create's request, offered from now until createEnded. */
	voucherToken(): string | undefined;
	/** The voucher is withdrawn; the room is given back only when the error proves no payout was made. */
	createEnded(attempt: CreateOutcome): void;
	/** The room stays under the payout's order ID: once history shows it, it counts once. */
	paid(record: PayoutRecord): void;
}

/** Kept a little longer than the window: TYLT may date a payout a moment after this process sent it. */
const KEPT_BEYOND_WINDOW_MS = 15 * 60_000;

/** At most this many reservations per account: more would mean an unbounded process memory. */
const JOURNAL_MAX_RESERVATIONS = 100_000;

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

export function reserve(account: string, lines: readonly SpendLine[]): Reservation {
	const reservation: Reservation = { lines, sentAtMs: Date.now() };
	let journal = journals.get(account);
	if (!journal) journals.set(account, (journal = new Set()));
	journal.add(reservation);
	return reservation;
}

export interface DailyPayout {
	itemIndex: number;
	settledCurrency: string;
	baseCurrency?: string;
	amount: number;
}

export interface DailyFigures {
	currency: string;
	limit: string;
	/** Paid out, or on its way, before this execution. */
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

/** History plus this process's reservations, per currency; a reservation history shows counts once, from history. */
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

/** What a payout counts against, or why not: an unnamed currency, or a fiat amount (no settled amount yet). */
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

/** Whether the sum counted a no-money record read earlier, not final: TYLT's record now may leave room. */
function countsEarlierNoMoney(readEarlier: ReadonlySet<PayoutRecord>): boolean {
	for (const record of readEarlier) {
		const { movedNoMoney, final } = countedRecord(record);
		if (movedNoMoney && !final) return true;
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

/** A refusal the sum decided (a currency the limit does not name, or a fiat amount, is refused on any history). */
function refusedOnTheSum(decision: DailyDecision): boolean {
	return !decision.fits && decision.figures.length > 0;
}

function dailyPayout({ itemIndex, body }: LimitedPayout): DailyPayout {
	return {
		itemIndex,
		settledCurrency: body.settledCurrency,
		baseCurrency: body.baseCurrency,
		amount: body.baseAmount,
	};
}
