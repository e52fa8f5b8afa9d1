import type { INodeProperties } from 'n8n-workflow';

/** Payout statuses TYLT documents (Pending, Completed), the spec saw (Failed), or merchants saw. */
export const PAYOUT_STATUSES = [
	'Cancelled',
	'Completed',
	'Expired',
	'Failed',
	'Pending',
	'Rejected',
];

/** Statuses only pay-ins reach (seen in public TYLT integrations' callbacks). */
export const PAY_IN_ONLY_STATUSES = ['Over Payment', 'Under Payment'];

export function statusesProperty(statuses: string[]): INodeProperties {
	return {
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: [...statuses].sort().map((status) => ({ name: status, value: status })),
		default: [],
		description:
			'Start the workflow only for these statuses. None selected means any status, including ones not listed.',
	};
}

export const finalOnlyProperty: INodeProperties = {
	displayName: 'Final Only',
	name: 'finalOnly',
	type: 'boolean',
	default: false,
	description:
		'Whether to start the workflow only when TYLT marks the order as final (isFinal = 1)',
};

export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...options, otherStatusesOption],
	};
}

const otherStatusesOption: INodeProperties = {
	displayName: 'Other Statuses',
	name: 'otherStatuses',
	type: 'string',
	default: '',
	placeholder: 'e.g. Refunded, On Hold',
	description:
		'Comma-separated statuses to accept besides those selected in Statuses, for values TYLT may add',
};
