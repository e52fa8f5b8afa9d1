import { createHash } from 'crypto';

import type { PayoutRecord, PayoutRequestBody } from '../helpers/types';

const REFERENCE_TAG = /\[ref:([^\]\s]+)\]/g;
const STARTS_WITH_TAG = /^\s*\[ref:([^\]\s]+)\]/;
const ENDS_WITH_TAG = /\[ref:([^\]\s]+)\]\s*$/;
export const MAX_REFERENCE_LENGTH = 64;

/**
 * The reference used when the user sets none: the same payout (same workflow, node, recipient, currency,
 * network and amount) always gets the same reference, so re-running a workflow on the same rows finds it.
 * Two deliberately identical payouts therefore need references of their own (e.g. the row id or the date).
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

/**
 * The spec guarantees `comments` comes back on every payout record, so the reference travels there, first:
 * if TYLT shortens a long comment, it cuts the user's text, not the tag.
 */
export function commentsWithReference(comments: string | undefined, reference: string): string {
	const tag = `[ref:${reference}]`;
	return comments ? `${tag} ${comments}` : tag;
}

/** The references a payout record carries, and one it may carry. */
export interface RecordReferences {
	/** The node's tag in the comments, and the merchantOrderId: a match on these is a match. */
	references: string[];
	/**
	 * A comment that begins with a tag and ends with another: this node's tag comes first, but a payout made
	 * by the previous version (which appended its tag) whose user comment began with a tag reads the same way.
	 * The last tag may be that payout's reference; a match on it alone cannot be trusted either way.
	 */
	possibleReference?: string;
}

/**
 * Reads the references of a payout record. The node writes `[ref:X] user text`; its previous version wrote
 * `user text [ref:X]`. A comment that begins with a tag carries that tag; otherwise the last tag is the
 * node's (the user's own text may mention other references before it).
 */
export function referencesOf(record: PayoutRecord): RecordReferences {
	const comments = String(record.comments ?? '');
	const references: string[] = [];
	let possibleReference: string | undefined;
	const leading = STARTS_WITH_TAG.exec(comments)?.[1];
	if (leading !== undefined) {
		references.push(leading);
		const trailing = ENDS_WITH_TAG.exec(comments)?.[1];
		if (trailing !== undefined && trailing !== leading) possibleReference = trailing;
	} else {
		const tags = [...comments.matchAll(REFERENCE_TAG)];
		if (tags.length > 0) references.push(tags[tags.length - 1][1]);
	}
	if (record.merchantOrderId) references.push(String(record.merchantOrderId));
	return { references, possibleReference };
}

/** A payout found for a reference; `certain` is false when only the doubtful last tag matched. */
export interface ReferenceMatch {
	record: PayoutRecord;
	certain: boolean;
}

/**
 * The newest payout that carries `reference`, in records ordered newest first (as history is). A certain
 * match anywhere wins over a doubtful one.
 */
export function findReference(
	records: readonly PayoutRecord[],
	reference: string,
): ReferenceMatch | undefined {
	let doubtful: PayoutRecord | undefined;
	for (const record of records) {
		const carried = referencesOf(record);
		if (carried.references.includes(reference)) return { record, certain: true };
		if (!doubtful && carried.possibleReference === reference) doubtful = record;
	}
	return doubtful ? { record: doubtful, certain: false } : undefined;
}
