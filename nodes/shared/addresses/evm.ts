import { describeCharacter } from './characters';
import { hasValidEip55Checksum } from './eip55';
import { ZERO_ADDRESS_REASON } from './zeroAddress';

/**
 * Network symbols (upper case) whose payout addresses are Ethereum-style: 0x and 20 bytes in hex,
 * with the optional EIP-55 checksum carried in the letter case. Listing a symbol rejects every other
 * format on it, so only chains where this is the one address format are listed.
 *
 * Left out on purpose, so they pass through unchecked:
 * - AVAX: on exchanges usually the Avalanche X-Chain (X-avax1...); the EVM C-Chain is AVAXC.
 * - BNB: often the retired BNB Beacon Chain (bnb1...); the EVM chain is BSC.
 * - RSK / RBTC: EIP-1191 mixes the chain id into the checksum, so correct addresses fail EIP-55.
 * - ONE (Harmony), XDC, CRO: a second format (one1..., xdc..., cro1...) is in common use.
 * - Starknet: 32-byte addresses.
 */
export const EVM_NETWORKS: ReadonlySet<string> = new Set([
	...['ETH', 'ERC20'], // Ethereum
	...['BSC', 'BEP20'], // BNB Smart Chain
	...['MATIC', 'POLYGON', 'POL'], // Polygon PoS
	...['ARB', 'ARBITRUM'], // Arbitrum One
	...['OP', 'OPTIMISM'], // OP Mainnet
	'BASE',
	'AVAXC', // Avalanche C-Chain
	'FTM', // Fantom Opera
	'CELO',
	'LINEA',
	'SCROLL',
	'ZKSYNC', // zkSync Era
]);

const HEX_DIGITS = 40;
const HEX_DIGIT = /^[0-9a-fA-F]$/;

/** Why `address` is not an Ethereum-style address, or undefined when it is one. */
export function evmAddressProblem(address: string, networkSymbol: string): string | undefined {
	const format = `${networkSymbol} addresses are 0x followed by ${HEX_DIGITS} hexadecimal digits`;
	if (!address.startsWith('0x')) {
		return address.startsWith('0X')
			? `${format} (this one starts with 0X; the x must be lower-case)`
			: `${format} (this one does not start with 0x)`;
	}
	const digits = address.slice(2);
	const invalidCharacter = Array.from(digits).find((character) => !HEX_DIGIT.test(character));
	if (invalidCharacter !== undefined) {
		return `${format} (this one contains ${describeCharacter(invalidCharacter)})`;
	}
	if (digits.length !== HEX_DIGITS) return `${format} (this one has ${digits.length})`;
	if (/^0+$/.test(digits)) return ZERO_ADDRESS_REASON;
	// Single-case addresses carry no checksum (EIP-55 keeps them valid); mixed case claims one.
	const isMixedCase = /[a-f]/.test(digits) && /[A-F]/.test(digits);
	if (isMixedCase && !hasValidEip55Checksum(digits)) {
		return 'the mixed-case letters do not match the EIP-55 checksum, so the address is probably mistyped';
	}
	return undefined;
}
