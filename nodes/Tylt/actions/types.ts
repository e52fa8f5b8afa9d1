import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationScope } from './operationScope';

/** One TYLT operation: its parameters and what it does for one input item. pairedItem is the router's job. */
export interface TyltOperation {
	description: INodeProperties[];
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		scope: OperationScope,
	): Promise<INodeExecutionData[]>;
}

export type TyltResource = 'payout' | 'currency' | 'payIn' | 'balance';
