/**
 * The one table network → address format: which networks write their addresses how. Read by the TYLT node's
 * payout checks (nodes/Tylt/addresses) and by the credential's Allowed Recipient Addresses, which ties an
 * address to a network; both below the node and the credential, so neither keeps a copy.
 */
import { BITCOIN, DOGECOIN, LITECOIN, utxoAddressProblem } from './bitcoin';
import { EVM_NETWORKS, evmAddressProblem } from './evm';
import { SOLANA_NETWORKS, solanaAddressProblem } from './solana';
import { STELLAR_NETWORKS, stellarAccount, stellarAddressProblem } from './stellar';
import { TON_NETWORKS, tonAccount, tonAddressProblem } from './ton';
import { TPNK_NETWORKS, tpnkAccount, tpnkAddressProblem } from './tpnk';
import { TRON_NETWORKS, tronAddressProblem } from './tron';
import { XRP_NETWORKS, xrpAccount, xrpAddressProblem } from './xrp';

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
