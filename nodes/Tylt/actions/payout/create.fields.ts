/** Payout → Create parameters both node versions show as they are (each version's own are beside it). */
import type { INodeProperties } from 'n8n-workflow';

export const comments: INodeProperties = {
	displayName: 'Comments',
	name: 'comments',
	type: 'string',
	default: '',
	description: 'A note stored with the payout',
};

export const customerName: INodeProperties = {
	displayName: 'Customer Name',
	name: 'customerName',
	type: 'string',
	default: '',
	description: 'Who is being paid, as shown in the TYLT dashboard',
};

export const redirectUrl: INodeProperties = {
	displayName: 'Redirect URL',
	name: 'redirectUrl',
	type: 'string',
	default: '',
	description: 'Where TYLT sends the customer after the transaction completes',
};

export const timeout: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeoutSeconds',
	type: 'number',
	typeOptions: { minValue: 0.1, numberPrecision: 1 },
	// REQUEST_TIMEOUT_MS in seconds (n8n's lint wants the literal here).
	default: 60,
	description: 'How long to wait for each answer from TYLT',
};
