import {
	type INode,
	type INodeExecutionData,
	type IPollFunctions,
	NodeOperationError,
} from 'n8n-workflow';

import { keptBetweenExecutions } from '../shared/memoryBetweenExecutions';
import {
	type EventFilters,
	isWanted,
	payoutEventOf,
	readFilters,
	toOutputJson,
} from '../shared/payoutEvents/orderEvent';
import { DEFAULT_MAX_AGE_HOURS, type PollOptions } from './description';
import {
	baseline,
	type ChangeRules,
	findChanges,
	loadState,
	readBackTo,
	saveState,
	UnfollowablePayout,
} from './statusChanges';
import { readPayoutHistoryWindow } from '../Tylt/payout/history';
import { getPayoutHistoryPage } from '../Tylt/transport/calls';

const SAMPLE_SIZE = 20;

/** Triggers with a poll under way in this process (why: MEMORY_BETWEEN_EXECUTIONS.pollsUnderWay). */
const pollsUnderWay = keptBetweenExecutions('pollsUnderWay', new Set<string>());

/** One item per status change since the last poll; a poll that throws leaves the state as it was. */
export async function pollPayoutStatus(
	this: IPollFunctions,
): Promise<INodeExecutionData[][] | null> {
	const filters = readFilters(this, ['payout']);
	if (this.getMode() === 'manual') return await sampleEvent.call(this, filters);

	const trigger = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
	// The state is not settled until the poll under way ends: the next poll reports what this one would.
	if (pollsUnderWay.has(trigger)) return null;
	pollsUnderWay.add(trigger);
	try {
		return await pollOnce.call(this, filters);
	} finally {
		pollsUnderWay.delete(trigger);
	}
}

async function pollOnce(
	this: IPollFunctions,
	filters: EventFilters,
): Promise<INodeExecutionData[][] | null> {
	const options = this.getNodeParameter('options', {}) as PollOptions;
	const rules: ChangeRules = {
		includeNewPayouts: options.includeNewPayouts !== false,
		maxAgeMs: Math.max(1, options.maxAgeHours ?? DEFAULT_MAX_AGE_HOURS) * 3_600_000,
		nowMs: Date.now(),
	};
	const staticData = this.getWorkflowStaticData('node');
	const state = loadState(staticData);
	// Too many payouts in the window is an error, never a partial read that would skip a change unseen.
	const history = await readPayoutHistoryWindow.call(this, {
		cutoffMs: readBackTo(state, rules),
		lookBackParameter: 'Options → Max Age (Hours)',
	});

	if (state === undefined) {
		saveState(
			staticData,
			followable(this.getNode(), () => baseline(history, rules)),
		);
		return null;
	}
	const { changes, state: next } = followable(this.getNode(), () =>
		findChanges(state, history, rules),
	);
	saveState(staticData, next);
	const items = changes
		.map(payoutEventOf)
		.filter((payoutEvent) => isWanted(payoutEvent, filters))
		.map((payoutEvent) => ({ json: toOutputJson(payoutEvent) }));
	return items.length > 0 ? [items] : null;
}

function followable<T>(node: INode, judge: () => T): T {
	try {
		return judge();
	} catch (error) {
		if (!(error instanceof UnfollowablePayout)) throw new NodeOperationError(node, error as Error);
		throw new NodeOperationError(node, error.message, {
			description:
				'The trigger follows each payout by its orderId and places it in time by its createdAt (ISO 8601; without a zone, UTC), to tell a new payout from one already reported. Rather than guess, this poll reports nothing and keeps the state as it was: once TYLT answers this payout readably, the next poll reports every change since the last successful poll (within Max Age). Nothing in n8n can fix this answer; ask TYLT, or fix the service answering as TYLT.',
		});
	}
}

/** Fetch Test Event: the newest payout the filters let through, else the newest; the state is left alone. */
async function sampleEvent(
	this: IPollFunctions,
	filters: EventFilters,
): Promise<INodeExecutionData[][] | null> {
	const newest = await getPayoutHistoryPage.call(this, { rows: SAMPLE_SIZE, page: 1 });
	const events = newest.map(payoutEventOf);
	const sample = events.find((payoutEvent) => isWanted(payoutEvent, filters)) ?? events[0];
	return sample === undefined ? null : [[{ json: toOutputJson(sample) }]];
}
