/**
 * One Payout → Create batch run both ways: with Duplicate Guard written as an expression, so the node checks every
 * row before its first create, and as a user saves it, so a batch with no step over all its rows is sent row by row.
 * Each run starts on a fresh TYLT and a fresh n8n process; what the two give is compared item by item.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/shared/memoryBetweenExecutions';
import { type MoneySafetySuite, payoutsPerReference } from './moneySafetyKit';
import { failureOf, type NodeRun, payoutCreate, tronAddress, withPlainSymbols } from './sandboxKit';

export type ItemVerdict = 'paid' | 'alreadySent' | 'refused';

export interface BatchResult {
	/** With Continue On Fail: each item's verdict in input order. */
	verdicts?: ItemVerdict[];
	/** Without: the item the run failed on, if it failed. */
	failedItem?: number;
	paid: Record<string, number>;
}

export function verdictOf(item: INodeExecutionData): ItemVerdict {
	if (item.json.error !== undefined) return 'refused';
	return item.json.alreadySent === true ? 'alreadySent' : 'paid';
}

/** The options with Duplicate Guard as an expression of its own value: the node then checks every row first. */
export function checkedFirst(parameters: INodeParameters): INodeParameters {
	const options = (parameters.options ?? {}) as IDataObject;
	const guard = options.duplicateGuard === false ? 'false' : 'true';
	return { ...parameters, options: { ...options, duplicateGuard: `={{ ${guard} }}` } };
}

/** `count` rows, each with its own reference (`row`) and recipient (`address`). */
export function payoutRows(prefix: string, count: number): IDataObject[] {
	return Array.from({ length: count }, (_, index) => ({
		row: `${prefix}-${index}`,
		address: tronAddress(`${prefix} recipient ${index}`),
	}));
}

/** Version 1's panel: Reference under Options, plain symbols. */
export const v1Batch = (options: IDataObject = {}) =>
	withPlainSymbols(
		payoutCreate({
			address: '={{ $json.address }}',
			options: { reference: '={{ $json.row }}', ...options },
		}),
	);

/** The version users get: Reference on the panel. */
export const v3Batch = (options: IDataObject = {}) =>
	payoutCreate({ address: '={{ $json.address }}', reference: '={{ $json.row }}', options });

/** Runs of `suite`'s node; `prepare` sets TYLT's faults and any spies after the fresh start (spies are restored). */
export function bothWaysOf(suite: MoneySafetySuite) {
	async function runOnce(run: NodeRun, prepare: () => void): Promise<BatchResult> {
		suite.sandbox.reset();
		forgetProcessMemory();
		jest.restoreAllMocks();
		prepare();
		if (run.continueOnFail) {
			const output = await suite.run(run);
			return { verdicts: output.map(verdictOf), paid: payoutsPerReference(suite.sandbox) };
		}
		const error = await failureOf(suite.run(run)).catch(() => undefined);
		if (error) suite.keepError(error);
		return { failedItem: error?.context.itemIndex, paid: payoutsPerReference(suite.sandbox) };
	}

	return async function bothWays(run: NodeRun, prepare: () => void = () => undefined) {
		const wholeFirst = await runOnce({ ...run, parameters: checkedFirst(run.parameters) }, prepare);
		const rowByRow = await runOnce(run, prepare);
		return { wholeFirst, rowByRow };
	};
}
