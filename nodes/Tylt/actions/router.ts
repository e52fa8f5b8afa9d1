import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import * as balance from './balance';
import * as currency from './currency';
import { createOperationScope } from './operationScope';
import * as payIn from './payIn';
import * as payout from './payout';
import type { TyltOperation, TyltResource } from './types';

const OPERATIONS: Record<TyltResource, Record<string, TyltOperation>> = {
	payout: { create: payout.create, get: payout.get, getMany: payout.getMany },
	currency: { getMany: currency.getMany },
	payIn: { get: payIn.get },
	balance: { get: balance.get },
};

/** Runs the chosen operation for every item; pairedItem and Continue On Fail are handled here only. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const scope = createOperationScope(this);
	const returnData: INodeExecutionData[] = [];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const operation = findOperation.call(this, itemIndex);
			const results = await operation.execute.call(this, itemIndex, scope);
			for (const result of results) returnData.push({ ...result, pairedItem: { item: itemIndex } });
		} catch (error) {
			if (this.continueOnFail()) {
				returnData.push({
					json: { error: (error as Error).message },
					pairedItem: { item: itemIndex },
				});
				continue;
			}
			throw withItemIndex.call(this, error as Error, itemIndex);
		}
	}
	return [returnData];
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
