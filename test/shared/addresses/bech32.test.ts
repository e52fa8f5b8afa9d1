import { decodeBech32, wordsToBytes } from '../../../nodes/shared/addresses/bech32';

describe('decodeBech32', () => {
	// BIP-173's valid bech32 strings and BIP-350's valid bech32m strings.
	it.each([
		['A12UEL5L', 'a', 'bech32'],
		['a12uel5l', 'a', 'bech32'],
		['abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw', 'abcdef', 'bech32'],
		['split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w', 'split', 'bech32'],
		['A1LQFN3A', 'a', 'bech32m'],
		['abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx', 'abcdef', 'bech32m'],
		['split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w', 'split', 'bech32'],
	])('reads %p: prefix %p, %s checksum', (text, prefix, encoding) => {
		expect(decodeBech32(text)).toEqual(expect.objectContaining({ prefix, encoding }));
	});

	it('gives the words between the separator and the checksum', () => {
		const decoded = decodeBech32('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw');
		expect(decoded).toEqual({
			prefix: 'abcdef',
			words: Array.from({ length: 32 }, (_, word) => word),
			encoding: 'bech32',
		});
	});

	it.each([
		[
			'a character changed',
			'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxx',
			/checksum does not match/,
		],
		['no separator', 'pzry9x0s0muk', /prefix, the separator 1/],
		['an empty prefix', '1pzry9x0s0muk', /prefix, the separator 1/],
		['a checksum too short', 'li1dgmt3', /prefix, the separator 1/],
		['a b after the separator', 'x1b4n0q5v', /contains 'b'/],
		['mixed case', 'A12uEL5L', /mixes upper- and lower-case/],
		['91 characters', `a1${'q'.repeat(89)}`, /at most 90 characters \(this one has 91\)/],
		// BIP-173: a checksum computed over the upper-case prefix is wrong.
		['a checksum over the upper-case prefix', 'A1G7SGD8', /checksum does not match/],
	])('refuses %s', (_name, text, reason) => {
		expect(decodeBech32(text)).toMatch(reason);
	});
});

describe('wordsToBytes', () => {
	it('turns 5-bit words into bytes', () => {
		expect(Buffer.from(wordsToBytes([0, 4]) as Uint8Array).toString('hex')).toBe('01');
		expect(wordsToBytes([])).toEqual(new Uint8Array());
	});

	it('refuses left-over bits that are not zero, or 5 or more left over', () => {
		expect(wordsToBytes([0, 5])).toBeUndefined();
		expect(wordsToBytes([0, 0, 0])).toBeUndefined();
	});
});
