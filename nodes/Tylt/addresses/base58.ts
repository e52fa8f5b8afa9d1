/** Bitcoin's Base58 alphabet, which TRON uses: no 0, O, I or l, so they cannot be confused. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT_VALUES: ReadonlyMap<string, number> = new Map(
	Array.from(ALPHABET, (character, value) => [character, value]),
);

/** The first character of `text` outside the Base58 alphabet, or undefined when there is none. */
export function firstNonBase58Character(text: string): string | undefined {
	return Array.from(text).find((character) => !DIGIT_VALUES.has(character));
}

/**
 * The bytes `text` encodes, or undefined when it has a character outside the alphabet. Takes time
 * quadratic in the length, so callers bound the length first.
 */
export function decodeBase58(text: string): Uint8Array | undefined {
	const values: number[] = [];
	for (const character of text) {
		const value = DIGIT_VALUES.get(character);
		if (value === undefined) return undefined;
		values.push(value);
	}
	// Each leading '1' (digit 0) stands for a leading zero byte, which the number alone would lose.
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
}
