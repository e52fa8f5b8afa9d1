/**
 * Max Amount per 24 Hours, decided here and nowhere else (the rules: docs/credential.md): 1. the batch, before
 * anything is sent (decideBatch); 2. each create, in the traffic's one decision right before it starts, where it
 * reserves its room (room); 3. a reservation is given back only when its create was surely not made (CreateOutcome
 * `notMade`); 4. a refusal resting on a record read earlier and not final is decided again on a full read (decided).
 * The sum: spentInWindow.ts; the reservations: reservations.ts.
 */
import { type IExecuteFunctions, type INode, NodeOperationError } from 'n8n-workflow';

import {
	EXACT_ZERO,
	addExact,
	exactDecimal,
	exactText,
	subtractExact,
	type ExactDecimal,
} from '../../../shared/decimalText';
import { LIMIT_FIELDS } from '../../../shared/spendingLimits/fields';
import { nodeVoucherFor, offerNodeVoucher } from '../../../shared/spendingLimits/nodeVouchers';
import type { CurrencyLimits } from '../../../shared/spendingLimits/parse';
import type { CreateOutcome } from '../../transport/request';
import type { PayoutRecord, PayoutRequestBody } from '../../transport/records';
import type { StartCheck } from '../createTraffic';
import { payoutsCreatedSince, type PayoutsSince } from '../historyCache';
import * as journal from './reservations';
import { countsEarlierUnfinal, spentInWindow } from './spentInWindow';

const LIMIT = LIMIT_FIELDS.maxAmountPer24Hours;

/** A create that starts this long after the execution last looked at history looks again first. */
export const DAILY_RECHECK = { afterMs: 5 * 60_000 };

export type LimitedPayout = { itemIndex: number; body: PayoutRequestBody; reference: string };

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
		journal.assertRoomFor(this.account, fitting.length);
		return decision;
	}

	/** Step 2: look, then sum with every reservation now and reserve; only a reserved create gets a voucher. */
	room(payout: LimitedPayout): DailyRoom {
		const { itemIndex } = payout;
		const voucher = nodeVoucherFor(this.account, JSON.stringify(payout.body));
		let window: PayoutsSince | undefined;
		let reservation: journal.Reservation | undefined;
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
				reservation = journal.reserve(this.account, decision.lines, payout.reference);
			},
			voucherToken: () => {
				if (!reservation) return undefined;
				withdrawVoucher = offerNodeVoucher(voucher);
				return voucher.token;
			},
			createEnded: (attempt) => {
				withdrawVoucher?.();
				if (reservation && attempt.outcome === 'notMade')
					journal.giveBack(this.account, reservation);
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

	/** Decides on the last look; again on a full read when it counted a record read earlier, not final (step 4). */
	private async decided<Decision>(
		decide: (spent: Map<string, ExactDecimal>) => Decision,
		confirm: (decision: Decision) => boolean,
		itemIndex: number,
		forBatch = false,
	): Promise<{ window: PayoutsSince; decision: Decision }> {
		if (forBatch) this.lookAt(false, itemIndex, true);
		let window = await this.look.history;
		if (countsEarlierUnfinal(this.limits, window.readEarlier)) {
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
				cutoffMs: Date.now() - journal.DAILY_WINDOW_MS,
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
			journal.reservationsOf(this.account),
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
	| { fits: true; lines: journal.SpendLine[]; figures: DailyFigures[] }
	/** `reason` is phrased to follow "The payout of item N was not sent: ". */
	| { fits: false; reason: string; figures: DailyFigures[] };

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
function payoutLines(limits: CurrencyLimits, payout: DailyPayout): journal.SpendLine[] | string {
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
