/**
 * How two spellings of a recipient address are told to be one wallet. Shared by the duplicate guard (the node)
 * and the credential's Allowed Recipient Addresses, so both draw the line in the same place.
 */

const EVM_HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** 0x and 40 hex digits in any letter case: the shape of an Ethereum-style address, checksum unchecked. */
export function isEvmHexAddress(address: string): boolean {
	return EVM_HEX_ADDRESS.test(address);
}

/**
 * The one spelling of an address, for telling whether two payouts go to the same recipient: an Ethereum-style
 * hex address is one address in any letter case (EIP-55 only adds a checksum), whatever network it is named
 * on, so it is lower-cased; every other format is case-sensitive and kept as it is.
 */
export function canonicalAddress(address: string): string {
	const trimmed = address.trim();
	return isEvmHexAddress(trimmed) ? trimmed.toLowerCase() : trimmed;
}
