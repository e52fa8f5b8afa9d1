import type { IExecuteFunctions } from 'n8n-workflow';

import type { PayoutRequestBody } from '../../helpers/types';
import { defaultReference } from '../../payout/references';
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

/** The item's reference: the one set under Options, else the one derived from the payout itself. */
export function payoutReference(
	context: IExecuteFunctions,
	options: Pick<CreateOptions, 'reference'>,
	body: PayoutRequestBody,
): string {
	return (
		options.reference ??
		defaultReference(
			{ workflowId: String(context.getWorkflow().id), nodeName: context.getNode().name },
			body,
		)
	);
}
