import { describeCharacter } from './characters';

/** A Base58 alphabet: its first character stands for digit 0, and so for a leading zero byte. */
export interface Base58Alphabet {
	/** The first character of `text` outside the alphabet, or undefined when there is none. */
	firstInvalidCharacter(text: string): string | undefined;
	/**
	 * The bytes `text` encodes, or undefined when it has a character outside the alphabet. Takes time
	 * quadratic in the length, so callers bound the length first.
	 */
	decode(text: string): Uint8Array | undefined;
}

function base58Alphabet(alphabet: string): Base58Alphabet {
	const digitValues: ReadonlyMap<string, number> = new Map(
		Array.from(alphabet, (character, value) => [character, value]),
	);
	return {
		firstInvalidCharacter: (text) =>
			Array.from(text).find((character) => !digitValues.has(character)),
		decode(text) {
			const values: number[] = [];
			for (const character of text) {
				const value = digitValues.get(character);
				if (value === undefined) return undefined;
				values.push(value);
			}
			// Each leading digit 0 stands for a leading zero byte, which the number alone would lose.
			let leadingZeros = 0;
			while (leadingZeros < values.length && values[leadingZeros] === 0) leadingZeros++;

			const littleEndian: number[] = [];
			for (let i = leadingZeros; i < values.length; i++) {
				let carry = values[i];
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

/**
 * Bitcoin's Base58 alphabet, which TRON, Solana, Litecoin and Dogecoin use: no 0, O, I or l, so they
 * cannot be confused.
 */
export const BITCOIN_BASE58 = base58Alphabet(
	'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
);

/** The XRP Ledger's own order of the same 58 characters: digit 0 is 'r', hence classic addresses start with r. */
export const XRP_BASE58 = base58Alphabet(
	'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz',
);

export const firstNonBase58Character = BITCOIN_BASE58.firstInvalidCharacter;
export const decodeBase58 = BITCOIN_BASE58.decode;

/** Why an address on `networkName` cannot be Base58: the character it has outside the alphabet. */
export function base58CharacterReason(networkName: string, character: string): string {
	return `${networkName} addresses are written in Base58, which has no 0, O, I or l; this one contains ${describeCharacter(character)}`;
}
