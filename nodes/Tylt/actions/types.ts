import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationScope } from './operationScope';

/** What one input item came to: its output (pairedItem is the router's job), or the error it failed with. */
export type ItemOutcome =
	| { itemIndex: number; output: INodeExecutionData[] }
	| { itemIndex: number; error: Error };

/**
 * One TYLT operation: its parameters and what it does for the input items, in one of two forms.
 * `execute` handles one item at a time, in input order; an item's error stops the items after it unless
 * Continue On Fail is on. `executeAll` is handed every item at once, for work the items can share (one
 * history read for all lookups, requests in flight together), and answers one outcome per item; the router
 * still stamps pairedItem and applies Continue On Fail to each outcome in input order.
 */
export type TyltOperation =
	| {
			description: INodeProperties[];
			execute(
				this: IExecuteFunctions,
				itemIndex: number,
				scope: OperationScope,
			): Promise<INodeExecutionData[]>;
	  }
	| {
			description: INodeProperties[];
			executeAll(
				this: IExecuteFunctions,
				itemIndexes: number[],
				scope: OperationScope,
			): Promise<ItemOutcome[]>;
	  };

export type TyltResource = 'payout' | 'currency' | 'payIn' | 'balance';
