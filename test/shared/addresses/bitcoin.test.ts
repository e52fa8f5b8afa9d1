import { createHash } from 'crypto';

import {
	BITCOIN,
	decodeBase58,
	decodeBech32,
	DOGECOIN,
	firstNonBase58Character,
	hasDoubleSha256Checksum,
	LITECOIN,
	utxoAddressProblem,
	wordsToBytes,
	XRP_BASE58,
} from '../../../nodes/shared/addresses/bitcoin';
import { ZERO_ADDRESS_REASON } from '../../../nodes/shared/addresses/wording';
import { BASE58_ALPHABET, base58Check, sampleAccountId } from '../../../sandbox/tronAddresses';
import { acceptedTypos } from '../../support/addressTypos';

const decodedHex = (text: string) => {
	const bytes = decodeBase58(text);
	return bytes && Buffer.from(bytes).toString('hex');
};

describe('decodeBase58', () => {
	// Bitcoin Core's src/test/data/base58_encode_decode.json.
	it.each([
		['', ''],
		['2g', '61'],
		['a3gV', '626262'],
		['aPEr', '636363'],
		['2cFupjhnEsSn59qHXstmK2ffpLv2', '73696d706c792061206c6f6e6720737472696e67'],
		['1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L', '00eb15231dfceb60925886b67d065299925915aeb172c06647'],
		['ABnLTmg', '516b6fcd0f'],
		['3SEo3LWLoPntC', 'bf4f89001e670274dd'],
		['3EFU7m', '572e4794'],
		['EJDM8drfXA6uyA', 'ecac89cad93923c02321'],
		['Rt5zm', '10c8511e'],
		['1111111111', '00000000000000000000'],
	])('decodes %p to %p', (text, bytes) => {
		expect(decodedHex(text)).toBe(bytes);
	});

	it.each([
		['0', '0'],
		['O', 'O'],
		['I', 'I'],
		['l', 'l'],
		['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ', ' '],
		['T0Il', '0'],
		['T🙂', '🙂'],
	])('refuses %p, whose first character outside the alphabet is %p', (text, invalidCharacter) => {
		expect(decodeBase58(text)).toBeUndefined();
		expect(firstNonBase58Character(text)).toBe(invalidCharacter);
	});

	it('finds no foreign character in valid text', () => {
		expect(firstNonBase58Character('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeUndefined();
		expect(firstNonBase58Character('')).toBeUndefined();
	});
});

describe('XRP_BASE58', () => {
	it('reads the XRP alphabet, whose digit 0 is r', () => {
		expect(Buffer.from(XRP_BASE58.decode('r') as Uint8Array).toString('hex')).toBe('00');
		expect(Buffer.from(XRP_BASE58.decode('rp') as Uint8Array).toString('hex')).toBe('0001');
		// The same characters in Bitcoin's order decode to other bytes: the alphabets differ in order only.
		expect(decodedHex('rp')).not.toBe('0001');
	});

	it('has no 0, O, I or l either', () => {
		expect(XRP_BASE58.firstInvalidCharacter('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBeUndefined();
		expect(XRP_BASE58.firstInvalidCharacter('rHb0')).toBe('0');
		expect(XRP_BASE58.decode('rHbl')).toBeUndefined();
	});
});

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

const withChecksum = (payload: Buffer) => {
	const once = createHash('sha256').update(payload).digest();
	const twice = createHash('sha256').update(once).digest();
	return Buffer.concat([payload, twice.subarray(0, 4)]);
};

describe('hasDoubleSha256Checksum', () => {
	it('accepts a payload followed by the first 4 bytes of its double SHA-256', () => {
		expect(hasDoubleSha256Checksum(withChecksum(Buffer.from('00', 'hex')))).toBe(true);
		expect(hasDoubleSha256Checksum(withChecksum(Buffer.alloc(0)))).toBe(true);
	});

	it('refuses a changed payload byte or checksum byte', () => {
		const good = withChecksum(Buffer.from('0062e907b15cbf27d5425399ebf6f0fb50ebb88f18', 'hex'));
		for (let i = 0; i < good.length; i++) {
			const changed = Buffer.from(good);
			changed[i] ^= 0x01;
			expect(hasDoubleSha256Checksum(changed)).toBe(false);
		}
	});

	it('refuses fewer than 4 bytes', () => {
		expect(hasDoubleSha256Checksum(Uint8Array.from([1, 2, 3]))).toBe(false);
	});
});

const bitcoin = utxoAddressProblem(BITCOIN);
const litecoin = utxoAddressProblem(LITECOIN);
const dogecoin = utxoAddressProblem(DOGECOIN);

/** A Base58Check address with `version` for a pseudo-random 20-byte hash, built independently of the code. */
const legacy = (version: number, seed = 1) =>
	base58Check(Buffer.concat([Buffer.from([version]), sampleAccountId(seed)]));

const GENESIS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const BECH32_CHARACTERS = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const TAPROOT = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';

describe('Bitcoin', () => {
	// Base58Check: the genesis block's address and BIP-13's script-hash example; segwit: BIP-173 and BIP-350's
	// mainnet vectors that pay to a program in use (version 0, and version 1 with 32 bytes: Taproot).
	it.each([
		GENESIS,
		'3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
		'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
		'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
		'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
		TAPROOT,
	])('accepts %s', (address) => {
		expect(bitcoin(address)).toBeUndefined();
	});

	it('accepts 40 built pay-to-key-hash and pay-to-script-hash addresses', () => {
		const built = Array.from({ length: 40 }, (_, seed) => legacy(seed % 2 ? 0x05 : 0x00, seed));
		expect(built.filter((address) => bitcoin(address) !== undefined)).toEqual([]);
	});

	it.each([
		['a testnet key hash (m…)', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
		[
			'a testnet segwit address (BIP-350)',
			'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
		],
		[
			'a testnet Taproot address (BIP-350)',
			'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
		],
		['a regtest address', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'],
	])('refuses %s: payouts go to mainnet', (_name, address) => {
		expect(bitcoin(address)).toBe('it is a Bitcoin testnet address; payouts go to Bitcoin mainnet');
	});

	it.each([
		[
			'a character changed (Base58Check)',
			GENESIS.slice(0, -1) + 'b',
			/^the Bitcoin checksum does not match/,
		],
		['a character changed (segwit)', TAPROOT.slice(0, -1) + '2', /bech32 checksum does not match/],
		['a character missing', GENESIS.slice(0, 20), /25 to 35 characters long \(this one has 20\)/],
		['a 0', GENESIS.replace('z', '0'), /contains '0'/],
		[
			'mixed case segwit',
			'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
			/checksum does not match|mixes upper/,
		],
		// BIP-350's invalid segwit addresses, each for its own reason.
		[
			'version 1 with the bech32 checksum',
			'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
			/uses the bech32m checksum, this one bech32/,
		],
		[
			'version 16 with the bech32 checksum',
			'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
			/uses the bech32m checksum/,
		],
		[
			'version 0 with the bech32m checksum',
			'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
			/uses the bech32 checksum, this one bech32m/,
		],
		[
			'a character outside bech32',
			'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4',
			/contains 'o'/,
		],
		[
			'witness version 17',
			'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R',
			/witness version 17 does not exist/,
		],
		['a 1-byte program', 'bc1pw5dgrnzv', /2 to 40 bytes \(this one 1\)/],
		[
			'a 41-byte program',
			'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav',
			/2 to 40 bytes \(this one 41\)/,
		],
		[
			'a 16-byte version 0 program',
			'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
			/carries 20 or 32 bytes \(this one 16\)/,
		],
		[
			'more than 4 bits of padding',
			'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf',
			/does not end on a whole byte/,
		],
		['nothing after the prefix', 'bc1gmk9yu', /nothing after it/],
		[
			'a Litecoin address',
			'LKKHMBjCU89fyFNgSRprDoD8Jb25N8uWvd',
			/it is a Litecoin address, not a Bitcoin one/,
		],
		[
			'a Litecoin segwit address',
			'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
			/it is a Litecoin address, not a Bitcoin one/,
		],
		[
			'a TRON address',
			'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
			/version byte 0x41, so it is not a Bitcoin address/,
		],
		['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /contains '0'/],
	])('refuses %s', (_name, address, reason) => {
		expect(bitcoin(address)).toMatch(reason);
	});

	// Well-formed under BIP-350, but no wallet spends from these yet, so anyone could take what is sent there.
	it.each([
		[
			'version 1 with 40 bytes',
			'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
		],
		['version 16', 'BC1SW50QGDZ25J'],
	])('refuses a segwit program not in use: %s', (_name, address) => {
		expect(bitcoin(address)).toMatch(
			/which no wallet uses yet: anyone could take coins sent to it$/,
		);
	});

	it('refuses the all-zero key hash', () => {
		expect(bitcoin('1111111111111111111114oLvT2')).toBe(ZERO_ADDRESS_REASON);
	});

	it('refuses every one-character typo of a legacy address', () => {
		expect(acceptedTypos(bitcoin, GENESIS, BASE58_ALPHABET)).toEqual([]);
	});

	it('refuses every one-character typo of a Taproot address after its prefix bc1', () => {
		const afterPrefix = Array.from({ length: TAPROOT.length - 3 }, (_, i) => i + 3);
		expect(acceptedTypos(bitcoin, TAPROOT, BECH32_CHARACTERS, afterPrefix)).toEqual([]);
	});
});

describe('Litecoin', () => {
	it.each([
		['a key hash (L…)', 'LKKHMBjCU89fyFNgSRprDoD8Jb25N8uWvd'],
		['a script hash (M…)', 'M7zVKQKmtV5Rc7erVGVVC3khZbXxsS5HEX'],
		['a former script hash (3…)', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
		[
			'a segwit address (BIP-173 program, ltc prefix)',
			'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
		],
		['a built key hash', legacy(0x30)],
		['a built script hash', legacy(0x32)],
	])('accepts %s', (_name, address) => {
		expect(litecoin(address)).toBeUndefined();
	});

	it.each([
		['a Bitcoin key hash', GENESIS, /it is a Bitcoin address, not a Litecoin one/],
		[
			'a Bitcoin segwit address',
			'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
			/it is a Bitcoin address, not a Litecoin one/,
		],
		[
			'a testnet segwit address',
			'tltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
			/Litecoin testnet address/,
		],
		['a segwit typo', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n8', /checksum does not match/],
	])('refuses %s', (_name, address, reason) => {
		expect(litecoin(address)).toMatch(reason);
	});

	it('accepts a Base58Check address that begins like a segwit one (L, Tc1), which is mixed-case', () => {
		// The first of sampleAccountId's seeds whose key-hash address starts with ltc1 in some letter case.
		const lookalike = 'LTc1b65W3LpRd8sryCLbBh2c59WxRy1qTY';
		expect(legacy(0x30, 96142)).toBe(lookalike);
		expect(litecoin(lookalike)).toBeUndefined();
		expect(litecoin(lookalike.replace('W3', 'W4'))).toMatch(/checksum does not match/);
	});
});

describe('Dogecoin', () => {
	it.each([
		['a key hash (D…)', 'D5ERdEN1gsouFSs7zsq7VYJxyWP6dP28H1'],
		['a built key hash', legacy(0x1e)],
		['a built script hash', legacy(0x16)],
	])('accepts %s', (_name, address) => {
		expect(dogecoin(address)).toBeUndefined();
	});

	it.each([
		['a Bitcoin address', GENESIS, /it is a Bitcoin address, not a Dogecoin one/],
		['a testnet address', legacy(0x71), /Dogecoin testnet address/],
		[
			'a segwit address (Dogecoin has none)',
			'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
			/it is a Bitcoin address, not a Dogecoin one/,
		],
		[
			'a changed character',
			'D5ERdEN1gsouFSs7zsq7VYJxyWP6dP28H2',
			/Dogecoin checksum does not match/,
		],
	])('refuses %s', (_name, address, reason) => {
		expect(dogecoin(address)).toMatch(reason);
	});
});
