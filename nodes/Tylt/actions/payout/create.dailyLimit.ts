/**
 * Max Amount per 24 Hours in Payout → Create, decided twice with one rule (payout/dailyLimit.ts):
 * 1. for the batch, after every item is checked and before anything is sent: TYLT's history of the last 24 hours
 *    (the duplicate guard's read of this execution, else its own, through the history cache), this process's
 *    payouts on their way, then the items in input order. An item that does not fit gets an item-named error
 *    and is not sent; dry runs get the figures in their report, as if the whole run were real;
 * 2. for each create, as part of the traffic's decision right before it starts (createTraffic.ts): the same sum
 *    with this process's payouts on their way by then, on history looked at again when the last look is older
 *    than DAILY_RECHECK.afterMs. A create that fits reserves its room there, with nothing awaited between the sum
 *    and the reservation, so creates of overlapping executions in this process always count each other.
 * A reservation lasts the window from its create's start, and is given back in one case only: the create's error
 * proves no payout was made.
 * Between full reads the history cache re-reads only the top of history, so a payout below it is as an earlier read
 * showed it. The sum counts such a payout even when its status said it moved no money, unless its record was
 * final (TYLT may show it debited now); when that refuses a payout, or a dry run reports the figures, the window
 * is read in full and decided again (decidedOnHistory).
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { LIMIT_FIELDS } from '../../../shared/spendingLimits/fields';
import type { CurrencyLimits } from '../../../shared/spendingLimits/parse';
import { readSpendingLimits, UnreadableLimitError } from '../../../shared/spendingLimits/parse';
import type { StartCheck } from '../../payout/createTraffic';
import {
	countsEarlierNoMoney,
	decideDaily,
	spentInWindow,
	type DailyDecision,
	type DailyPayout,
} from '../../payout/dailyLimit';
import {
	DAILY_WINDOW_MS,
	JOURNAL_MAX_RESERVATIONS,
	journalHasRoom,
	markSent,
	release,
	reservationsOf,
	reserve,
	type Reservation,
} from '../../payout/dailySpendJournal';
import { payoutsCreatedSince, type PayoutsSince } from '../../payout/historyCache';
import {
	TyltCredentialRefusedError,
	TyltRefusedError,
	TyltStoppedError,
	TyltUnreachableError,
} from '../../transport/errors';
import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import { type CheckedPayout, type DailyStartCheck, paidOncePerReference } from './create.check';

const LIMIT = LIMIT_FIELDS.maxAmountPer24Hours;

/** A create that starts this long after the execution last looked at history looks again first. */
export const DAILY_RECHECK = { afterMs: 5 * 60_000 };

/** A create the decision at its start kept from starting: nothing was sent for it. */
export class DailyLimitRecheckRefusal extends NodeOperationError {}

/**
 * The items after the batch's decision: the ones it refuses (answered with their errors) and the rest, real ones
 * that fit holding the execution's gate (`daily`), and dry runs holding the figures.
 */
export async function applyDailyLimit(
	this: IExecuteFunctions,
	scope: OperationScope,
	checked: readonly CheckedPayout[],
): Promise<{ answered: ItemOutcome[]; rest: CheckedPayout[] }> {
	const untouched = { answered: [], rest: [...checked] };
	if (checked.length === 0) return untouched;
	const limits = readSpendingLimits(await scope.spendingLimitTexts());
	// A limit that cannot be read refused every item already (create.check.ts).
	if (limits instanceof UnreadableLimitError || limits.per24Hours === undefined) return untouched;
	const per24Hours = limits.per24Hours;

	const account = await scope.tyltAccount();
	const sending = paidOncePerReference(checked.filter((payout) => !payout.dryRunReport));
	let decisions: { sending: Map<number, DailyDecision>; asIfReal: Map<number, DailyDecision> };
	let window: PayoutsSince;
	try {
		const first = checked[0];
		const read = (inFull: boolean) =>
			payoutsCreatedSince.call(this, account, {
				cutoffMs: Date.now() - DAILY_WINDOW_MS,
				// The duplicate guard's read of this execution serves, when it reaches back 24 hours: no second read.
				freshSinceMs: scope.startedMs,
				inFull,
				lookBackHours: 24,
				timeoutMs: first.options.timeoutMs,
				itemIndex: first.itemIndex,
				lookBackParameter: `the TYLT API credential's ${LIMIT}`,
			});
		const decide = (history: PayoutsSince) => {
			const spent = spentInWindow(
				per24Hours,
				history.records,
				reservationsOf(account),
				history.readEarlier,
			);
			return {
				sending: decideDaily(per24Hours, spent, sending.map(dailyPayout)),
				// A dry item the per-payout limits refuse would not be sent by a real run: it takes no room.
				asIfReal: decideDaily(
					per24Hours,
					spent,
					paidOncePerReference(checked.filter((payout) => !refusedByLimits(payout))).map(
						dailyPayout,
					),
				),
			};
		};
		// A dry run's figures are what TYLT shows now, whatever the amount asked.
		const reportsFigures = checked.some((payout) => payout.dryRunReport);
		({ window, decision: decisions } = await decidedOnHistory(
			read,
			decide,
			(decided) =>
				reportsFigures ||
				[...decided.sending.values(), ...decided.asIfReal.values()].some(refusedOnTheSum),
		));
		const fitting = sending.filter((payout) => decisions.sending.get(payout.itemIndex)?.fits);
		if (!journalHasRoom(account, fitting.length)) {
			throw new Error(
				`this n8n process already holds ${JOURNAL_MAX_RESERVATIONS} payouts of the last 24 hours in memory`,
			);
		}
	} catch (error) {
		const node = this.getNode();
		return {
			answered: checked.map(({ itemIndex }) => ({
				itemIndex,
				error: uncheckableError(node, itemIndex, error as Error),
			})),
			rest: [],
		};
	}

	const gate = new DailyLimitGate(this, account, per24Hours, {
		atMs: scope.startedMs,
		history: window,
		timeoutMs: checked[0].options.timeoutMs,
	});
	const answered: ItemOutcome[] = [];
	const rest: CheckedPayout[] = [];
	for (const payout of checked) {
		const { itemIndex } = payout;
		if (payout.dryRunReport) {
			const decision = decisions.asIfReal.get(itemIndex);
			rest.push(
				decision ? { ...payout, dryRunReport: withDaily(payout.dryRunReport, decision) } : payout,
			);
			continue;
		}
		const decision = decisions.sending.get(itemIndex);
		if (decision === undefined)
			rest.push(payout); // a repeat of a paid reference: nothing to send
		else if (decision.fits) rest.push({ ...payout, daily: gate });
		else
			answered.push({
				itemIndex,
				error: overLimitError(this.getNode(), itemIndex, decision.reason),
			});
	}
	return { answered, rest };
}

