/**
 * Payout → Create: every item is checked first, in input order, before anything is sent (fields, the AI
 * agent's cap, the currency list, the duplicate guard's history read, the credential's per-payout limits; dry
 * runs answered); then the credential's Max Amount per 24 Hours; then Check Balance First plans from the items
 * left with one balance read; then the payouts go out (create.send.ts).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import { checkBalanceFirst } from './create.balanceCheck';
import { checkItem, type CheckedPayout } from './create.check';
import { applyDailyLimit, releaseUnsent } from './create.dailyLimit';
import { sendAll, tellWhatWasPaid } from './create.send';

export { description } from './create.panelV1';

export async function executeAll(
	this: IExecuteFunctions,
	itemIndexes: number[],
	scope: OperationScope,
): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	const checked: CheckedPayout[] = [];
	for (const itemIndex of itemIndexes) {
		try {
			checked.push(await checkItem.call(this, itemIndex, scope));
		} catch (error) {
			outcomes.push({ itemIndex, error: error as Error });
			if (!this.continueOnFail()) break;
		}
	}
	const limited = await applyDailyLimit.call(this, scope, checked);
	outcomes.push(...limited.answered);
	const { answered, ready } = await checkBalanceFirst.call(this, scope, limited.rest);
	outcomes.push(...answered);
	// Without Continue On Fail an item's error stops the items after it, as when items ran one at a time: the
	// payouts before it are still sent.
	const stopAt = this.continueOnFail() ? Infinity : firstErrorItem(outcomes);
	const sendable = ready.filter((payout) => payout.itemIndex < stopAt);
	const sent = sendable.length > 0 ? await sendAll.call(this, sendable, scope) : [];
	outcomes.push(...sent);
	if (limited.rest.some((payout) => payout.daily)) {
		releaseUnsent(
			await scope.tyltAccount(),
			limited.rest,
			new Set(sent.map((sentOne) => sentOne.itemIndex)),
		);
	}
	// Without Continue On Fail an error fails the execution, which then outputs none of these payouts.
	if (!this.continueOnFail()) tellWhatWasPaid(sent, outcomes);
	return outcomes;
}

function firstErrorItem(outcomes: readonly ItemOutcome[]): number {
	return outcomes.reduce(
		(first, outcome) => ('error' in outcome ? Math.min(first, outcome.itemIndex) : first),
		Infinity,
	);
}
