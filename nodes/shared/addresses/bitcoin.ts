/** Bitcoin, Litecoin and Dogecoin addresses, and their encodings (Base58, Base58Check, bech32, bech32m). */
import { createHash } from 'crypto';

import { describeCharacter, ZERO_ADDRESS_REASON } from './wording';

export function digitValues(alphabet: string): ReadonlyMap<string, number> {
	return new Map(Array.from(alphabet, (character, value) => [character, value]));
}

function base58Alphabet(alphabet: string) {
	const values = digitValues(alphabet);
	return {
		firstInvalidCharacter: (text: string) =>
			Array.from(text).find((character) => !values.has(character)),
		/** Undefined for a character outside the alphabet. Quadratic in the length: callers bound it first. */
		decode(text: string): Uint8Array | undefined {
			const digits = Array.from(text, (character) => values.get(character));
			if (digits.includes(undefined)) return undefined;
			// Each leading digit 0 stands for a leading zero byte, which the number alone would lose.
			let leadingZeros = 0;
			while (leadingZeros < digits.length && digits[leadingZeros] === 0) leadingZeros++;

			const littleEndian: number[] = [];
			for (let i = leadingZeros; i < digits.length; i++) {
				let carry = digits[i] as number;
				for (let j = 0; j < littleEndian.length; j++) {
					carry += littleEndian[j] * 58;
					littleEndian[j] = carry & 0xff;
					carry >>= 8;
				}
				for (; carry > 0; carry >>= 8) littleEndian.push(carry & 0xff);
			}
			const bytes = new Uint8Array(leadingZeros + littleEndian.length);
			bytes.set(littleEndian.reverse(), leadingZeros);
			return bytes;
		},
	};
}

const BITCOIN_BASE58 = base58Alphabet('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');

/** The XRP Ledger's own order of the same 58 characters: digit 0 is 'r', hence classic addresses start with r. */
export const XRP_BASE58 = base58Alphabet(
	'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz',
);

export const firstNonBase58Character = BITCOIN_BASE58.firstInvalidCharacter;
export const decodeBase58 = BITCOIN_BASE58.decode;

export function base58CharacterReason(networkName: string, character: string): string {
	return `${networkName} addresses are written in Base58, which has no 0, O, I or l; this one contains ${describeCharacter(character)}`;
}

// Bech32 (BIP-173) and bech32m (BIP-350) differ only in the constant the checksum leaves: one decoder reads
// both and says which, and the segwit rules decide whether that is the right one.
const WORD_VALUES = digitValues('qpzry9x8gf2tvdw0s3jn54khce6mua7l');
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const CHECKSUM_CONSTANTS = { bech32: 1, bech32m: 0x2bc830a3 } as const;
const CHECKSUM_WORDS = 6;
const MAX_LENGTH = 90;

export interface Bech32Text {
	prefix: string;
	/** The 5-bit words between the separator and the checksum. */
	words: number[];
	encoding: keyof typeof CHECKSUM_CONSTANTS;
}

/** The prefix and words `text` carries, or why it is not bech32 or bech32m text. */
export function decodeBech32(text: string): Bech32Text | string {
	if (text.length > MAX_LENGTH) {
		return `a bech32 address is at most ${MAX_LENGTH} characters (this one has ${text.length})`;
	}
	const lower = text.toLowerCase();
	if (lower !== text && text.toUpperCase() !== text) {
		return 'it mixes upper- and lower-case letters, which a bech32 address never does';
	}
	const separator = lower.lastIndexOf('1');
	if (separator < 1 || lower.length - separator - 1 < CHECKSUM_WORDS) {
		return 'a bech32 address is a prefix, the separator 1 and at least 6 more characters';
	}
	const prefix = lower.slice(0, separator);
	const words: number[] = [];
	for (const character of lower.slice(separator + 1)) {
		const value = WORD_VALUES.get(character);
		if (value === undefined) {
			return `bech32 addresses have no 1, b, i or o after the separator; this one contains ${describeCharacter(character)}`;
		}
		words.push(value);
	}
	const residue = polymod([...expandPrefix(prefix), ...words]);
	const encoding = (['bech32', 'bech32m'] as const).find(
		(candidate) => CHECKSUM_CONSTANTS[candidate] === residue,
	);
	if (encoding === undefined) {
		return 'the bech32 checksum does not match, so the address is probably mistyped';
	}
	return { prefix, words: words.slice(0, -CHECKSUM_WORDS), encoding };
}

