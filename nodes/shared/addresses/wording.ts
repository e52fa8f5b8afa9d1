/** How an address problem names what is wrong: a character a person can find, the zero address. */
const NAMED_CHARACTERS: Readonly<Record<string, string>> = {
	' ': 'a space',
	'\t': 'a tab',
	'\n': 'a line break',
	'\r': 'a line break',
	'\u00a0': 'a non-breaking space',
	'\u200b': 'a zero-width space',
};

/**
 * Names a character for a person fixing an address. Invisible ones are spelled out: a quoted space
 * or zero-width space in an error message would leave the reader hunting for what is wrong.
 */
export function describeCharacter(character: string): string {
	const named = NAMED_CHARACTERS[character];
	if (named) return named;
	const codePoint = character.codePointAt(0) ?? 0;
	if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) {
		return `the control character U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
	}
	// Outside ASCII a letter can pass for another (Cyrillic а for Latin a): the code point tells them apart.
	if (codePoint > 0x7e) {
		return `'${character}' (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')})`;
	}
	return `'${character}'`;
}

/**
 * The first character of `text` outside printable ASCII (0x21 to 0x7E), or undefined when there is none.
 * Every address format TYLT pays out to is written in that range.
 */
export function firstNonPrintableAscii(text: string): string | undefined {
	return Array.from(text).find((character) => {
		const codePoint = character.codePointAt(0) ?? 0;
		return codePoint < 0x21 || codePoint > 0x7e;
	});
}

/**
 * Why an all-zero account is refused even though its format is valid: nobody holds its key, so
 * anything sent there is burned. It is also what a blank template field tends to become.
 */
export const ZERO_ADDRESS_REASON =
	'it is the zero address, which nobody controls, so a payout to it would be lost';
