import type { INodeProperties } from 'n8n-workflow';

import {
	PAYOUT_STATUSES,
	finalOnlyProperty,
	optionsCollection,
	statusesProperty,
} from '../shared/payoutEvents/description';

export const DEFAULT_MAX_AGE_HOURS = 168;

export interface PollOptions {
	includeNewPayouts?: boolean;
	maxAgeHours?: number;
}

export const pollTriggerProperties: INodeProperties[] = [
	{
		displayName:
			'Reads payout history at every poll and starts one run per payout status change, so TYLT never has to reach this n8n. Where TYLT can reach it, the TYLT Trigger (callbacks) is faster and costs no requests.',
		name: 'pollNotice',
		type: 'notice',
		default: '',
	},
	statusesProperty(PAYOUT_STATUSES),
	finalOnlyProperty,
	optionsCollection([
		{
			displayName: 'Include New Payouts',
			name: 'includeNewPayouts',
			type: 'boolean',
			default: true,
			description:
				'Whether a payout first seen by a poll starts a run with its current status, as TYLT calls back on create. Off: only later changes (one first seen already settled still counts).',
		},
		{
			displayName: 'Max Age (Hours)',
			name: 'maxAgeHours',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_MAX_AGE_HOURS,
			description:
				'Payouts created longer ago are no longer followed: a poll reads history back to the oldest payout still pending, but never further than this',
		},
	]),
];
