import type { INodeProperties } from 'n8n-workflow';

import {
	PAY_IN_ONLY_STATUSES,
	PAYOUT_STATUSES,
	finalOnlyProperty,
	optionsCollection,
	statusesProperty,
} from '../shared/payoutEvents/description';

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			"Paste this trigger's Production URL into the payout's Callback URL (Payout → Create → Additional Fields → Callback URL). The Test URL only works while the editor is listening for a test event.",
		name: 'setupNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: [
			{
				name: 'Pay-In',
				value: 'payIn',
				description: 'A pay-in or P2P ramp instance changed status',
			},
			{
				name: 'Payout',
				value: 'payout',
				description: 'A payout changed status',
			},
		],
		default: ['payout'],
		description: 'Which callbacks start the workflow. None selected means all.',
	},
	statusesProperty([...PAYOUT_STATUSES, ...PAY_IN_ONLY_STATUSES]),
	finalOnlyProperty,
	optionsCollection([
		{
			// Version 1 only: version 2 reads it from the credential, so it stays out of exported workflows.
			displayName: 'Additional Secret',
			name: 'additionalSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"A second API secret that may also sign callbacks. TYLT issues keys per service, so pay-in callbacks are signed with the pay-in key's secret while the credential may hold the payout key's.",
			displayOptions: { show: { '@version': [1] } },
		},
		{
			displayName: 'Ignore Duplicates',
			name: 'ignoreDuplicates',
			type: 'boolean',
			default: true,
			description:
				'Whether to answer a repeated callback (the same content, in any whitespace or key order) without starting the workflow again. A changed field, even in the same status, starts a run.',
		},
	]),
];
