/**
 * Max Amount per 24 Hours for the creates of a batch that outlives its decision. The limit is decided for every
 * item before the first create (create.dailyLimit.ts); a paced batch may start a create hours later, and a payout
 * made elsewhere meanwhile (the dashboard, another worker) must count before it. So a create that starts more
 * than DAILY_RECHECK_AFTER_MS after the execution last looked at history looks again first (one fresh read
 * serves the creates of the next few minutes), and is not sent when the last 24 hours, this process's
 * reservations included, no longer leave room for it.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	compareExact,
	EXACT_ZERO,
	exactText,
	type ExactDecimal,
} from '../../../shared/decimalText';
import { LIMIT_FIELDS } from '../../../shared/spendingLimits/fields';
import type { CurrencyLimits } from '../../../shared/spendingLimits/parse';
import { spentInWindow } from '../../payout/dailyLimit';
import type { StartCheck } from '../../payout/createTraffic';
import {
	DAILY_WINDOW_MS,
	markSending,
	release,
	reservationsOf,
	type Reservation,
} from '../../payout/dailySpendJournal';
import { payoutsCreatedSince } from '../../payout/historyCache';
import type { PayoutRecord } from '../../transport/records';

/** A create that starts this long after the execution last looked at history looks again first. */
export const DAILY_RECHECK = { afterMs: 5 * 60_000 };

const LIMIT = LIMIT_FIELDS.maxAmountPer24Hours;

/** A create the re-check kept from starting: nothing was sent for it, and its room is free again. */
export class DailyLimitRecheckRefusal extends NodeOperationError {}

export class DailyLimitGate {
	private look: { atMs: number; history: Promise<PayoutRecord[]> | undefined };

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly account: string,
		private readonly limits: CurrencyLimits,
		/** When the history the execution decided on was read (at the latest). */
		decidedOnHistoryOfMs: number,
		private readonly timeoutMs: number | undefined,
	) {
		this.look = { atMs: decidedOnHistoryOfMs, history: undefined };
	}

	/**
	 * The create's part of the traffic's decision before it starts (createTraffic.ts): a look at history when the
	 * last one is stale, waited for with the batch's other waits, then the room, decided with nothing awaited
	 * before the request. Either refuses with DailyLimitRecheckRefusal (nothing is sent, the room is freed).
	 */
	startCheck(itemIndex: number, reservation: Reservation): StartCheck {
		let history: PayoutRecord[] | undefined;
		return {
			prepare: async () => {
				history = await this.beforeCreate(itemIndex, reservation);
			},
			decide: () => {
				if (history) this.refuseWithoutRoom(itemIndex, reservation, history);
				markSending(reservation);
			},
		};
	}

	/**
	 * The history to decide on: a fresh read when the last look is older than DAILY_RECHECK.afterMs (one read serves
	 * the creates of the next minutes); undefined within minutes of the execution's own decision, which holds.
	 */
	async beforeCreate(
		itemIndex: number,
		reservation: Reservation,
	): Promise<PayoutRecord[] | undefined> {
		const stale = Date.now() - this.look.atMs > DAILY_RECHECK.afterMs;
		if (stale) {
			const atMs = Date.now();
			this.look = {
				atMs,
				history: payoutsCreatedSince.call(this.context, this.account, {
					cutoffMs: atMs - DAILY_WINDOW_MS,
					lookBackHours: 24,
					timeoutMs: this.timeoutMs,
					itemIndex,
				}),
			};
		}
		try {
			return await this.look.history;
		} catch (error) {
			throw this.refusal(
				itemIndex,
				reservation,
				`it could not be checked again (${(error as Error).message})`,
			);
		}
	}

	/** Refuses the create when the last 24 hours, with every reservation of this process, leave no room for it. */
	private refuseWithoutRoom(
		itemIndex: number,
		reservation: Reservation,
		history: PayoutRecord[],
	): void {
		let spent: Map<string, ExactDecimal>;
		try {
			spent = spentInWindow(this.limits, history, reservationsOf(this.account));
		} catch (error) {
			throw this.refusal(
				itemIndex,
				reservation,
				`it could not be checked again (${(error as Error).message})`,
			);
		}
		// The sum holds this payout's own reservation, and those of every payout of this process not yet settled.
		for (const { currency } of reservation.lines) {
			const limit = this.limits.get(currency) as ExactDecimal;
			const total = spent.get(currency) ?? EXACT_ZERO;
			if (compareExact(total, limit) > 0) {
				throw this.refusal(
					itemIndex,
					reservation,
					`the last 24 hours now hold ${exactText(total)} ${currency} with this payout and the ones this n8n process has on their way, above ${LIMIT} for ${currency} (${exactText(limit)} ${currency}): payouts made since this execution decided took the room`,
				);
			}
		}
	}

	/**
	 * The refusal, with the room freed at once: creates of the batch re-checked on the same read see it, so one
	 * refusal does not take the others with it.
	 */
	private refusal(
		itemIndex: number,
		reservation: Reservation,
		reason: string,
	): DailyLimitRecheckRefusal {
		release(this.account, reservation);
		return new DailyLimitRecheckRefusal(
			this.context.getNode(),
			`The payout of item ${itemIndex} was not sent: the TYLT API credential's ${LIMIT} refuses it at its turn: ${reason}`,
			{
				itemIndex,
				description: `A payout that starts more than ${DAILY_RECHECK.afterMs / 60_000} minutes after its execution looked at TYLT's history is checked against it again first. Nothing was sent to TYLT for this item.`,
			},
		);
	}
}
