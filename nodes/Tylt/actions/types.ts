import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationScope } from './operationScope';

/** What one input item came to: its output (pairedItem is the router's job), or the error it failed with. */
export type ItemOutcome =
	| { itemIndex: number; output: INodeExecutionData[] }
	| { itemIndex: number; error: Error };

/**
 * One TYLT operation: `execute` takes one item at a time; `executeAll` takes every item at once, for work they
 * can share (one history read, requests in flight together), and answers one outcome per item.
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
