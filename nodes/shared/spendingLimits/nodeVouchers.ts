/**
 * Max Amount per 24 Hours needs TYLT's history, which the credential's signing cannot read: only the TYLT node
 * adds it up. So while that limit is set, the credential signs a payout only when the TYLT node vouched for its
 * exact body text a moment before, having counted it against the limit and reserved its room. A voucher is good
 * for the node's own create only: that request carries the voucher's random token in NODE_VOUCHER_HEADER, which
 * the signing takes off before anything is sent. Any other request with the same body (the HTTP Request node, a
 * Code node) cannot know the token, so it never pays with the room the node reserved.
 */
import { randomUUID } from 'crypto';

import { keptBetweenExecutions } from '../memoryBetweenExecutions';

/** The request header that carries a voucher's token from the node's create to the signing; never sent to TYLT. */
export const NODE_VOUCHER_HEADER = 'X-Tylt-Node-Voucher';

/** The node's word for one create on one account (tyltAccountHash), good for the request carrying its token. */
export interface NodeVoucher {
	readonly key: string;
	readonly token: string;
}

/**
 * Account and body text → the vouchers given for creates with exactly that body, not yet taken by a signing.
 * Keyed by the account too: another credential's signing (another account, or a server of the workflow
 * builder's) never takes a voucher the node gave after counting this account's limit.
 */
const vouchers = keptBetweenExecutions('nodeVouchers', new Map<string, NodeVoucher[]>());

const voucherKey = (account: string, bodyText: string) => `${account}\n${bodyText}`;

export function nodeVoucherFor(account: string, bodyText: string): NodeVoucher {
	return { key: voucherKey(account, bodyText), token: randomUUID() };
}

/**
 * Offers the voucher to the signing of the create that carries its token in NODE_VOUCHER_HEADER. The create's
 * sender withdraws it (the returned function) as soon as the create ends, so a voucher never outlives its create.
 */
export function offerNodeVoucher(voucher: NodeVoucher): () => void {
	const offered = vouchers.get(voucher.key) ?? [];
	offered.push(voucher);
	vouchers.set(voucher.key, offered);
	return () => withdraw(voucher);
}

/**
 * Takes the voucher offered for this account and exact body text whose token the request carries; false when the
 * TYLT node offers none to this request.
 */
export function takeNodeVoucher(
	account: string,
	bodyText: string,
	token: string | undefined,
): boolean {
	const offered = vouchers.get(voucherKey(account, bodyText)) ?? [];
	const voucher = offered.find((candidate) => token !== undefined && candidate.token === token);
	if (!voucher) return false;
	withdraw(voucher);
	return true;
}

/** The voucher is no longer offered: a signing took it, or its create ended. */
function withdraw(voucher: NodeVoucher) {
	const left = vouchers.get(voucher.key)?.filter((other) => other !== voucher) ?? [];
	if (left.length > 0) vouchers.set(voucher.key, left);
	else vouchers.delete(voucher.key);
}
