// Invisible characters are spelled out: a quoted space in an error would leave the reader hunting for it.
const NAMED_CHARACTERS: Readonly<Record<string, string>> = {
	' ': 'a space',
	'\t': 'a tab',
	'\n': 'a line break',
	'\r': 'a line break',
	'\u00a0': 'a non-breaking space',
	'\u200b': 'a zero-width space',
};

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

/** The first character outside 0x21 to 0x7E, the printable ASCII every address format is written in. */
export function firstNonPrintableAscii(text: string): string | undefined {
	return /[^\x21-\x7e]/u.exec(text)?.[0];
}

// Nobody holds an all-zero account's key, and a blank template field tends to become one.
export const ZERO_ADDRESS_REASON =
	'it is the zero address, which nobody controls, so a payout to it would be lost';
