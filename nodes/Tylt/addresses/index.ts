import { describeCharacter, firstNonPrintableAscii } from './characters';
import { EVM_NETWORKS, evmAddressProblem } from './evm';
import { TRON_NETWORKS, tronAddressProblem } from './tron';

export { EVM_NETWORKS } from './evm';
export { TRON_NETWORKS } from './tron';
export { canonicalAddress } from '../../shared/walletAddress';

/** One address format and the networks that use it. A new format is one more row. */
interface AddressFormat {
	networks: ReadonlySet<string>;
	/** Why `address` is not in this format, or undefined when it is. */
	problem(address: string, networkSymbol: string): string | undefined;
}

const ADDRESS_FORMATS: readonly AddressFormat[] = [
	{ networks: EVM_NETWORKS, problem: evmAddressProblem },
	{ networks: TRON_NETWORKS, problem: tronAddressProblem },
];

/**
 * Why `address` cannot be an address on any network: a character outside printable ASCII. Spaces,
 * invisible characters (zero-width space, byte-order mark) and look-alike letters from other alphabets
 * (Cyrillic а, Greek Ο) all end up here, on networks with a format checker and on those without one.
 */
export function addressCharacterProblem(address: string): string | undefined {
	const character = firstNonPrintableAscii(address);
	if (character === undefined) return undefined;
	return `wallet addresses are written in printable ASCII only; this one contains ${describeCharacter(character)}`;
}

/**
 * Why `address` cannot receive a payout on `networkSymbol`, or undefined when it can. Every address
 * must be printable ASCII; beyond that, unknown networks pass through unchecked. A payout to a
 * mistyped address is lost, so this runs before anything is sent. The reason is phrased to follow
 * 'Invalid Address "<value>" in item N: ' and never repeats the value.
 */
export function addressProblem(networkSymbol: string, address: string): string | undefined {
	if (typeof address === 'string') {
		const characterProblem = addressCharacterProblem(address);
		if (characterProblem) return characterProblem;
	}
	if (typeof networkSymbol !== 'string') return undefined;
	const symbol = networkSymbol.trim().toUpperCase();
	const format = ADDRESS_FORMATS.find((candidate) => candidate.networks.has(symbol));
	if (!format) return undefined;
	if (typeof address !== 'string' || address === '') {
		return 'a recipient wallet address is required';
	}
	return format.problem(address, symbol);
}
