/** Payout → Create's sending step: the checked payouts go out through CreateTraffic, in input order. */
import {
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	NodeOperationError,
} from 'n8n-workflow';

import { cancelSignalOf } from '../../../shared/pause';
import { CreateNotStarted, CreateTraffic, type CreateTurn } from '../../payout/createTraffic';
import { decideBeforeCreate, type GuardedOutcome, settleCreate } from '../../payout/guard';
import { markInDoubt, rememberSent } from '../../payout/processMemory';
import { createPayoutRequest } from '../../transport/calls';
import type { CreateOutcome } from '../../transport/request';
import type { PayoutRecord } from '../../transport/records';
import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import type { ReadyPayout } from './create.check';
import { decisionFirst } from '../decisionFirst';
import { hasPanelV2 } from '../nodeVersion';

/**
 * The payouts to send, taken one at a time in input order as slots free up; `undefined` when there are no more. A
 * row taken may be checked only then (create.operation.ts), so reading the next one may take a moment.
 */
export type NextPayout = () => Promise<ReadyPayout | undefined>;

/** One outcome per item; creates already on their way when the batch stops finish and are recorded. */
export async function sendAll(
	this: IExecuteFunctions,
	nextPayout: NextPayout,
	concurrency: number,
	scope: OperationScope,
): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	const traffic = new CreateTraffic(concurrency, cancelSignalOf(this), !this.continueOnFail());
	// Once: n8n deep-copies the node for every getNode, and this batch may be 1,000 creates.
	const panelV2 = hasPanelV2(this);
	const lastOfReference = new Map<string, Promise<void>>();
	/** What a payout the batch's stop kept from starting names as the reason. */
	let firstError: { itemIndex: number; error: Error } | undefined;
	const sendNext = async () => {
		while (!traffic.isStopped) {
			const payout = await nextPayout();
			if (payout === undefined) return;
			const earlier = lastOfReference.get(payout.reference);
			// The later row of a reference starts once this one's outcome is recorded (and the batch's stop, if any).
			let recorded!: () => void;
			lastOfReference.set(payout.reference, new Promise((resolve) => (recorded = resolve)));
			const turn = traffic.turn();
			try {
				await earlier;
				outcomes.push({
					itemIndex: payout.itemIndex,
					output: await send.call(this, payout, turn, scope, panelV2),
				});
				turn.end();
			} catch (error) {
				firstError ??= { itemIndex: payout.itemIndex, error };
				outcomes.push({
					itemIndex: payout.itemIndex,
					error:
						error instanceof CreateNotStarted
							? notStartedError(this.getNode(), payout.itemIndex, firstError)
							: error,
				});
				turn.end(error);
			} finally {
				recorded();
			}
		}
	};
	await Promise.all(Array.from({ length: concurrency }, sendNext));
	return outcomes;
}

const PAID_ITEMS_NAMED = 20;

/** A failed execution outputs none of its payouts: every error of the batch names the items paid all the same. */
export function tellWhatWasPaid(
	sent: readonly ItemOutcome[],
	outcomes: readonly ItemOutcome[],
): void {
	// Only creates count: a dry run's report says alreadySent false too, and nothing was paid for it.
	const paid = sent
		.filter((outcome) => 'output' in outcome && outcome.output[0]?.json.alreadySent === false)
		.map((outcome) => outcome.itemIndex)
		.sort((a, b) => a - b);
	if (paid.length === 0) return;
	const named = paid.slice(0, PAID_ITEMS_NAMED).join(', ');
	const more = paid.length > PAID_ITEMS_NAMED ? ` and ${paid.length - PAID_ITEMS_NAMED} more` : '';
	const note = `Paid in this execution all the same: item${paid.length === 1 ? '' : 's'} ${named}${more}. A run again with Duplicate Guard on outputs ${paid.length === 1 ? 'it' : 'them'} with alreadySent true instead of paying again.`;
	const errors = new Set(
		outcomes.flatMap((outcome) => ('error' in outcome ? [outcome.error] : [])),
	);
	for (const error of errors as Set<Error & { description?: string | null }>) {
		error.description = error.description ? `${error.description} ${note}` : note;
	}
}

