import { createHash } from 'crypto';

import {
	EVM_NETWORKS,
	evmAddressProblem,
	hasValidEip55Checksum,
	keccak256,
	sha3_256,
} from '../../../nodes/shared/addresses/evm';
import { ZERO_ADDRESS_REASON } from '../../../nodes/shared/addresses/wording';

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const FORMAT = 'ETH addresses are 0x followed by 40 hexadecimal digits';
const CHECKSUM_MISMATCH =
	'the mixed-case letters do not match the EIP-55 checksum, so the address is probably mistyped';

describe('evmAddressProblem', () => {
	it.each([
		['an EIP-55 checksummed address', CHECKSUMMED],
		['the same address in lower case (no checksum to check)', CHECKSUMMED.toLowerCase()],
		['the same address in upper case after 0x', '0x' + CHECKSUMMED.slice(2).toUpperCase()],
		['an address of digits only', '0x1234567890123456789012345678901234567890'],
		['another EIP-55 vector', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
	])('accepts %s', (_name, address) => {
		expect(evmAddressProblem(address, 'ETH')).toBeUndefined();
	});

	it.each([
		['no 0x', CHECKSUMMED.slice(2), `${FORMAT} (this one does not start with 0x)`],
		[
			'an upper-case 0X',
			'0X' + CHECKSUMMED.slice(2),
			`${FORMAT} (this one starts with 0X; the x must be lower-case)`,
		],
		[
			'a TRON address',
			'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
			`${FORMAT} (this one does not start with 0x)`,
		],
		['39 digits', CHECKSUMMED.slice(0, -1), `${FORMAT} (this one has 39)`],
		['41 digits', CHECKSUMMED.toLowerCase() + 'a', `${FORMAT} (this one has 41)`],
		['only 0x', '0x', `${FORMAT} (this one has 0)`],
		[
			'a letter beyond f',
			'0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
			`${FORMAT} (this one contains 'g')`,
		],
		[
			'an O typed for a 0',
			'0x5aAeb6O53F3E94C9b9A09f33669435E7Ef1BeAed',
			`${FORMAT} (this one contains 'O')`,
		],
		['a trailing space', CHECKSUMMED + ' ', `${FORMAT} (this one contains a space)`],
		[
			'a second 0x',
			'0x0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA',
			`${FORMAT} (this one contains 'x')`,
		],
		[
			'one letter in the wrong case',
			'0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
			CHECKSUM_MISMATCH,
		],
		[
			'a digit typo in a checksummed address',
			'0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA3d',
			CHECKSUM_MISMATCH,
		],
		['the zero address', '0x' + '0'.repeat(40), ZERO_ADDRESS_REASON],
	])('refuses %s', (_name, address, reason) => {
		expect(evmAddressProblem(address, 'ETH')).toBe(reason);
	});

	it('names the network it was asked about', () => {
		expect(evmAddressProblem('0x12', 'BSC')).toBe(
			'BSC addresses are 0x followed by 40 hexadecimal digits (this one has 2)',
		);
	});
});

describe('EVM_NETWORKS', () => {
	it.each(['ETH', 'BSC', 'MATIC', 'POLYGON', 'ARBITRUM', 'OP', 'BASE', 'AVAXC', 'ZKSYNC'])(
		'includes %s',
		(symbol) => {
			expect(EVM_NETWORKS.has(symbol)).toBe(true);
		},
	);

	// Symbols that often mean a chain with another address format, where a check would refuse
	// correct addresses.
	it.each(['AVAX', 'BNB', 'RSK', 'RBTC', 'ONE', 'XDC', 'TRX', 'SOL', 'BTC'])(
		'leaves out %s',
		(symbol) => {
			expect(EVM_NETWORKS.has(symbol)).toBe(false);
		},
	);

	it('holds upper-case symbols only, as lookups expect', () => {
		expect([...EVM_NETWORKS].filter((symbol) => symbol !== symbol.toUpperCase())).toEqual([]);
	});
});

const digitsOf = (address: string) => address.slice(2);

/** Every variant of `address` with exactly one letter's case flipped. */
function singleCaseFlips(address: string): string[] {
	const flips: string[] = [];
	for (let i = 2; i < address.length; i++) {
		const character = address[i];
		const flipped =
			character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase();
		if (flipped !== character) flips.push(address.slice(0, i) + flipped + address.slice(i + 1));
	}
	return flips;
}

// The test cases published in EIP-55 itself, then two widely used token contracts.
const EIP55_CHECKSUMMED = [
	'0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
	'0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
	'0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
	'0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
	'0x52908400098527886E0F7030069857D2E4169EE7',
	'0x8617E340B3D01FA5F11F306F4090FD50E238070D',
	'0xde709f2102306220921060314715629080e2fb77',
	'0x27b1fdb04752bbc536007a920d24acb045561c26',
	'0xdAC17F958D2ee523a2206206994597C13D831ec7',
	'0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
];

describe('hasValidEip55Checksum', () => {
	it.each(EIP55_CHECKSUMMED)('accepts %s', (address) => {
		expect(hasValidEip55Checksum(digitsOf(address))).toBe(true);
	});

	it.each(EIP55_CHECKSUMMED)('rejects every single-letter case flip of %s', (address) => {
		const flips = singleCaseFlips(address);
		expect(flips.length).toBeGreaterThan(0);
		const accepted = flips.filter((flip) => hasValidEip55Checksum(digitsOf(flip)));
		expect(accepted).toEqual([]);
	});

	it('rejects a checksummed address whose case belongs to another address', () => {
		// The letters of the first EIP vector, with one digit changed: the case no longer fits.
		expect(hasValidEip55Checksum('6aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
	});
});

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
