/**
 * Every one-character typo of `address` at `positions` (all after the first character by default) that
 * `problem` lets through. A format with a checksum should let none through.
 */
export function acceptedTypos(
	problem: (address: string) => string | undefined,
	address: string,
	alphabet: string,
	positions: readonly number[] = Array.from({ length: address.length - 1 }, (_, i) => i + 1),
): string[] {
	const accepted: string[] = [];
	for (const position of positions) {
		for (const replacement of alphabet) {
			const typo = address.slice(0, position) + replacement + address.slice(position + 1);
			if (typo !== address && problem(typo) === undefined) accepted.push(typo);
		}
	}
	return accepted;
}
