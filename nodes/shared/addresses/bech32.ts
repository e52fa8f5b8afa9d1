import { describeCharacter } from './characters';

/*
 * Bech32 (BIP-173) and bech32m (BIP-350): a human-readable prefix, the separator 1, and 5-bit words ending in
 * a 6-word checksum. The two differ only in the constant the checksum must leave, so one decoder tells which
 * of the two an address uses, and the segwit rules below decide whether that is the right one.
 */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const WORD_VALUES: ReadonlyMap<string, number> = new Map(
	Array.from(CHARSET, (character, value) => [character, value]),
);
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const CHECKSUM_CONSTANTS = { bech32: 1, bech32m: 0x2bc830a3 } as const;
const CHECKSUM_WORDS = 6;
const MAX_LENGTH = 90;

export type Bech32Encoding = keyof typeof CHECKSUM_CONSTANTS;

export interface Bech32Text {
	/** The part before the last 1, in lower case. */
	prefix: string;
	/** The 5-bit words between the separator and the checksum. */
	words: number[];
	encoding: Bech32Encoding;
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
	const encoding = (Object.keys(CHECKSUM_CONSTANTS) as Bech32Encoding[]).find(
		(candidate) => CHECKSUM_CONSTANTS[candidate] === residue,
	);
	if (encoding === undefined) {
		return 'the bech32 checksum does not match, so the address is probably mistyped';
	}
	return { prefix, words: words.slice(0, -CHECKSUM_WORDS), encoding };
}

/**
 * The bytes that 5-bit `words` spell, or undefined when the words do not end on a byte: more than 4 bits
 * left over, or left-over bits that are not zero (BIP-173's rule, so every byte string has one spelling).
 */
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
