import type { IDataObject } from 'n8n-workflow';

/**
 * The reference tag Payout → Create writes into a payout's comments, and how every reader (the duplicate
 * guard, Payout → Get, both triggers) reads it back: one format, written and read in this file only.
 */
const REFERENCE_TAG = /\[ref:([^\]\s]+)\]/g;
const STARTS_WITH_TAG = /^\s*\[ref:([^\]\s]+)\]/;
const ENDS_WITH_TAG = /\[ref:([^\]\s]+)\]\s*$/;

/**
 * The spec guarantees `comments` comes back on every payout record, so the reference travels there, first:
 * if TYLT shortens a long comment, it cuts the user's text, not the tag.
 */
export function commentsWithReference(comments: string | undefined, reference: string): string {
	const tag = `[ref:${reference}]`;
	return comments ? `${tag} ${comments}` : tag;
}

export interface RecordReferences {
	/** The node's tag in the comments, and the merchantOrderId: a match on these is a match. */
	references: string[];
	/**
	 * The last tag of a comment that begins with another: a payout of the previous version (which appended its
	 * tag) whose user comment began with a tag reads so too. A match on it alone cannot be trusted either way.
	 */
	possibleReference?: string;
}

/**
 * The node writes `[ref:X] user text`; its previous version wrote `user text [ref:X]`. A comment that begins
 * with a tag carries that tag; otherwise the last one is the node's (the user's text may mention others).
 */
export function referencesOf(record: IDataObject): RecordReferences {
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

/**
 * The reference a workflow names a payout by: the node's tag, else TYLT's merchantOrderId (a payout made
 * outside n8n), else null.
 */
export function merchantReferenceOf(record: IDataObject): string | null {
	return referencesOf(record).references[0] ?? null;
}
