import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { invalidFieldError } from '../../helpers/fieldError';
import { getPayInDetails } from '../../transport/calls';

const showFor = { resource: ['payIn'], operation: ['get'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Merchant Order ID',
		name: 'merchantOrderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. order-1001',
		description: 'The order ID your system gave the pay-in when it was created',
		displayOptions: { show: showFor },
	},
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const merchantOrderId = this.getNodeParameter('merchantOrderId', itemIndex) as unknown;
	const orderId =
		typeof merchantOrderId === 'string' || typeof merchantOrderId === 'number'
			? String(merchantOrderId).trim()
			: '';
	if (orderId === '') {
		throw invalidFieldError(this.getNode(), {
			label: 'Merchant Order ID',
			value: merchantOrderId,
			reason: 'the order ID of the pay-in is required',
			itemIndex,
		});
	}
	const payInDetails = await getPayInDetails.call(this, orderId, itemIndex);
	return [{ json: payInDetails ?? {} }];
}
