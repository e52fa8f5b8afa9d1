/**
 * The one table network → address format, read by the TYLT node's payout checks and by the credential's
 * Allowed Recipient Addresses (which ties an address to a network), so neither keeps a copy.
 */
import { BITCOIN, DOGECOIN, LITECOIN, utxoAddressProblem } from './bitcoin';
import { EVM_NETWORKS, evmAddressProblem } from './evm';
import {
	SOLANA_NETWORKS,
	solanaAddressProblem,
	STELLAR_NETWORKS,
	stellarAccount,
	stellarAddressProblem,
	TON_NETWORKS,
	tonAccount,
	tonAddressProblem,
	TPNK_NETWORKS,
	tpnkAccount,
	tpnkAddressProblem,
	XRP_NETWORKS,
	xrpAccount,
	xrpAddressProblem,
} from './otherChains';
import { TRON_NETWORKS, tronAddressProblem } from './tron';

/** One address format and the networks that use it. A new format is one more row. */
export interface AddressFormat {
	/** Network symbols, upper case. */
	networks: ReadonlySet<string>;
	/** Why `address` is not in this format, or undefined when it is. */
	problem(address: string, networkSymbol: string): string | undefined;
	/**
	 * The account a valid address names, one spelling for all of its forms (TON's bounceable and raw forms,
	 * an XRP X-address and its classic address): how a token contract is recognised whatever form it is
	 * written in. Formats without one compare addresses as canonicalAddress spells them.
	 */
	account?(address: string): string | undefined;
}

export const ADDRESS_FORMATS: readonly AddressFormat[] = [
	{ networks: EVM_NETWORKS, problem: evmAddressProblem },
	{ networks: TRON_NETWORKS, problem: tronAddressProblem },
	{ networks: SOLANA_NETWORKS, problem: solanaAddressProblem },
	...[BITCOIN, LITECOIN, DOGECOIN].map((chain) => ({
		networks: chain.networks,
		problem: utxoAddressProblem(chain),
		// Bech32 is one address in either letter case; Base58Check spellings are exact.
		account: (address: string) => (/^[a-z]{2,4}1/i.test(address) ? address.toLowerCase() : address),
	})),
	{ networks: TON_NETWORKS, problem: tonAddressProblem, account: tonAccount },
	{ networks: XRP_NETWORKS, problem: xrpAddressProblem, account: xrpAccount },
	{ networks: STELLAR_NETWORKS, problem: stellarAddressProblem, account: stellarAccount },
	{ networks: TPNK_NETWORKS, problem: tpnkAddressProblem, account: tpnkAccount },
];

/** The format of the network named by an upper-case symbol; undefined for a network without a row. */
export function addressFormatOf(networkSymbol: string): AddressFormat | undefined {
	return ADDRESS_FORMATS.find((format) => format.networks.has(networkSymbol));
}

/**
 * The one spelling of an address, for telling whether two payouts go to the same recipient (the duplicate
 * guard and Allowed Recipient Addresses): an Ethereum-style hex address is one address in any letter case
 * (EIP-55 only adds a checksum), whatever network it is named on; every other format is case-sensitive.
 */
export function canonicalAddress(address: string): string {
	const trimmed = address.trim();
	return /^0x[0-9a-fA-F]{40}$/.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}