/** Nothing reached TYLT for it, so it is "not sent", never in doubt. */
function notStartedError(
	node: INode,
	itemIndex: number,
	stop: { itemIndex: number; error: Error },
): NodeOperationError {
	return new NodeOperationError(
		node,
		`The payout of item ${itemIndex} was not sent: the error of item ${stop.itemIndex} stopped the batch before it started (${stop.error.message})`,
		{
			itemIndex,
			description:
				'Without Continue On Fail, an item’s error stops every payout that has not started yet. Nothing reached TYLT for this item: run the workflow again to send it (with Duplicate Guard on, payouts already made are output with alreadySent true).',
		},
	);
}

/**
 * The most cautious item's Concurrent Payouts; one at a time once an item has the guard off (nothing would
 * output its payout on its way when another failed: a re-run would pay it again). A reduce: a batch may be long.
 */
export function concurrencyOf(ready: readonly ReadyPayout[]): number {
	return ready.reduce(
		(fewest, payout) => Math.min(fewest, payout.guard ? payout.options.concurrentPayouts : 1),
		Infinity,
	);
}

/** The guard's decision, the traffic's start, the create, then each of them settles by what came of it. */
async function send(
	this: IExecuteFunctions,
	payout: ReadyPayout,
	turn: CreateTurn,
	scope: OperationScope,
	panelV2: boolean,
): Promise<INodeExecutionData[]> {
	const { itemIndex, options, body, reference, guard } = payout;
	const decision = guard ? await decideBeforeCreate.call(this, guard, payout) : undefined;
	if (decision && 'alreadySent' in decision) {
		return output(panelV2, payout, { record: decision.alreadySent, alreadySent: true });
	}
	// Max Amount per 24 Hours: this create's room, reserved in the traffic's decision right before it starts.
	const room = payout.daily?.room(payout);
	try {
		// Taken before the create waits for its turn: the in-doubt look-up then starts earlier, never later.
		const attemptedMs = Date.now();
		await turn.start(options.pauseBetweenPayoutsMs, room);
		// From here every path reaches turn.sent, which gives the slot back: the create never throws.
		const attempt = await createPayoutRequest.call(
			this,
			body,
			itemIndex,
			options.timeoutMs,
			room?.voucherToken(),
		);
		room?.createEnded(attempt);
		turn.sent(attempt);
		const outcome = guard
			? await settleCreate.call(this, guard, payout, attempt, attemptedMs)
			: await unguarded(scope, reference, attempt, attemptedMs);
		room?.paid(outcome.record);
		return output(panelV2, payout, outcome);
	} finally {
		if (decision) decision.release();
	}
}

/** Without the guard: remembered like a guarded send, so a guarded row or execution outputs it. */
async function unguarded(
	scope: OperationScope,
	reference: string,
	attempt: CreateOutcome<PayoutRecord>,
	attemptedMs: number,
): Promise<GuardedOutcome> {
	// TYLT may have made it: a guarded row or execution of this reference then looks for it before sending.
	if (attempt.outcome === 'unknown') markInDoubt(await scope.tyltAccount(), reference, attemptedMs);
	if (attempt.outcome !== 'made') throw attempt.error;
	rememberSent(await scope.tyltAccount(), reference, attempt.record);
	return { record: attempt.record, alreadySent: false };
}

/**
 * The node's decision first, then TYLT's record, so a table view shows it without scrolling (version 1 sees only
 * the key order); version 2 also says in words whether the payout was sent or skipped.
 */
function output(
	panelV2: boolean,
	payout: ReadyPayout,
	{ record, alreadySent, confirmedFromHistory }: GuardedOutcome,
): INodeExecutionData[] {
	const fields: IDataObject = panelV2 ? { outcome: alreadySent ? 'skipped' : 'sent' } : {};
	fields.alreadySent = alreadySent;
	fields.merchantReference = payout.reference;
	if (record.status !== undefined) fields.status = record.status;
	if (panelV2 && alreadySent) fields.skippedBecause = skippedBecause(record, payout);
	if (confirmedFromHistory) fields.confirmedFromHistory = true;
	return [{ json: decisionFirst(fields, record) }];
}

/** Why a repeat was not sent, and how to pay it again on purpose. */
function skippedBecause(record: PayoutRecord, { reference, options }: ReadyPayout): string {
	const earlier = `TYLT order ${record.orderId}${record.createdAt ? ` of ${record.createdAt}` : ''}`;
	if (options.reference !== undefined) {
		return `Reference ${reference} was already paid (${earlier}), so nothing was sent again; a new payment needs a reference of its own.`;
	}
	return `Reference was left empty and an identical payout (same workflow, node, recipient, currency, network and amount) was already paid (${earlier}), so nothing was sent again; to pay it again on purpose, set a Reference such as the invoice or row ID.`;
}
