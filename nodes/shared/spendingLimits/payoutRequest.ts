/** The payout in a create about to be signed: its fields, read as TYLT reads them. */
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

export type PayoutFields = Partial<Record<PayoutFieldName, JsonValue>>;

export type PayoutInCreate =
	| { kind: 'payout'; fields: PayoutFields }
	/** Its payout cannot be read exactly: the reason, phrased to follow "it". */
	| { kind: 'unreadable'; reason: string };

/** The payout fields of a create's body text, as TYLT reads them, or why they cannot be read exactly. */
export function payoutInCreate(bodyText: string | undefined): PayoutInCreate {
	const body = bodyText ? readJson(bodyText) : undefined;
	const unreadable = (reason: string): PayoutInCreate => ({ kind: 'unreadable', reason });
	if (body !== undefined && nestedPayoutField(body, true))
		return unreadable(
			'carries payout fields inside a nested object or list, where the limits cannot check them',
		);
	if (body?.kind !== 'object')
		return unreadable('has no JSON object body holding the payout’s fields');

	const fields: PayoutFields = {};
	for (const [key, value] of body.members) {
		const name = payoutFieldNamed(key);
		if (name === undefined) continue;
		if (name !== key) return unreadable(`names "${key}", which is not TYLT’s spelling of ${name}`);
		// TYLT may read either of two repeated keys: a limit checked against one would not bind the other.
		if (fields[name] !== undefined) return unreadable(`names ${name} twice`);
		fields[name] = value;
	}
	return { kind: 'payout', fields };
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
