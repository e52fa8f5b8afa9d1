import type { IExecuteFunctions } from 'n8n-workflow';

import type { PayoutRequestBody } from '../../transport/records';
import { defaultReference, formerDefaultReferences } from '../../payout/references';
import type { PayoutInput } from '../../payout/validation';
import { hasPanelV2 } from '../nodeVersion';
import type { CreateOptions } from './create.options';
import { baseCurrencyV2 } from './create.amountIn';

/**
 * One item's payout parameters, read with its own index: by the create itself and by batch planning. Version 1
 * keeps Base Currency under Additional Fields; version 2 asks what the amount is in (Amount In) on the panel.
 */
export function readPayoutInput(context: IExecuteFunctions, itemIndex: number): PayoutInput {
	const input: PayoutInput = {
		settledCurrency: context.getNodeParameter('settledCurrency', itemIndex),
		networkSymbol: context.getNodeParameter('networkSymbol', itemIndex),
		address: context.getNodeParameter('address', itemIndex),
		baseAmount: context.getNodeParameter('baseAmount', itemIndex),
		...(context.getNodeParameter('additionalFields', itemIndex, {}) as Partial<PayoutInput>),
	};
	if (!hasPanelV2(context)) return input;
	// The visible choice decides, whatever else the saved JSON holds.
	delete input.baseCurrency;
	const baseCurrency = baseCurrencyV2(context, itemIndex);
	return baseCurrency === undefined ? input : { ...input, baseCurrency };
}

/**
 * The item's reference: the one the user set (version 1: under Options; version 2: on the panel), else the one derived from the payout itself, with the
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
