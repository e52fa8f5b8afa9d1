import { createHash } from 'crypto';

import type { PayoutRecord, PayoutRequestBody } from './types';

const REFERENCE_IN_COMMENTS = /\[ref:([^\]\s]+)\]/g;
export const MAX_REFERENCE_LENGTH = 64;

/**
 * The reference used when the user sets none: the same payout (same workflow, node, recipient, currency,
 * network and amount) always gets the same reference, so re-running a workflow on the same rows finds it.
 * Two deliberately identical payouts therefore need references of their own (e.g. the row id).
 */
export function defaultReference(
	scope: { workflowId: string; nodeName: string },
	body: PayoutRequestBody,
) {
	const fingerprint = JSON.stringify([
		scope.workflowId,
		scope.nodeName,
		body.settledCurrency,
		body.networkSymbol,
		body.address,
		body.baseAmount,
		body.baseCurrency ?? '',
	]);
	return 'n8n-' + createHash('sha256').update(fingerprint).digest('hex').slice(0, 24);
}

/** The spec guarantees `comments` comes back on every payout record, so the reference travels there. */
export function commentsWithReference(comments: string | undefined, reference: string): string {
	const tag = `[ref:${reference}]`;
	return comments ? `${comments} ${tag}` : tag;
}

/** Every reference a payout record carries: in its comments, and as its merchantOrderId. */
export function referencesOf(record: PayoutRecord): string[] {
	const references: string[] = [];
	// The node appends its tag after the user's own text, which may mention other references: the last tag is ours.
	const tags = [...String(record.comments ?? '').matchAll(REFERENCE_IN_COMMENTS)];
	if (tags.length > 0) references.push(tags[tags.length - 1][1]);
	if (record.merchantOrderId) references.push(String(record.merchantOrderId));
	return references;
}
