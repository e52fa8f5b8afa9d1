/** The one table network → address format, read by the payout checks and Allowed Recipient Addresses. */
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
	// One spelling for every form of a valid address, so a token contract is known in any form; formats without
	// one compare addresses as canonicalAddress spells them.
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

export function addressFormatOf(networkSymbol: string): AddressFormat | undefined {
	return ADDRESS_FORMATS.find((format) => format.networks.has(networkSymbol));
}

/** For "same recipient?": an EVM hex address is one in any letter case, on any network; others are exact. */
export function canonicalAddress(address: string): string {
	const trimmed = address.trim();
	return /^0x[0-9a-fA-F]{40}$/.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}
