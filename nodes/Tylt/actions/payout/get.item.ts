/** One Payout → Get item's parameters, read with its own index, and its lookup as the rounds go. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidFieldError } from '../../helpers/fieldError';
import type { FoundPayout, PayoutLookup, PayoutLookupRequest } from '../../payout/lookup';
import { hasPanelV2 } from '../nodeVersion';
import { DEFAULT_LOOK_BACK_HOURS, DEFAULT_MAX_WAIT_SECONDS } from './get.description';

export interface GetOptions {
	ifNotFound?: 'error' | 'returnNothing';
	lookBackHours?: number;
	maxWaitSeconds?: number;
	waitUntilFinal?: boolean;
}

/** One item's lookup as it goes: what it asks, until when it waits, and what it has seen so far. */
export interface PendingLookup extends PayoutLookupRequest {
	options: GetOptions;
	/** Only with Wait Until Final: when this item stops waiting (epoch ms). */
	deadlineMs?: number;
	found?: FoundPayout;
	error?: Error;
	endedMs?: number;
}

export function readItem(
	this: IExecuteFunctions,
	itemIndex: number,
	startedMs: number,
): PendingLookup {
	const lookup = readLookup.call(this, itemIndex);
	const collection = this.getNodeParameter('options', itemIndex, {}) as GetOptions;
	const options: GetOptions = hasPanelV2(this)
		? {
				...collection,
				waitUntilFinal: this.getNodeParameter('waitUntilFinal', itemIndex, false) as boolean,
				maxWaitSeconds: this.getNodeParameter(
					'maxWaitSeconds',
					itemIndex,
					DEFAULT_MAX_WAIT_SECONDS,
				) as number,
			}
		: collection;
	return {
		itemIndex,
		lookup,
		options,
		lookBackHours: options.lookBackHours ?? DEFAULT_LOOK_BACK_HOURS,
		deadlineMs: options.waitUntilFinal
			? startedMs + (options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS) * 1000
			: undefined,
	};
}

function readLookup(this: IExecuteFunctions, itemIndex: number): PayoutLookup {
	const by = this.getNodeParameter('lookupBy', itemIndex) as PayoutLookup['by'];
	const [name, label] =
		by === 'reference' ? ['payoutReference', 'Reference'] : ['payoutOrderId', 'Order ID'];
	const value = this.getNodeParameter(name, itemIndex) as unknown;
	const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (text === '') {
		throw invalidFieldError(this.getNode(), {
			label,
			name,
			value,
			reason: `the ${label.toLowerCase()} of the payout is required`,
			itemIndex,
		});
	}
	return by === 'reference' ? { by, reference: text } : { by, orderId: text };
}
