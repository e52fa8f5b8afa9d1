import type { IDataObject } from 'n8n-workflow';

// The one place the reference tag in a payout's comments is written and read.
const REFERENCE_TAG = /\[ref:([^\]\s]+)\]/g;
const STARTS_WITH_TAG = /^\s*\[ref:([^\]\s]+)\]/;
const ENDS_WITH_TAG = /\[ref:([^\]\s]+)\]\s*$/;

// The spec returns `comments` on every payout record; tag first, so a shortened comment loses user text only.
export function commentsWithReference(comments: string | undefined, reference: string): string {
	const tag = `[ref:${reference}]`;
	return comments ? `${tag} ${comments}` : tag;
}

export interface RecordReferences {
	/** The node's tag in the comments, and the merchantOrderId: a match on these is a match. */
	references: string[];
	/** The last tag of a comment beginning with another (0.1.0 appended its tag): alone, a match is unsure. */
	possibleReference?: string;
}

// The node writes `[ref:X] user text`, 0.1.0 wrote `user text [ref:X]` (docs/money-safety.md).
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

/** The node's tag, else TYLT's merchantOrderId (a payout made outside n8n), else null. */
export function merchantReferenceOf(record: IDataObject): string | null {
	return referencesOf(record).references[0] ?? null;
}
