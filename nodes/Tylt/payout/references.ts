import { createHash } from 'crypto';

import { referencesOf } from '../../shared/referenceTag';
import { canonicalAddress } from '../../shared/addresses/formats';
import type { PayoutRecord, PayoutRequestBody } from '../transport/records';

export const MAX_REFERENCE_LENGTH = 64;

type ReferenceScope = { workflowId: string; nodeName: string };

/**
 * The reference used when the user sets none: the same payout (same workflow, node, recipient, currency,
 * network and amount) always gets the same reference, so re-running a workflow on the same rows finds it.
 * The recipient counts as TYLT and the chain see it: an EVM address in any letter case is one recipient.
 * Two deliberately identical payouts therefore need references of their own (e.g. the row id or the date).
 */
export function defaultReference(scope: ReferenceScope, body: PayoutRequestBody) {
	return referenceFrom(scope, body, canonicalAddress(body.address));
}

/**
 * Default references an earlier release gave this payout, where they differ from today's: 0.1.0 hashed the
 * address as typed, so a checksummed EVM wallet paid by it carries another reference. The guard looks for
 * these too, so an upgrade never pays a row again.
 */
export function formerDefaultReferences(scope: ReferenceScope, body: PayoutRequestBody): string[] {
	const asTyped = referenceFrom(scope, body, body.address);
	return asTyped === defaultReference(scope, body) ? [] : [asTyped];
}

function referenceFrom(scope: ReferenceScope, body: PayoutRequestBody, address: string): string {
	const fingerprint = JSON.stringify([
		scope.workflowId,
		scope.nodeName,
		body.settledCurrency,
		body.networkSymbol,
		address,
		body.baseAmount,
		body.baseCurrency ?? '',
	]);
	return 'n8n-' + createHash('sha256').update(fingerprint).digest('hex').slice(0, 24);
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
