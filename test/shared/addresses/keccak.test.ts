import { createHash } from 'crypto';

import { keccak256, sha3_256 } from '../../../nodes/shared/addresses/keccak';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const fromHex = (digits: string) => Buffer.from(digits, 'hex');

/** Bytes that differ at every position and for every length, so no two test inputs coincide. */
function sampleBytes(length: number): Buffer {
	return Buffer.from(Array.from({ length }, (_, i) => (i * 167 + length * 13 + 7) & 0xff));
}

// The message bytes of the Keccak team's round-3 known-answer file KeccakKAT/ShortMsgKAT_256.txt
// (the same messages appear in XKCP's SHA-3 KATs).
const KAT_1080_BITS =
	'B771D5CEF5D1A41A93D15643D7181D2A2EF0A8E84D91812F20ED21F147BEF732BF3A60EF4067C3734B85BC8CD471780F' +
	'10DC9E8291B58339A677B960218F71E793F2797AEA349406512829065D37BB55EA796FA4F56FD8896B49B2CD19B43215' +
	'AD967C712B24E5032D065232E02C127409D2ED4146B9D75D763D52DB98D949D3B0FED6A8052FBB';
const KAT_1088_BITS =
	'B32D95B0B9AAD2A8816DE6D06D1F86008505BD8C14124F6E9A163B5A2ADE55F835D0EC3880EF50700D3B25E42CC0AF05' +
	'0CCD1BE5E555B23087E04D7BF9813622780C7313A1954F8740B6EE2D3F71F768DD417F520482BD3A08D4F222B4EE9DBD' +
	'015447B33507DD50F3AB4247C5DE9A8ABD62A8DECEA01E3B87C8B927F5B08BEB37674C6F8E380C04';
const KAT_2000_BITS =
	'B3C5E74B69933C2533106C563B4CA20238F2B6E675E8681E34A389894785BDADE59652D4A73D80A5C85BD454FD1E9FFD' +
	'AD1C3815F5038E9EF432AAC5C3C4FE840CC370CF86580A6011778BBEDAF511A51B56D1A2EB68394AA299E26DA9ADA6A2' +
	'F39B9FAFF7FBA457689B9C1A577B2A1E505FDF75C7A0A64B1DF81B3A356001BF0DF4E02A1FC59F651C9D585EC6224BB2' +
	'79C6BEBA2966E8882D68376081B987468E7AED1EF90EBD090AE825795CDCA1B4F09A979C8DFC21A48D8A53CDBB26C4DB' +
	'547FC06EFE2F9850EDD2685A4661CB4911F165D4B63EF25B87D0A96D3DFF6AB0758999AAD214D07BD4F133A6734FDE44' +
	'5FE474711B69A98F7E2B';

describe('keccak256', () => {
	it.each([
		[
			'the empty string',
			Buffer.from(''),
			'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
		],
		[
			'"abc"',
			Buffer.from('abc'),
			'4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
		],
		[
			'KAT Len = 8 (CC)',
			fromHex('CC'),
			'eead6dbfc7340a56caedc044696a168870549a6a7f6f56961e84a54bd9970b8a',
		],
		[
			'KAT Len = 24',
			fromHex('1F877C'),
			'627d7bc1491b2ab127282827b8de2d276b13d7d70fb4c5957fdf20655bc7ac30',
		],
		[
			'KAT Len = 1080 (rate - 1 byte: both padding bits in one byte)',
			fromHex(KAT_1080_BITS),
			'bd6f5492582a7c1b116304de28314df9fffe95b0da11af52fe9440a717a34859',
		],
		[
			'KAT Len = 1088 (exactly one rate: the padding takes a second block)',
			fromHex(KAT_1088_BITS),
			'e717a7769448abbe5fef8187954a88ac56ded1d22e63940ab80d029585a21921',
		],
		[
			'KAT Len = 2000 (250 bytes: two blocks of data)',
			fromHex(KAT_2000_BITS),
			'c6d86cc4ccef3bb70bf7bfddec6a9a04a0dd0a68fe1bf51c14648cf506a03e98',
		],
		[
			'the Transfer event topic',
			Buffer.from('Transfer(address,address,uint256)'),
			'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
		],
	])('hashes %s to the published digest', (_name, input, digest) => {
		expect(hex(keccak256(input))).toBe(digest);
	});

	it('is the original Keccak, not NIST SHA3-256 (the padding byte differs)', () => {
		const input = Buffer.from('abc');
		expect(hex(keccak256(input))).not.toBe(createHash('sha3-256').update(input).digest('hex'));
	});

	// SHA3-256 is the same sponge with another padding byte, and node's OpenSSL implements it
	// independently: agreeing on every length through three blocks checks the permutation, the
	// absorbing of whole blocks and the padding position at and around each 136-byte boundary.
	it('shares its sponge with OpenSSL SHA3-256 for every input length from 0 to 420 bytes', () => {
		const mismatchedLengths = [];
		for (let length = 0; length <= 420; length++) {
			const input = sampleBytes(length);
			const expected = createHash('sha3-256').update(input).digest('hex');
			if (hex(sha3_256(input)) !== expected) mismatchedLengths.push(length);
		}
		expect(mismatchedLengths).toEqual([]);
	});

	it('gives distinct, repeatable digests for 135, 136, 137 and 200 bytes', () => {
		const lengths = [135, 136, 137, 200];
		const digests = lengths.map((length) => hex(keccak256(sampleBytes(length))));
		expect(new Set(digests).size).toBe(lengths.length);
		expect(lengths.map((length) => hex(keccak256(sampleBytes(length))))).toEqual(digests);
	});

	it('differs for inputs that differ only in a trailing zero byte', () => {
		expect(hex(keccak256(fromHex('00')))).not.toBe(hex(keccak256(fromHex(''))));
		expect(hex(keccak256(sampleBytes(135)))).not.toBe(
			hex(keccak256(Buffer.concat([sampleBytes(135), fromHex('00')]))),
		);
	});

	it('reads a Uint8Array view at an offset, and leaves its input unchanged', () => {
		const backing = new Uint8Array([0xff, 0x61, 0x62, 0x63, 0xff]);
		const view = backing.subarray(1, 4);
		expect(hex(keccak256(view))).toBe(
			'4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
		);
		expect(Array.from(backing)).toEqual([0xff, 0x61, 0x62, 0x63, 0xff]);
	});

	it('returns 32 bytes', () => {
		expect(keccak256(sampleBytes(1000))).toHaveLength(32);
	});
});
