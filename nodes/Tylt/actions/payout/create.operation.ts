/**
 * Payout → Create: check every item (its fields, the per-payout limits, the duplicate guard's verdicts), then Max
 * Amount per 24 Hours, then Check Balance First, then send: the checks Dry Run reports. In version 2 without
 * Continue On Fail, a batch in which any item fails these checks sends nothing, and one error says why.
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
	// Version 1 without Continue On Fail: an item's error stops the items after it; those before it are sent.
	const stopAt = this.continueOnFail() ? Infinity : firstErrorItem(outcomes);
	const sendable = ready.filter((payout) => payout.itemIndex < stopAt);
	const sent = sendable.length > 0 ? await sendAll.call(this, sendable, scope) : [];
	outcomes.push(...sent);
	if (!this.continueOnFail()) tellWhatWasPaid(sent, outcomes);
	return outcomes;
}

const REFUSED_ITEMS_NAMED = 20;

/** A version-2 batch that sent nothing: the refused items' own error when they share one, else each one's reason. */
function batchNotSentError(node: INode, outcomes: readonly ItemOutcome[]): Error {
	const refused = outcomes
		.flatMap((outcome) => ('error' in outcome ? [outcome] : []))
		.sort((a, b) => a.itemIndex - b.itemIndex);
	const count = refused.length;
	const named = refused.slice(0, REFUSED_ITEMS_NAMED);
	const more = count > REFUSED_ITEMS_NAMED ? ` and ${count - REFUSED_ITEMS_NAMED} more` : '';
	const items = `${count === 1 ? 'item' : 'items'} ${named.map((outcome) => outcome.itemIndex).join(', ')}${more}`;
	const nothingSent =
		'The whole batch is checked before anything is sent, so no payout of this execution reached TYLT.';
	if (new Set(refused.map((outcome) => outcome.error.message)).size === 1) {
		// An error such as a failed history read names no row: the user must learn which rows it refused.
		const error = refused[0].error as Error & { description?: string | null };
		const own = error.description ? `${error.description.replace(/[^.!?]$/, '$&.')} ` : '';
		error.description = `${own}Refused for this reason: ${items}. ${nothingSent}`;
		return error;
	}
	return new NodeOperationError(node, `No payout was sent: ${items} cannot be paid as they are`, {
		itemIndex: refused[0].itemIndex,
		description: [
			...named.map((outcome) => `Item ${outcome.itemIndex}: ${outcome.error.message}`),
			...(more ? [`(${count - REFUSED_ITEMS_NAMED} more not listed.)`] : []),
			`Fix them and run the workflow again. ${nothingSent}`,
		].join('\n'),
	});
}

function firstErrorItem(outcomes: readonly ItemOutcome[]): number {
	return outcomes.reduce(
		(first, outcome) => ('error' in outcome ? Math.min(first, outcome.itemIndex) : first),
		Infinity,
	);
}