/**
 * Decides on the window as the history cache has it. When the sum counted a payout that an earlier read showed as
 * moving no money, not final, and the decision refuses a payout (or cannot be made, or `confirm` asks for it),
 * reads the window in full and decides again: a refusal rests on what TYLT shows now, and a payout that has since
 * moved money is never left out.
 */
async function decidedOnHistory<Decision>(
	read: (inFull: boolean) => Promise<PayoutsSince>,
	decide: (window: PayoutsSince) => Decision,
	confirm: (decision: Decision) => boolean,
): Promise<{ window: PayoutsSince; decision: Decision }> {
	const window = await read(false);
	if (!countsEarlierNoMoney(window.readEarlier)) return { window, decision: decide(window) };
	try {
		const decision = decide(window);
		if (!confirm(decision)) return { window, decision };
	} catch {
		// A record that cannot be counted may read differently now: the full read below decides.
	}
	const full = await read(true);
	return { window: full, decision: decide(full) };
}

/** The limit at each create's start, for the creates of one execution. */
export class DailyLimitGate implements DailyStartCheck {
	/** The history the last decision was made on, when it was read (at the latest), and whether in full. */
	private look: { atMs: number; inFull: boolean; history: Promise<PayoutsSince> };

	private readonly timeoutMs: number | undefined;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly account: string,
		private readonly limits: CurrencyLimits,
		batchLook: { atMs: number; history: PayoutsSince; timeoutMs: number | undefined },
	) {
		this.look = {
			atMs: batchLook.atMs,
			inFull: false,
			history: Promise.resolve(batchLook.history),
		};
		this.timeoutMs = batchLook.timeoutMs;
	}

	/**
	 * The create's part of the traffic's decision: `prepare` looks at history again when the last look is stale (one
	 * read serves the creates of the next minutes), waited for with the batch's other waits; `decide` sums and
	 * reserves. Either refuses with DailyLimitRecheckRefusal, and nothing is sent. `reserved` is the reservation
	 * once the create may start.
	 */
	startCheck(payout: Pick<CheckedPayout, 'itemIndex' | 'body'>): StartCheck & {
		reserved: () => Reservation | undefined;
	} {
		let history: PayoutsSince | undefined;
		let reservation: Reservation | undefined;
		return {
			prepare: async () => {
				history = await this.beforeCreate(payout);
			},
			decide: () => {
				reservation = this.reserveRoom(payout, history as PayoutsSince);
			},
			reserved: () => reservation,
		};
	}

	/**
	 * The history to decide on: the last look, or a new one when that is older than DAILY_RECHECK.afterMs; read in
	 * full when this payout would be refused on a no-money status an earlier read showed (decidedOnHistory).
	 */
	async beforeCreate(payout: Pick<CheckedPayout, 'itemIndex' | 'body'>): Promise<PayoutsSince> {
		const { itemIndex } = payout;
		if (Date.now() - this.look.atMs > DAILY_RECHECK.afterMs) this.lookAgain(itemIndex, false);
		const read = async (inFull: boolean) => {
			if (inFull && !this.look.inFull) this.lookAgain(itemIndex, true);
			return await this.look.history;
		};
		try {
			const { window } = await decidedOnHistory(
				read,
				(window) => this.decision(payout, window),
				(decision) => decision === undefined || refusedOnTheSum(decision),
			);
			return window;
		} catch (error) {
			throw this.refusal(itemIndex, `it could not be checked again (${(error as Error).message})`);
		}
	}

	private lookAgain(itemIndex: number, inFull: boolean) {
		const atMs = Date.now();
		this.look = {
			atMs,
			inFull,
			history: payoutsCreatedSince.call(this.context, this.account, {
				cutoffMs: atMs - DAILY_WINDOW_MS,
				inFull,
				lookBackHours: 24,
				timeoutMs: this.timeoutMs,
				itemIndex,
			}),
		};
	}

	private decision(
		payout: Pick<CheckedPayout, 'itemIndex' | 'body'>,
		history: PayoutsSince,
	): DailyDecision | undefined {
		const spent = spentInWindow(
			this.limits,
			history.records,
			reservationsOf(this.account),
			history.readEarlier,
		);
		return decideDaily(this.limits, spent, [dailyPayout(payout)]).get(payout.itemIndex);
	}

	/** Sums the window with every reservation of this process and reserves this payout's room, or refuses it. */
	private reserveRoom(
		payout: Pick<CheckedPayout, 'itemIndex' | 'body'>,
		history: PayoutsSince,
	): Reservation {
		let decision: DailyDecision | undefined;
		try {
			decision = this.decision(payout, history);
		} catch (error) {
			throw this.refusal(
				payout.itemIndex,
				`it could not be checked again (${(error as Error).message})`,
			);
		}
		if (decision?.fits) return reserve(this.account, decision.lines);
		throw this.refusal(
			payout.itemIndex,
			`${decision?.reason ?? 'it could not be checked again'}. Payouts made since this execution decided took the room`,
		);
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

/**
 * A reserved create came back with a payout: it keeps its room under its order ID (history shows it by that ID,
 * and it then counts once).
 */
export function settleSent(reservation: Reservation, output: IDataObject) {
	if (output.orderId !== undefined && output.orderId !== null) {
		markSent(reservation, String(output.orderId));
	}
}

/**
 * A reserved create failed: its room is given back only when its error proves no payout was made: TYLT refused
 * it, the credential refused to sign it, or it never left n8n or never connected. (The room's voucher is good for
 * this create's own request only, so no other request can have paid with it.)
 */
export function settleFailed(account: string, reservation: Reservation, error: Error) {
	const madeNoPayout =
		error instanceof TyltRefusedError ||
		error instanceof TyltCredentialRefusedError ||
		error instanceof TyltStoppedError ||
		error instanceof TyltUnreachableError;
	if (madeNoPayout) release(account, reservation);
}

/** A refusal the sum decided (a currency the limit does not name, or a fiat amount, is refused on any history). */
function refusedOnTheSum(decision: DailyDecision): boolean {
	return !decision.fits && decision.figures.length > 0;
}

function refusedByLimits({ dryRunReport }: CheckedPayout): boolean {
	return (dryRunReport?.spendingLimits as IDataObject | undefined)?.allowed === false;
}

function dailyPayout({ itemIndex, body }: Pick<CheckedPayout, 'itemIndex' | 'body'>): DailyPayout {
	return {
		itemIndex,
		settledCurrency: body.settledCurrency,
		baseCurrency: body.baseCurrency,
		amount: body.baseAmount,
	};
}

/** A dry run's report with the limit's figures: a real run would not send a payout that does not fit. */
function withDaily(report: IDataObject, decision: DailyDecision): IDataObject {
	const earlier = (report.spendingLimits as IDataObject | undefined) ?? { allowed: true };
	return {
		...report,
		wouldSend: report.wouldSend === true && decision.fits,
		spendingLimits: {
			...earlier,
			allowed: earlier.allowed === true && decision.fits,
			...(decision.fits || earlier.refusedBecause ? {} : { refusedBecause: decision.reason }),
			last24Hours: decision.figures as unknown as IDataObject[],
		},
	};
}

function overLimitError(node: INode, itemIndex: number, reason: string): NodeOperationError {
	return new NodeOperationError(
		node,
		`The payout of item ${itemIndex} was not sent: the TYLT API credential's ${LIMIT} refuses it: ${reason}`,
		{
			itemIndex,
			description: `${LIMIT} adds up the payouts TYLT's history shows for the last 24 hours (however they were made; not those whose status says they moved no money: Failed, Cancelled, Expired, Rejected) and this execution's payouts before this item. Nothing was sent to TYLT for this item.`,
		},
	);
}

function uncheckableError(node: INode, itemIndex: number, cause: Error): NodeOperationError {
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
