import type { IExecuteFunctions } from 'n8n-workflow';

import type { PayoutRequestBody } from '../../helpers/types';
import { defaultReference, formerDefaultReferences } from '../../payout/references';
import type { PayoutInput } from '../../payout/validation';
import type { CreateOptions } from './create.options';

/** One item's payout parameters, read with its own index: by the create itself and by batch planning. */
export function readPayoutInput(context: IExecuteFunctions, itemIndex: number): PayoutInput {
	return {
		settledCurrency: context.getNodeParameter('settledCurrency', itemIndex),
		networkSymbol: context.getNodeParameter('networkSymbol', itemIndex),
		address: context.getNodeParameter('address', itemIndex),
		baseAmount: context.getNodeParameter('baseAmount', itemIndex),
		...(context.getNodeParameter('additionalFields', itemIndex, {}) as Partial<PayoutInput>),
	};
}

/**
 * The item's reference: the one set under Options, else the one derived from the payout itself, with the
 * references earlier releases derived for it (the guard looks for those too).
 */
export function payoutReference(
	context: IExecuteFunctions,
	options: Pick<CreateOptions, 'reference'>,
	body: PayoutRequestBody,
): { reference: string; formerReferences: string[] } {
	if (options.reference !== undefined)
		return { reference: options.reference, formerReferences: [] };
	const scope = { workflowId: String(context.getWorkflow().id), nodeName: context.getNode().name };
	return {
		reference: defaultReference(scope, body),
		formerReferences: formerDefaultReferences(scope, body),
	};
}
