/**
 * Max Amount per 24 Hours needs TYLT's history, which the credential's signing cannot read: only the TYLT node
 * adds it up. So while that limit is set, the credential signs a payout only when the TYLT node vouched for its
 * exact body text a moment before, having counted it against the limit. The vouchers live in this module's
 * memory, which a workflow using the credential (the HTTP Request node, a Code node) cannot reach.
 */

/** Body text → the vouchers given for creates with exactly that body, not yet taken by a signing. */
const vouchers = new Map<string, Array<object>>();

/**
 * Runs `create` with a voucher for `bodyText`. The voucher is withdrawn when `create` ends if no signing took
 * it, so it never outlives the create it was given for.
 */
export async function withNodeVoucher<T>(bodyText: string, create: () => Promise<T>): Promise<T> {
	const voucher = {};
	const given = vouchers.get(bodyText) ?? [];
	given.push(voucher);
	vouchers.set(bodyText, given);
	try {
		return await create();
	} finally {
		const left = vouchers.get(bodyText)?.filter((other) => other !== voucher) ?? [];
		if (left.length > 0) vouchers.set(bodyText, left);
		else vouchers.delete(bodyText);
	}
}

/** Takes one voucher for this exact body text; false when the TYLT node vouched for none. */
export function takeNodeVoucher(bodyText: string): boolean {
	const given = vouchers.get(bodyText);
	if (!given || given.length === 0) return false;
	given.shift();
	if (given.length === 0) vouchers.delete(bodyText);
	return true;
}
