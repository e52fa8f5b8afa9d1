import { describeCharacter, ZERO_ADDRESS_REASON } from './wording';

// Only chains whose one address format is this: a listed symbol refuses every other format on it (the chains
// left out, and why: docs/operations.md, Payout → Create).
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

/** EIP-55: a letter is upper-case when its nibble of keccak256(the lower-case digits) is 8 or more. */
export function hasValidEip55Checksum(hexDigits: string): boolean {
	const hash = keccak256(Buffer.from(hexDigits.toLowerCase(), 'latin1'));
	for (let i = 0; i < hexDigits.length; i++) {
		const digit = hexDigits[i];
		if (digit >= '0' && digit <= '9') continue; // digits have no case to carry a bit
		const nibble = i % 2 === 0 ? hash[i >> 1] >> 4 : hash[i >> 1] & 0x0f;
		const isUpperCase = digit >= 'A' && digit <= 'F';
		if (isUpperCase !== nibble >= 8) return false;
	}
	return true;
}

// Keccak-256 pads with 0x01, NIST's SHA3-256 with 0x06; Node has no Keccak-256 (docs/money-safety.md).
// Each 64-bit lane `x + 5 * y` is two 32-bit words, low half first: BigInt would be slow.
const RATE_BYTES = 136; // 1600-bit state minus the 512-bit capacity of a 256-bit digest
const DIGEST_BYTES = 32;
const ROUNDS = 24;
const KECCAK_PADDING = 0x01;
const SHA3_PADDING = 0x06;

// The ι round constants of FIPS 202 §3.2.5: the high and the low 32 bits of each 64-bit constant.
const ROUND_CONSTANTS_HIGH = Uint32Array.from([
	0x00000000, 0x00000000, 0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x80000000, 0x80000000,
	0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x80000000, 0x80000000, 0x80000000,
	0x80000000, 0x80000000, 0x00000000, 0x80000000, 0x80000000, 0x80000000, 0x00000000, 0x80000000,
]);
const ROUND_CONSTANTS_LOW = Uint32Array.from([
	0x00000001, 0x00008082, 0x0000808a, 0x80008000, 0x0000808b, 0x80000001, 0x80008081, 0x00008009,
	0x0000008a, 0x00000088, 0x80008009, 0x8000000a, 0x8000808b, 0x0000008b, 0x00008089, 0x00008003,
	0x00008002, 0x00000080, 0x0000800a, 0x8000000a, 0x80008081, 0x00008080, 0x80000001, 0x80008008,
]);

// ρ and π as one walk along the π cycle from lane 1: step t's lane rotates by RHO_OFFSETS[t] into
// PI_LANES[t]. No offset is 0 or 32, which the rotation relies on.
const PI_LANES = [
	10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1,
];
const RHO_OFFSETS = [
	1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44,
];

export function keccak256(data: Uint8Array): Uint8Array {
	return sponge256(data, KECCAK_PADDING);
}

/** Not for addresses: tests check the sponge against Node's own SHA3-256 through it. */
export function sha3_256(data: Uint8Array): Uint8Array {
	return sponge256(data, SHA3_PADDING);
}

function sponge256(data: Uint8Array, paddingByte: number): Uint8Array {
	const state = new Uint32Array(50);
	const fullBlocksEnd = data.length - (data.length % RATE_BYTES);
	for (let offset = 0; offset < fullBlocksEnd; offset += RATE_BYTES) {
		absorbBlock(state, data, offset);
		permute(state);
	}
	// There is always a last block, for the padding: its byte after the data, and 0x80 in the block's last byte.
	const lastBlock = new Uint8Array(RATE_BYTES);
	lastBlock.set(data.subarray(fullBlocksEnd));
	lastBlock[data.length - fullBlocksEnd] ^= paddingByte;
	lastBlock[RATE_BYTES - 1] ^= 0x80;
	absorbBlock(state, lastBlock, 0);
	permute(state);
	return squeeze(state);
}

function absorbBlock(state: Uint32Array, bytes: Uint8Array, offset: number): void {
	for (let word = 0; word < RATE_BYTES / 4; word++) {
		const at = offset + word * 4;
		state[word] ^= bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
	}
}

function squeeze(state: Uint32Array): Uint8Array {
	const digest = new Uint8Array(DIGEST_BYTES);
	for (let i = 0; i < DIGEST_BYTES; i++) {
		digest[i] = state[i >> 2] >>> ((i & 3) * 8);
	}
	return digest;
}

// Scratch space reused across calls: addresses are checked one at a time, and this is synchronous.
const columnParity = new Uint32Array(10);
const row = new Uint32Array(10);

function permute(state: Uint32Array): void {
	for (let round = 0; round < ROUNDS; round++) {
		// θ: XOR every lane with the parities of the two neighbouring columns.
		for (let x = 0; x < 10; x++) {
			columnParity[x] = state[x] ^ state[x + 10] ^ state[x + 20] ^ state[x + 30] ^ state[x + 40];
		}
		for (let x = 0; x < 5; x++) {
			const next = ((x + 1) % 5) * 2;
			const previous = ((x + 4) % 5) * 2;
			const nextLow = columnParity[next];
			const nextHigh = columnParity[next + 1];
			const low = columnParity[previous] ^ ((nextLow << 1) | (nextHigh >>> 31));
			const high = columnParity[previous + 1] ^ ((nextHigh << 1) | (nextLow >>> 31));
			for (let lane = x; lane < 25; lane += 5) {
				state[lane * 2] ^= low;
				state[lane * 2 + 1] ^= high;
			}
		}

		// ρ and π: rotate each lane and move it to its new position.
		let carriedLow = state[2];
		let carriedHigh = state[3];
		for (let step = 0; step < 24; step++) {
			const target = PI_LANES[step] * 2;
			const offset = RHO_OFFSETS[step];
			const displacedLow = state[target];
			const displacedHigh = state[target + 1];
			if (offset < 32) {
				state[target] = (carriedLow << offset) | (carriedHigh >>> (32 - offset));
				state[target + 1] = (carriedHigh << offset) | (carriedLow >>> (32 - offset));
			} else {
				// Rotating by 32 + n swaps the halves, then rotates by n.
				const n = offset - 32;
				state[target] = (carriedHigh << n) | (carriedLow >>> (32 - n));
				state[target + 1] = (carriedLow << n) | (carriedHigh >>> (32 - n));
			}
			carriedLow = displacedLow;
			carriedHigh = displacedHigh;
		}

		// χ: the only non-linear step, row by row.
		for (let rowStart = 0; rowStart < 50; rowStart += 10) {
			for (let i = 0; i < 10; i++) row[i] = state[rowStart + i];
			for (let x = 0; x < 5; x++) {
				const next = ((x + 1) % 5) * 2;
				const afterNext = ((x + 2) % 5) * 2;
				state[rowStart + x * 2] = row[x * 2] ^ (~row[next] & row[afterNext]);
				state[rowStart + x * 2 + 1] = row[x * 2 + 1] ^ (~row[next + 1] & row[afterNext + 1]);
			}
		}

		// ι
		state[0] ^= ROUND_CONSTANTS_LOW[round];
		state[1] ^= ROUND_CONSTANTS_HIGH[round];
	}
}
