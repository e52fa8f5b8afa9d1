import { ZERO_ADDRESS_REASON } from './zeroAddress';

/** TYLT's internal network: its "addresses" are TYLT account IDs, written as UUIDs (tylt-facts.md). */
export const TPNK_NETWORKS: ReadonlySet<string> = new Set(['TPNK']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why `address` is not a TPNK account ID, or undefined when it is one. */
export function tpnkAddressProblem(address: string): string | undefined {
	if (!UUID.test(address)) {
		return 'a TPNK address is a TYLT account ID written as a UUID: 8-4-4-4-12 hexadecimal digits, such as 123e4567-e89b-12d3-a456-426614174000';
	}
	// The nil UUID is what an empty template field tends to become; no account has it.
	if (/^[0-]+$/.test(address)) return ZERO_ADDRESS_REASON;
	return undefined;
}

/** A UUID is one ID in any letter case. */
export function tpnkAccount(address: string): string | undefined {
	return UUID.test(address) ? address.toLowerCase() : undefined;
}
