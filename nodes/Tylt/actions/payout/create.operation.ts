/**
 * Payout → Create: every item is checked first, in input order, before anything is sent (fields, the AI
 * agent's cap, the currency list, the duplicate guard's history read, the credential's per-payout limits; dry
 * runs answered); then the credential's Max Amount per 24 Hours; then Check Balance First plans from the items
 * left with one balance read; then the payouts go out (create.send.ts). In version 2 without Continue On Fail, a
 * batch in which any item fails these checks sends nothing, and one error names every such item.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { hasPanelV2 } from '../nodeVersion';
import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import { checkBalanceFirst } from './create.balanceCheck';
import { checkItem, type CheckedPayout } from './create.check';
import { applyDailyLimit } from './create.dailyLimit';
import { sendAll, tellWhatWasPaid } from './create.send';

export { description } from './create.description';

export async function executeAll(
	this: IExecuteFunctions,
	itemIndexes: number[],
	scope: OperationScope,
): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	const checked: CheckedPayout[] = [];
	const wholeBatchOrNothing = hasPanelV2(this) && !this.continueOnFail();
	for (const itemIndex of itemIndexes) {
		try {
			checked.push(await checkItem.call(this, itemIndex, scope));
		} catch (error) {
			outcomes.push({ itemIndex, error: error as Error });
			if (!this.continueOnFail() && !wholeBatchOrNothing) break;
		}
	}
	const limited = await applyDailyLimit.call(this, scope, checked);
	outcomes.push(...limited.answered);
	const { answered, ready } = await checkBalanceFirst.call(this, scope, limited.rest);
	outcomes.push(...answered);
	if (wholeBatchOrNothing && outcomes.some((outcome) => 'error' in outcome)) {
		const error = batchNotSentError(this.getNode(), outcomes);
		return itemIndexes.map((itemIndex) => ({ itemIndex, error }));
	}
	// Version 1 without Continue On Fail: an item's error stops the items after it, as when items ran one at a
	// time; the payouts before it are still sent.
	const stopAt = this.continueOnFail() ? Infinity : firstErrorItem(outcomes);
	const sendable = ready.filter((payout) => payout.itemIndex < stopAt);
	const sent = sendable.length > 0 ? await sendAll.call(this, sendable, scope) : [];
	outcomes.push(...sent);
	// Without Continue On Fail an error fails the execution, which then outputs none of these payouts.
	if (!this.continueOnFail()) tellWhatWasPaid(sent, outcomes);
	return outcomes;
}

/** How many refused items the batch's error names one by one; the rest are counted. */
const REFUSED_ITEMS_NAMED = 20;

/**
 * One error for a version-2 batch that sent nothing: the refused items' own error when they share one reason, told
 * that nothing of the batch went out; otherwise every refused item with its own reason.
 */
function batchNotSentError(node: INode, outcomes: readonly ItemOutcome[]): Error {
	const refused = outcomes
		.flatMap((outcome) => ('error' in outcome ? [outcome] : []))
		.sort((a, b) => a.itemIndex - b.itemIndex);
	const nothingSent =
		'The whole batch is checked before anything is sent, so no payout of this execution reached TYLT.';
	// One reason for every refused item (Check Balance First's shortfall, an unreadable currency list): its own error.
	if (new Set(refused.map((outcome) => outcome.error.message)).size === 1) {
		const error = refused[0].error as Error & { description?: string | null };
		error.description = error.description ? `${error.description} ${nothingSent}` : nothingSent;
		return error;
	}
	const count = refused.length;
	const named = refused.slice(0, REFUSED_ITEMS_NAMED);
	const more = count > REFUSED_ITEMS_NAMED ? ` and ${count - REFUSED_ITEMS_NAMED} more` : '';
	return new NodeOperationError(
		node,
		`No payout was sent: items ${named.map((outcome) => outcome.itemIndex).join(', ')}${more} cannot be paid as they are`,
		{
			itemIndex: refused[0].itemIndex,
			description: [
				...named.map((outcome) => `Item ${outcome.itemIndex}: ${outcome.error.message}`),
				...(more ? [`(${count - REFUSED_ITEMS_NAMED} more not listed.)`] : []),
				`Fix them and run the workflow again. ${nothingSent}`,
			].join('\n'),
		},
	);
}

function firstErrorItem(outcomes: readonly ItemOutcome[]): number {
	return outcomes.reduce(
		(first, outcome) => ('error' in outcome ? Math.min(first, outcome.itemIndex) : first),
		Infinity,
	);
}
