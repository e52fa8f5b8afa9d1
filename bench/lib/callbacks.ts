/** TYLT payout callbacks for the trigger cases: the sandbox's own record shape, signed like TYLT signs. */
import { createHmac } from 'node:crypto';

import { callbackBody } from '../../sandbox/callbacks';
import { samplePayoutRecord } from '../../sandbox/payoutRecord';

export interface SignedCallback {
	body: Buffer;
	signature: string;
}

// A fixed creation time: bodies differ only in their ids, so every run sees the same sizes.
const CREATED_AT_MS = Date.UTC(2025, 0, 15, 12, 0, 0);

/** Callback `index` of a batch: a Completed USDT payout whose order ids are unique per `tag` and index. */
export function signedCallback(tag: string, index: number, secret: string): SignedCallback {
	const record = {
		...samplePayoutRecord('Completed', CREATED_AT_MS + index * 1000, 10 + (index % 990)),
		orderId: `${tag}-${index}`,
		merchantOrderId: `MO-${tag}-${index}`,
	};
	const body = Buffer.from(callbackBody('pay-out', record), 'utf8');
	return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
}

export function signedCallbacks(tag: string, count: number, secret: string): SignedCallback[] {
	return Array.from({ length: count }, (_, index) => signedCallback(tag, index, secret));
}
