/**
 * Payout → Create: check every item (its fields, the per-payout limits, the duplicate guard's verdicts), then Max
 * Amount per 24 Hours, then Check Balance First, then send: the checks Dry Run reports. In version 2 without
 * Continue On Fail, a batch in which any item fails these checks sends nothing, and one error says why. A batch
 * with no step over all its rows sends each row once its own checks pass (decidedRowByRow).
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readSpendingLimits, UnreadableLimitError } from '../../../shared/spendingLimits/parse';
import { hasPanelV2 } from '../nodeVersion';
import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import { checkBalanceFirst } from './create.balanceCheck';
import { checkItem, type CheckedPayout } from './create.check';
import { applyDailyLimit } from './create.dailyLimit';
import { batchOptionsSharedByEveryRow } from './create.options';
import { concurrencyOf, type NextPayout, sendAll, tellWhatWasPaid } from './create.send';

export { description } from './create.description';

export async function executeAll(
	this: IExecuteFunctions,
	itemIndexes: number[],
	scope: OperationScope,
): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	const wholeBatchOrNothing = hasPanelV2(this) && !this.continueOnFail();
	const rows = checkedRows.call(this, itemIndexes, scope, outcomes, {
		stopAtError: !this.continueOnFail() && !wholeBatchOrNothing,
	});
	const first = (await rows.next()).value ?? undefined;
	const sent =
		first && (await decidedRowByRow.call(this, scope, first, wholeBatchOrNothing))
			? await sendAsChecked.call(this, first, rows, scope)
			: await sendAfterWholeBatch.call(this, first, rows, scope, outcomes, wholeBatchOrNothing);
	outcomes.push(...sent);
	if (!this.continueOnFail()) tellWhatWasPaid(sent, outcomes);
	return outcomes;
}

/**
 * The items' checks in input order, one row at a time as the consumer asks; a refused item's error goes into
 * `outcomes`, and with `stopAtError` ends the rows there.
 */
async function* checkedRows(
	this: IExecuteFunctions,
	itemIndexes: readonly number[],
	scope: OperationScope,
	outcomes: ItemOutcome[],
	{ stopAtError }: { stopAtError: boolean },
): AsyncGenerator<CheckedPayout, void, undefined> {
	for (const itemIndex of itemIndexes) {
		let checked: CheckedPayout;
		try {
			checked = await checkItem.call(this, itemIndex, scope);
		} catch (error) {
			outcomes.push({ itemIndex, error: error as Error });
			if (stopAtError) return;
			continue;
		}
		yield checked;
	}
}

/**
 * Whether a row may be sent once its own checks pass, while later rows are still read: only when no step decides
 * over the whole batch (version 2's verdict, Check Balance First, Max Amount per 24 Hours, Dry Run) and the options
 * that set the batch's pace are plain values, so every row reads them as the first checked row did. Each row then
 * meets the same checks, in the same order, as when every row is checked first (the guard's verdict is frozen
 * before the batch's first create), so the same rows are paid; n8n's reading of the rows' expressions
 * overlaps the creates instead of coming before them all. Anything not proven checks the whole batch first.
 */
async function decidedRowByRow(
	this: IExecuteFunctions,
	scope: OperationScope,
	first: CheckedPayout,
	wholeBatchOrNothing: boolean,
): Promise<boolean> {
	if (wholeBatchOrNothing || first.options.checkBalanceFirst || first.options.dryRun) return false;
	if (!batchOptionsSharedByEveryRow(this)) return false;
	const limits = readSpendingLimits(await scope.spendingLimitTexts());
	return !(limits instanceof UnreadableLimitError) && limits.per24Hours === undefined;
}

/**
 * Each row goes out as soon as it is checked, at the first row's pace, which is every row's (decidedRowByRow); the
 * guard's verdict is frozen before the first create, as it stood for a batch checked whole.
 */
async function sendAsChecked(
	this: IExecuteFunctions,
	first: CheckedPayout,
	rest: AsyncGenerator<CheckedPayout, void, undefined>,
	scope: OperationScope,
): Promise<ItemOutcome[]> {
	if (first.guard) scope.freezeGuardVerdict();
	let firstTaken = false;
	const nextPayout: NextPayout = async () => {
		if (!firstTaken) {
			firstTaken = true;
			return first;
		}
		const next = await rest.next();
		return next.done ? undefined : next.value;
	};
	return await sendAll.call(this, nextPayout, concurrencyOf([first]), scope);
}

/**
 * Every row checked, then the steps over the whole batch (Max Amount per 24 Hours, Check Balance First, version
 * 2's verdict), then the rows they let through are sent.
 */
async function sendAfterWholeBatch(
	this: IExecuteFunctions,
	first: CheckedPayout | undefined,
	rest: AsyncGenerator<CheckedPayout, void, undefined>,
	scope: OperationScope,
	outcomes: ItemOutcome[],
	wholeBatchOrNothing: boolean,
): Promise<ItemOutcome[]> {
	const checked = first ? [first] : [];
	for await (const row of rest) checked.push(row);
	const limited = await applyDailyLimit.call(this, scope, checked);
	outcomes.push(...limited.answered);
	const { answered, ready } = await checkBalanceFirst.call(this, scope, limited.rest);
	outcomes.push(...answered);
	// Version 2's verdict: the one error stands for every item (router.ts answers each with it).
	if (wholeBatchOrNothing && outcomes.some((outcome) => 'error' in outcome)) {
		throw batchNotSentError(this.getNode(), outcomes);
	}
	// Version 1 without Continue On Fail: an item's error stops the items after it; those before it are sent.
	const stopAt = this.continueOnFail() ? Infinity : firstErrorItem(outcomes);
	const sendable = ready.filter((payout) => payout.itemIndex < stopAt);
	if (sendable.length === 0) return [];
	let next = 0;
	const nextPayout: NextPayout = async () => sendable[next++];
	return await sendAll.call(
		this,
		nextPayout,
		Math.min(concurrencyOf(sendable), sendable.length),
		scope,
	);
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
