import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import * as balance from './balance';
import * as currency from './currency';
import { createOperationScope, type OperationScope } from './operationScope';
import * as payIn from './payIn';
import * as payout from './payout';
import type { ItemOutcome, TyltOperation, TyltResource } from './types';

const OPERATIONS: Record<TyltResource, Record<string, TyltOperation>> = {
	payout: { create: payout.create, get: payout.get, getMany: payout.getMany },
	currency: { getMany: currency.getMany },
	payIn: { get: payIn.get },
	balance: { get: balance.get },
};

/** Runs the chosen operation; pairedItem and Continue On Fail are handled here only, in input order. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const itemCount = this.getInputData().length;
	const scope = createOperationScope(this);
	const returnData: INodeExecutionData[] = [];
	const together = new Map<TyltOperation, Promise<Map<number, ItemOutcome>>>();

	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		let outcome: ItemOutcome;
		try {
			const operation = findOperation.call(this, itemIndex);
			if ('executeAll' in operation) {
				let outcomes = together.get(operation);
				if (!outcomes) {
					outcomes = runTogether.call(this, operation, itemCount, scope);
					together.set(operation, outcomes);
				}
				// Fail closed: an item the operation did not answer for is an error, never an item without output.
				outcome = (await outcomes).get(itemIndex) ?? {
					itemIndex,
					error: new Error(`The operation gave no result for item ${itemIndex}`),
				};
			} else {
				outcome = { itemIndex, output: await operation.execute.call(this, itemIndex, scope) };
			}
		} catch (error) {
			outcome = { itemIndex, error: error as Error };
		}
		if ('output' in outcome) {
			for (const result of outcome.output) {
				returnData.push({ ...result, pairedItem: { item: itemIndex } });
			}
		} else if (this.continueOnFail()) {
			returnData.push({ json: { error: outcome.error.message }, pairedItem: { item: itemIndex } });
		} else {
			throw withItemIndex.call(this, outcome.error, itemIndex);
		}
	}
	return [returnData];
}

/** Hands every item that chose `operation` to it at once; an error it throws is every such item's error. */
async function runTogether(
	this: IExecuteFunctions,
	operation: Extract<TyltOperation, { executeAll: unknown }>,
	itemCount: number,
	scope: OperationScope,
): Promise<Map<number, ItemOutcome>> {
	const itemIndexes: number[] = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			if (findOperation.call(this, itemIndex) === operation) itemIndexes.push(itemIndex);
		} catch {
			// That item fails on its own turn, with findOperation's error.
		}
	}
	let outcomes: ItemOutcome[];
	try {
		outcomes = await operation.executeAll.call(this, itemIndexes, scope);
	} catch (error) {
		outcomes = itemIndexes.map((itemIndex) => ({ itemIndex, error: error as Error }));
	}
	return new Map(outcomes.map((outcome) => [outcome.itemIndex, outcome]));
}

function findOperation(this: IExecuteFunctions, itemIndex: number): TyltOperation {
	const resource = this.getNodeParameter('resource', itemIndex) as string;
	// n8n drops `operation` for its Custom API Call resource, which has no operation selector.
	const operation = this.getNodeParameter('operation', itemIndex, '') as string;
	const found = OPERATIONS[resource as TyltResource]?.[operation];
	if (found) return found;
	// n8n adds a "Custom API Call" choice for credentials that sign requests; that is the HTTP Request node's job.
	throw new NodeOperationError(
		this.getNode(),
		`The TYLT node has no operation "${operation}" for resource "${resource}"`,
		{
			itemIndex,
			description:
				'To call another TYLT endpoint, use the HTTP Request node with "Predefined Credential Type" set to TYLT API: it signs every request.',
		},
	);
}

function withItemIndex(this: IExecuteFunctions, error: Error, itemIndex: number): Error {
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
	return new NodeOperationError(this.getNode(), error, { itemIndex });
}
