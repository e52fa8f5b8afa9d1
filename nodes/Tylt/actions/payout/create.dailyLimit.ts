/**
 * Max Amount per 24 Hours in Payout → Create, after every item is checked and before anything is sent: TYLT's
 * history of the last 24 hours from a read made since the execution started (the duplicate guard's, else its
 * own, through the history cache), this process's reservations
 * on top, then the items in input order. An item that fits is reserved at once, with no wait between the sum
 * and the reservations, so an execution overlapping in this process counts it; one that does not fit gets an
 * item-named error and is not sent. Dry runs get the figures in their report, as if the whole run were real.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { LIMIT_FIELDS } from '../../../shared/spendingLimits/fields';
import type { NodeVoucher } from '../../../shared/spendingLimits/nodeVouchers';
import { readSpendingLimits, UnreadableLimitError } from '../../../shared/spendingLimits/parse';
import { decideDaily, spentInWindow, type DailyDecision } from '../../payout/dailyLimit';
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
import { CreateNotStarted } from '../../payout/createTraffic';
import {
	TyltCredentialRefusedError,
	TyltRefusedError,
	TyltStoppedError,
	TyltUnreachableError,
} from '../../transport/errors';
import { payoutsCreatedSince } from '../../payout/historyCache';
import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import type { CheckedPayout, ReadyPayout } from './create.check';
import { DailyLimitGate, DailyLimitRecheckRefusal } from './create.dailyGate';
import { paidOncePerReference } from './create.planned';

const LIMIT = LIMIT_FIELDS.maxAmountPer24Hours;

/**
 * The items after the limit: the ones it refuses (answered with their errors) and the rest, real ones that fit
 * holding their reservation and the execution's gate (`daily`), and dry runs holding the figures.
 */
export async function applyDailyLimit(
	this: IExecuteFunctions,
	scope: OperationScope,
	checked: readonly CheckedPayout[],
): Promise<{ answered: ItemOutcome[]; rest: CheckedPayout[] }> {
	const untouched = { answered: [], rest: [...checked] };
	if (checked.length === 0) return untouched;
	const limits = readSpendingLimits(await scope.spendingLimitTexts());
	// A limit that cannot be read refused every item already (create.limits.ts).
	if (limits instanceof UnreadableLimitError || limits.per24Hours === undefined) return untouched;
	const per24Hours = limits.per24Hours;

	const account = await scope.tyltAccount();
	const sending = paidOncePerReference(checked.filter((payout) => !payout.dryRunReport));
	let decisions: { sending: Map<number, DailyDecision>; asIfReal: Map<number, DailyDecision> };
	try {
		const first = checked[0];
		const history = await payoutsCreatedSince.call(this, account, {
			cutoffMs: Date.now() - DAILY_WINDOW_MS,
			// The duplicate guard's read of this execution serves, when it reaches back 24 hours: no second read.
			freshSinceMs: scope.startedMs,
			lookBackHours: 24,
			timeoutMs: first.options.timeoutMs,
			itemIndex: first.itemIndex,
			lookBackParameter: `the TYLT API credential's ${LIMIT}`,
		});
		// From the sum to the reservations below nothing waits: an overlapping execution sees all of them.
		const spent = spentInWindow(per24Hours, history, reservationsOf(account));
		decisions = {
			sending: decideDaily(per24Hours, spent, sending.map(dailyPayout)),
			// A dry item the per-payout limits refuse would not be sent by a real run: it takes no room.
			asIfReal: decideDaily(
				per24Hours,
				spent,
				paidOncePerReference(checked.filter((payout) => !refusedByLimits(payout))).map(dailyPayout),
			),
		};
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

	const gate = new DailyLimitGate(
		this,
		account,
		per24Hours,
		scope.startedMs,
		checked[0].options.timeoutMs,
	);
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
		else if (decision.fits)
			rest.push({ ...payout, daily: { reservation: reserve(account, decision.lines), gate } });
		else
			answered.push({
				itemIndex,
				error: overLimitError(this.getNode(), itemIndex, decision.reason),
			});
	}
	return { answered, rest };
}

/**
 * A reserved payout's create came back: a payout TYLT made keeps its room under its order ID (history shows it
 * by that ID, and it then counts once); a repeat the guard answered with an earlier payout frees it.
 */
export function settleSent(account: string, reservation: Reservation, output: IDataObject) {
	if (output.alreadySent === true) release(account, reservation);
	else if (output.orderId !== undefined && output.orderId !== null) {
		markSent(reservation, String(output.orderId));
	}
}

/**
 * A reserved payout's create failed: its room is freed only when nothing can have been made: the create never
 * started (an error before it: the guard's collision or hold, the batch's stop, the re-check at its turn), it
 * never left n8n or never connected (a stopped execution, an unreachable TYLT), TYLT refused it, or the
 * credential refused to sign it while no other request took its voucher. One in doubt keeps its room.
 */
export function settleFailed(
	account: string,
	reservation: Reservation,
	error: Error,
	voucher: NodeVoucher,
) {
	const neverStarted =
		reservation.sentAtMs === undefined ||
		error instanceof CreateNotStarted ||
		error instanceof DailyLimitRecheckRefusal;
	const neverArrived = error instanceof TyltStoppedError || error instanceof TyltUnreachableError;
	const notSigned = error instanceof TyltCredentialRefusedError && !voucher.taken;
	if (neverStarted || neverArrived || notSigned || error instanceof TyltRefusedError) {
		release(account, reservation);
	}
}

/** Reservations of payouts that were never handed to the send (an earlier error stopped the batch). */
export function releaseUnsent(
	account: string,
	reserved: readonly ReadyPayout[],
	sent: ReadonlySet<number>,
) {
	for (const payout of reserved) {
		if (payout.daily && !sent.has(payout.itemIndex)) {
			release(account, payout.daily.reservation);
		}
	}
}

function refusedByLimits({ dryRunReport }: CheckedPayout): boolean {
	return (dryRunReport?.spendingLimits as IDataObject | undefined)?.allowed === false;
}

function dailyPayout({ itemIndex, body }: CheckedPayout) {
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