/** The bytes 5-bit `words` spell; undefined when over 4 bits or any non-zero bits are left (BIP-173). */
export function wordsToBytes(words: readonly number[]): Uint8Array | undefined {
	const bytes: number[] = [];
	let accumulator = 0;
	let bits = 0;
	for (const word of words) {
		accumulator = ((accumulator << 5) | word) & 0xfff;
		bits += 5;
		if (bits >= 8) {
			bits -= 8;
			bytes.push((accumulator >> bits) & 0xff);
		}
	}
	if (bits >= 5 || (accumulator & ((1 << bits) - 1)) !== 0) return undefined;
	return Uint8Array.from(bytes);
}

function expandPrefix(prefix: string): number[] {
	const codes = Array.from(prefix, (character) => character.charCodeAt(0));
	return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)];
}

function polymod(values: readonly number[]): number {
	let checksum = 1;
	for (const value of values) {
		const top = checksum >>> 25;
		checksum = ((checksum & 0x1ffffff) << 5) ^ value;
		for (let i = 0; i < GENERATOR.length; i++) {
			if ((top >>> i) & 1) checksum ^= GENERATOR[i];
		}
	}
	return checksum >>> 0;
}

/** Base58Check's checksum: the last 4 bytes are the first 4 of SHA-256(SHA-256(the bytes before them)). */
export function hasDoubleSha256Checksum(bytes: Uint8Array): boolean {
	if (bytes.length < 4) return false;
	const payloadEnd = bytes.length - 4;
	const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();
	const expected = sha256(sha256(bytes.subarray(0, payloadEnd)));
	return expected.subarray(0, 4).equals(bytes.subarray(payloadEnd));
}

interface UtxoChain {
	name: string;
	networks: ReadonlySet<string>;
	/** Version bytes of mainnet Base58Check addresses: pay to a key hash, then pay to a script hash. */
	versions: readonly number[];
	/** How its addresses look, for the reason given when one does not. */
	shape: string;
	segwitPrefix?: string;
	testnetVersions: readonly number[];
	testnetSegwitPrefixes: readonly string[];
}

export const BITCOIN: UtxoChain = {
	name: 'Bitcoin',
	networks: new Set(['BTC', 'BITCOIN']),
	versions: [0x00, 0x05],
	shape: 'start with 1 or 3 (Base58Check) or bc1 (segwit)',
	segwitPrefix: 'bc',
	testnetVersions: [0x6f, 0xc4],
	testnetSegwitPrefixes: ['tb', 'bcrt'],
};

export const LITECOIN: UtxoChain = {
	name: 'Litecoin',
	networks: new Set(['LTC', 'LITECOIN']),
	// 0x05 (addresses starting with 3) is Litecoin's former script-hash version, still accepted by its wallets.
	versions: [0x30, 0x32, 0x05],
	shape: 'start with L, M or 3 (Base58Check) or ltc1 (segwit)',
	segwitPrefix: 'ltc',
	testnetVersions: [0x6f, 0x3a, 0xc4],
	testnetSegwitPrefixes: ['tltc', 'rltc'],
};

export const DOGECOIN: UtxoChain = {
	name: 'Dogecoin',
	networks: new Set(['DOGE', 'DOGECOIN']),
	versions: [0x1e, 0x16],
	shape: 'start with D, A or 9 (Base58Check)',
	testnetVersions: [0x71, 0xc4],
	testnetSegwitPrefixes: [],
};

const UTXO_CHAINS: readonly UtxoChain[] = [BITCOIN, LITECOIN, DOGECOIN];

// Version byte, 20-byte hash, 4-byte checksum: 25 bytes, which Base58 writes in 25 to 35 characters.
const BASE58_BYTES = 25;
const BASE58_CHARACTERS = { min: 25, max: 35 };
const SEGWIT_PROGRAM_BYTES = { min: 2, max: 40 };

