import { createHash } from 'crypto';

import { referencesOf } from '../../shared/referenceTag';
import { canonicalAddress } from '../../shared/addresses/formats';
import type { PayoutRecord, PayoutRequestBody } from '../transport/records';

export const MAX_REFERENCE_LENGTH = 64;

type ReferenceScope = { workflowId: string; nodeName: string };

/**
 * The reference used when the user sets none: the same payout (workflow, node, recipient as the chain sees it,
 * currency, network, amount) always gets the same one, so a re-run on the same rows finds it.
 */
export function defaultReference(scope: ReferenceScope, body: PayoutRequestBody) {
	return referenceFrom(scope, body, canonicalAddress(body.address));
}

/** 0.1.0 hashed the address as typed: the guard looks for that reference too, so an upgrade never pays twice. */
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

/** `certain` is false when only the doubtful last tag matched. */
export interface ReferenceMatch {
	record: PayoutRecord;
	certain: boolean;
}

/** The newest payout that carries `reference` (records newest first); a certain match wins over a doubtful one. */
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
