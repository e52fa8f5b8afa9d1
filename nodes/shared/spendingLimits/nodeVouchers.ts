/** The TYLT node's word for a create it counted under Max Amount per 24 Hours (docs/credential.md). */
import { randomUUID } from 'crypto';

import { keptBetweenExecutions } from '../memoryBetweenExecutions';

/** The request header that carries a voucher's token from the node's create to the signing; never sent to TYLT. */
export const NODE_VOUCHER_HEADER = 'X-Tylt-Node-Voucher';

/** The node's word for one create on one account (tyltAccountHash), good for the request carrying its token. */
export interface NodeVoucher {
	readonly key: string;
	readonly token: string;
}

/** Account and body text → the vouchers offered; keyed by account so no other account's signing takes one. */
const vouchers = keptBetweenExecutions('nodeVouchers', new Map<string, NodeVoucher[]>());

const voucherKey = (account: string, bodyText: string) => `${account}\n${bodyText}`;

export function nodeVoucherFor(account: string, bodyText: string): NodeVoucher {
	return { key: voucherKey(account, bodyText), token: randomUUID() };
}

/** Offers the voucher to the signing; the create's sender withdraws it (the returned function) when it ends. */
export function offerNodeVoucher(voucher: NodeVoucher): () => void {
	vouchers.set(voucher.key, [...(vouchers.get(voucher.key) ?? []), voucher]);
	return () => withdraw(voucher);
}

/** Takes the voucher for this account and exact body text whose token the request carries; false when none. */
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
