/** The payout in a request about to be signed: whether TYLT might take it for a create, and its fields. */
import type { OutgoingRequest } from '../outgoingRequest';
import { readJson, type JsonValue } from './jsonText';

/** The create-payout body fields the limits read (TYLT's spec: createPayoutRequest). */
const PAYOUT_FIELDS = [
	'baseAmount',
	'baseCurrency',
	'settledCurrency',
	'address',
	'networkSymbol',
] as const;
type PayoutFieldName = (typeof PAYOUT_FIELDS)[number];
const PAYOUT_FIELD_BY_FOLDED_NAME = new Map(PAYOUT_FIELDS.map((name) => [foldedName(name), name]));

/** A key as a case-insensitive matcher (Go's encoding/json) reads it, Unicode folding included (`baſeAmount`). */
function foldedName(key: string): string {
	return key.toLowerCase().toUpperCase().toLowerCase();
}

function payoutFieldNamed(key: string): PayoutFieldName | undefined {
	return PAYOUT_FIELD_BY_FOLDED_NAME.get(foldedName(key));
}

/** createPayoutRequest's letters: a path holding them is a create, however spelled (docs/credential.md). */
const CREATE_PAYOUT_LETTERS = 'createpayout';

export type PayoutFields = Partial<Record<PayoutFieldName, JsonValue>>;

export type PayoutInRequest =
	| { kind: 'none' }
	| { kind: 'payout'; fields: PayoutFields }
	/** Might create a payout, but its payout cannot be read exactly: the reason, phrased to follow "it". */
	| { kind: 'unreadable'; reason: string };

/** `none` when neither the path nor the body nor the query could make it a payout; else a payout to check. */
export function payoutInRequest(request: OutgoingRequest): PayoutInRequest {
	const body = request.bodyText ? readJson(request.bodyText) : undefined;
	const queryFields = request.query
		.map(([name]) => name)
		.filter((name) => payoutFieldNamed(name) !== undefined);
	const nested = body !== undefined && nestedPayoutField(body, true);
	const topLevel = body?.kind === 'object' ? body.members : [];
	const namesPayoutField = topLevel.some(([key]) => payoutFieldNamed(key) !== undefined);
	const unreadableBody =
		request.bodyText !== undefined && request.bodyText !== '' && body === undefined;
	if (
		!pathMayCreatePayout(request.path) &&
		queryFields.length === 0 &&
		!nested &&
		!namesPayoutField &&
		!unreadableBody
	) {
		return { kind: 'none' };
	}

	const unreadable = (reason: string): PayoutInRequest => ({ kind: 'unreadable', reason });
	if (queryFields.length > 0) {
		return unreadable(
			`carries payout fields in its query string (${queryFields.join(', ')}), where the limits cannot check them: send them in the JSON body`,
		);
	}
	if (nested)
		return unreadable(
			'carries payout fields inside a nested object or list, where the limits cannot check them',
		);
	if (body?.kind !== 'object')
		return unreadable('has no JSON object body holding the payout’s fields');

	const fields: PayoutFields = {};
	for (const [key, value] of topLevel) {
		const name = payoutFieldNamed(key);
		if (name === undefined) continue;
		if (name !== key) return unreadable(`names "${key}", which is not TYLT’s spelling of ${name}`);
		// TYLT may read either of two repeated keys: a limit checked against one would not bind the other.
		if (fields[name] !== undefined) return unreadable(`names ${name} twice`);
		fields[name] = value;
	}
	return { kind: 'payout', fields };
}

function pathMayCreatePayout(sentPath: string): boolean {
	let path = sentPath;
	// Escapes within escapes (`%252F`) are undone too: a proxy in front of TYLT may decode once more.
	for (let round = 0; round < 3; round++) {
		try {
			const decoded = decodeURIComponent(path);
			if (decoded === path) break;
			path = decoded;
		} catch {
			break;
		}
	}
	return path
		.toLowerCase()
		.replace(/[^a-z]/g, '')
		.includes(CREATE_PAYOUT_LETTERS);
}

/** Whether a payout field's name appears as a key anywhere below the top-level object. */
function nestedPayoutField(value: JsonValue, topLevel: boolean): boolean {
	if (value.kind === 'array') return value.items.some((item) => nestedPayoutField(item, false));
	if (value.kind !== 'object') return false;
	return value.members.some(
		([key, member]) =>
			(!topLevel && payoutFieldNamed(key) !== undefined) || nestedPayoutField(member, false),
	);
}
