/**
 * Payout → Create's step for Max Amount per 24 Hours (decided in payout/limits/dailyLimit.ts): an item that does
 * not fit is answered with its error, the rest carry the limit; dry runs get the figures as if the whole run were
 * real.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readSpendingLimits, UnreadableLimitError } from '../../../shared/spendingLimits/parse';
import {
	DailyLimit,
	type DailyDecision,
	overLimitError,
	uncheckableError,
} from '../../payout/limits/dailyLimit';
import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import { type CheckedPayout, paidOncePerReference } from './create.check';

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

	const first = checked[0];
	const daily = new DailyLimit(this, await scope.tyltAccount(), limits.per24Hours, {
		startedMs: scope.startedMs,
		itemIndex: first.itemIndex,
		timeoutMs: first.options.timeoutMs,
	});
	let decisions: Record<'sending' | 'asIfReal', Map<number, DailyDecision>>;
	try {
		decisions = await daily.decideBatch(
			paidOncePerReference(checked.filter((payout) => !payout.dryRunReport)),
			// A dry item the per-payout limits refuse would not be sent by a real run: it takes no room.
			paidOncePerReference(checked.filter((payout) => !refusedByLimits(payout))),
			checked.some((payout) => payout.dryRunReport),
		);
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
		// Every row the limit does not refuse carries it: one the batch counted as the guard's skip (a repeat of a
		// reference, one held in doubt) may still be sent when its turn comes, and then takes its room as any create.
		if (decision === undefined || decision.fits) rest.push({ ...payout, daily });
		else
			answered.push({
				itemIndex,
				error: overLimitError(this.getNode(), itemIndex, decision.reason),
			});
	}
	return { answered, rest };
}

function refusedByLimits({ dryRunReport }: CheckedPayout): boolean {
	return (dryRunReport?.spendingLimits as IDataObject | undefined)?.allowed === false;
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