export function utxoAddressProblem(chain: UtxoChain): (address: string) => string | undefined {
	return (address) => {
		const segwitPrefix = /^([a-z]{2,4})1/i.exec(address)?.[1].toLowerCase();
		if (segwitPrefix !== undefined) {
			if (segwitPrefix === chain.segwitPrefix) {
				// A Base58Check address may begin like a segwit one (Litecoin's L, then Tc1): it is mixed-case,
				// which bech32 never is, and has only Base58 characters.
				const isMixedCase = address !== address.toLowerCase() && address !== address.toUpperCase();
				const looksBase58 = isMixedCase && firstNonBase58Character(address) === undefined;
				return looksBase58 ? base58Problem(chain, address) : segwitProblem(address);
			}
			if (chain.testnetSegwitPrefixes.includes(segwitPrefix)) return testnetReason(chain);
			const other = UTXO_CHAINS.find((candidate) => candidate.segwitPrefix === segwitPrefix);
			if (other) return `it is a ${other.name} address, not a ${chain.name} one`;
		}
		return base58Problem(chain, address);
	};
}

function base58Problem(chain: UtxoChain, address: string): string | undefined {
	const format = `${chain.name} addresses ${chain.shape}`;
	const invalidCharacter = firstNonBase58Character(address);
	if (invalidCharacter !== undefined) {
		return `${format}; ${base58CharacterReason('Base58Check', invalidCharacter)}`;
	}
	if (address.length < BASE58_CHARACTERS.min || address.length > BASE58_CHARACTERS.max) {
		return `${format}; a Base58Check one is ${BASE58_CHARACTERS.min} to ${BASE58_CHARACTERS.max} characters long (this one has ${address.length})`;
	}
	const bytes = decodeBase58(address) as Uint8Array;
	if (bytes.length !== BASE58_BYTES) {
		return `${format}; a Base58Check one decodes to ${BASE58_BYTES} bytes (this one to ${bytes.length})`;
	}
	if (!hasDoubleSha256Checksum(bytes)) {
		return `the ${chain.name} checksum does not match, so the address is probably mistyped`;
	}
	const version = bytes[0];
	if (!chain.versions.includes(version)) {
		if (chain.testnetVersions.includes(version)) return testnetReason(chain);
		const other = UTXO_CHAINS.find((candidate) => candidate.versions.includes(version));
		if (other) return `it is a ${other.name} address, not a ${chain.name} one`;
		const hex = version.toString(16).padStart(2, '0');
		return `${format}; this one has version byte 0x${hex}, so it is not a ${chain.name} address`;
	}
	if (bytes.subarray(1, 21).every((byte) => byte === 0)) return ZERO_ADDRESS_REASON;
	return undefined;
}

// Of the versions after 0 only Taproot (1, 32 bytes) is in use: anyone can spend coins sent to another.
function segwitProblem(address: string): string | undefined {
	const decoded = decodeBech32(address);
	if (typeof decoded === 'string') return decoded;
	const [version, ...programWords] = decoded.words;
	const program = wordsToBytes(programWords);
	if (version === undefined) return 'it is a segwit prefix with nothing after it';
	if (version > 16) return `its witness version ${version} does not exist (versions are 0 to 16)`;
	if (!program)
		return 'its witness program does not end on a whole byte, so it is probably mistyped';
	const expected = version === 0 ? 'bech32' : 'bech32m';
	if (decoded.encoding !== expected) {
		return `a segwit version ${version} address uses the ${expected} checksum, this one ${decoded.encoding}, so it is probably mistyped`;
	}
	if (program.length < SEGWIT_PROGRAM_BYTES.min || program.length > SEGWIT_PROGRAM_BYTES.max) {
		return `a segwit witness program is ${SEGWIT_PROGRAM_BYTES.min} to ${SEGWIT_PROGRAM_BYTES.max} bytes (this one ${program.length})`;
	}
	if (version === 0 && program.length !== 20 && program.length !== 32) {
		return `a version 0 segwit address carries 20 or 32 bytes (this one ${program.length})`;
	}
	if (version === 1 && program.length === 32) return undefined; // Taproot
	if (version > 0) {
		return `it is a segwit version ${version} address with ${program.length} bytes, which no wallet uses yet: anyone could take coins sent to it`;
	}
	if (program.every((byte) => byte === 0)) return ZERO_ADDRESS_REASON;
	return undefined;
}

function testnetReason(chain: UtxoChain): string {
	return `it is a ${chain.name} testnet address; payouts go to ${chain.name} mainnet`;
}
