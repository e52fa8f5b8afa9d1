/**
 * Max Amount per 24 Hours needs TYLT's history, which the credential's signing cannot read: only the TYLT node
 * adds it up. So while that limit is set, the credential signs a payout only when the TYLT node vouched for its
 * exact body text a moment before, having counted it against the limit. The vouchers live in this module's
 * memory, which a workflow using the credential (the HTTP Request node, a Code node) cannot reach.
 */
import { keptBetweenExecutions } from '../memoryBetweenExecutions';

/** The node's word for one create on one account (tyltAccountHash): `taken` once a signing took it. */
export interface NodeVoucher {
	readonly key: string;
	taken: boolean;
}

/**
 * Account and body text → the vouchers given for creates with exactly that body, not yet taken by a signing.
 * Keyed by the account too: another credential's signing (another account, or a server of the workflow
 * builder's) never takes a voucher the node gave after counting this account's limit.
 */
const vouchers = keptBetweenExecutions('nodeVouchers', new Map<string, NodeVoucher[]>());

const voucherKey = (account: string, bodyText: string) => `${account}\n${bodyText}`;

export function nodeVoucherFor(account: string, bodyText: string): NodeVoucher {
	return { key: voucherKey(account, bodyText), taken: false };
}

/**
 * Runs `create` with the voucher offered. Whatever no signing took is withdrawn when `create` ends, so a voucher
 * never outlives the create it was given for. Another request with the same body text signed meanwhile may take
 * it (it then pays what the node counted): the node's own create is refused, and `taken` says the room was used.
 */
export async function withNodeVoucher<T>(
	voucher: NodeVoucher,
	create: () => Promise<T>,
): Promise<T> {
	const offered = vouchers.get(voucher.key) ?? [];
	offered.push(voucher);
	vouchers.set(voucher.key, offered);
	try {
		return await create();
	} finally {
		const left = vouchers.get(voucher.key)?.filter((other) => other !== voucher) ?? [];
		if (left.length > 0) vouchers.set(voucher.key, left);
		else vouchers.delete(voucher.key);
	}
}

/** Takes one voucher for this account and exact body text; false when the TYLT node offers none. */
export function takeNodeVoucher(account: string, bodyText: string): boolean {
	const key = voucherKey(account, bodyText);
	const offered = vouchers.get(key);
	const voucher = offered?.shift();
	if (offered?.length === 0) vouchers.delete(key);
	if (!voucher) return false;
	voucher.taken = true;
	return true;
}
