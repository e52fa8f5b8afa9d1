import {
	crc16Xmodem,
	SOLANA_NETWORKS,
	solanaAddressProblem,
	STELLAR_NETWORKS,
	stellarAccount,
	stellarAddressProblem,
	TON_NETWORKS,
	tonAccount,
	tonAddressProblem,
	TPNK_NETWORKS,
	tpnkAccount,
	tpnkAddressProblem,
	XRP_NETWORKS,
	xrpAccount,
	xrpAddressProblem,
} from '../../../nodes/shared/addresses/otherChains';
import { ZERO_ADDRESS_REASON } from '../../../nodes/shared/addresses/wording';
import { encodeBase58, sha256 } from '../../../sandbox/tronAddresses';
import { acceptedTypos } from '../../support/addressTypos';

const bytes = (length: number, seed: string) =>
	Buffer.concat([sha256(Buffer.from(seed)), sha256(Buffer.from(`${seed}+`))]).subarray(0, length);

const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

describe('solanaAddressProblem', () => {
	it.each([
		['the USDT mint', USDT_MINT],
		['the USDC mint', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
		['the SPL Token program', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
		[
			'32 bytes that start with zeros (a shorter text)',
			encodeBase58(Buffer.concat([Buffer.alloc(3), bytes(29, 'a')])),
		],
	])('accepts %s', (_name, address) => {
		expect(solanaAddressProblem(address)).toBeUndefined();
	});

	it.each([
		[
			'a 0',
			USDT_MINT.replace('M', '0'),
			"Solana addresses are written in Base58, which has no 0, O, I or l; this one contains '0'",
		],
		[
			'a character missing from a 32-character text',
			'1'.repeat(31),
			'a Solana address is 32 to 44 Base58 characters long (this one has 31)',
		],
		[
			'45 characters',
			USDT_MINT + 'z',
			'a Solana address is 32 to 44 Base58 characters long (this one has 45)',
		],
		[
			'31 bytes',
			encodeBase58(bytes(31, 'b')),
			'a Solana address decodes to 32 bytes (this one to 31)',
		],
		[
			'33 bytes',
			encodeBase58(Buffer.concat([Buffer.alloc(1), Buffer.from([1]), bytes(31, 'c')])),
			'a Solana address decodes to 32 bytes (this one to 33)',
		],
		['the System Program (32 zero bytes)', '11111111111111111111111111111111', ZERO_ADDRESS_REASON],
	])('refuses %s', (_name, address, reason) => {
		expect(solanaAddressProblem(address)).toBe(reason);
	});

	it('refuses an Ethereum address', () => {
		expect(solanaAddressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatch(
			/contains '0'/,
		);
	});
});

describe('SOLANA_NETWORKS', () => {
	it.each(['SOL', 'SOLANA', 'SPL'])('includes %s', (symbol) => {
		expect(SOLANA_NETWORKS.has(symbol)).toBe(true);
	});
});

// TON's documentation example: one account in its raw, bounceable, non-bounceable and testnet forms.
const RAW = '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e';
const BOUNCEABLE = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF';
const NON_BOUNCEABLE = 'UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA';
const TESTNET_BOUNCEABLE = 'kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP';
const TESTNET_NON_BOUNCEABLE = '0QDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPleK';
const USDT_MASTER = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';
const TON_CHECKSUM_MISMATCH =
	'the TON checksum does not match, so the address is probably mistyped';

/** A user-friendly address with these flags and workchain byte, its CRC16 computed, in base64url. */
function friendly(flags: number, workchain: number, hash: Buffer): string {
	const body = Buffer.concat([Buffer.from([flags, workchain]), hash]);
	const crc = crc16Xmodem(body);
	return Buffer.concat([body, Buffer.from([crc >> 8, crc & 0xff])]).toString('base64url');
}
const HASH = Buffer.from(RAW.slice(2), 'hex');

describe('tonAddressProblem', () => {
	it.each([
		['the bounceable form', BOUNCEABLE],
		['the non-bounceable form', NON_BOUNCEABLE],
		['the same in standard base64', BOUNCEABLE.replace('-', '+')],
		['the raw form', RAW],
		['the raw form in upper-case hex', RAW.toUpperCase()],
		['a masterchain raw address', `-1:${RAW.slice(2)}`],
		['a masterchain user-friendly address', friendly(0x11, 0xff, HASH)],
		['the USDT jetton master', USDT_MASTER],
	])('accepts %s', (_name, address) => {
		expect(tonAddressProblem(address)).toBeUndefined();
	});

	it.each([
		[
			'the bounceable testnet form',
			TESTNET_BOUNCEABLE,
			'it is a TON testnet address; payouts go to TON mainnet',
		],
		[
			'the non-bounceable testnet form',
			TESTNET_NON_BOUNCEABLE,
			'it is a TON testnet address; payouts go to TON mainnet',
		],
		['a character changed', BOUNCEABLE.replace('Kb', 'Kc'), TON_CHECKSUM_MISMATCH],
		[
			'the flags of one form with the checksum of the other',
			'UQ' + BOUNCEABLE.slice(2),
			TON_CHECKSUM_MISMATCH,
		],
		[
			'a character missing',
			BOUNCEABLE.slice(1),
			/48 characters .* \(this one has 47 characters\)$/,
		],
		[
			'base64url mixed with base64',
			BOUNCEABLE.replace('-', '-').replace('W', '+'),
			/mixes base64url/,
		],
		['a raw form with 63 digits', RAW.slice(0, -1), /has a colon but is not 0: or -1:/],
		['a raw form on workchain 1', `1:${RAW.slice(2)}`, /has a colon but is not 0: or -1:/],
		['unknown flags', friendly(0x22, 0, HASH), /flags 0x22/],
		[
			'workchain 5',
			friendly(0x11, 5, HASH),
			'it names workchain 5; TON accounts live on workchain 0 or -1',
		],
		['the raw zero account', `0:${'0'.repeat(64)}`, ZERO_ADDRESS_REASON],
		['the user-friendly zero account', friendly(0x11, 0, Buffer.alloc(32)), ZERO_ADDRESS_REASON],
		[
			'an Ethereum address',
			'0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
			/this one has 42 characters/,
		],
	])('refuses %s', (_name, address, reason) => {
		expect(tonAddressProblem(address)).toEqual(
			typeof reason === 'string' ? reason : expect.stringMatching(reason),
		);
	});

	it('refuses every one-character typo of the bounceable form', () => {
		const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
		const everyPosition = Array.from(BOUNCEABLE, (_, i) => i);
		expect(acceptedTypos(tonAddressProblem, BOUNCEABLE, base64url, everyPosition)).toEqual([]);
	});
});

describe('tonAccount', () => {
	it('gives every form of one account the same account', () => {
		const forms = [
			BOUNCEABLE,
			NON_BOUNCEABLE,
			BOUNCEABLE.replace('-', '+'),
			RAW,
			RAW.toUpperCase(),
		];
		expect(new Set(forms.map(tonAccount))).toEqual(new Set([RAW]));
	});

	it('has none for an invalid address', () => {
		expect(tonAccount(TESTNET_BOUNCEABLE)).toBeUndefined();
	});
});

describe('TON_NETWORKS', () => {
	it('includes TON', () => {
		expect(TON_NETWORKS.has('TON')).toBe(true);
	});
});

// SEP-23's test vectors: an account, its muxed accounts with ID 0 and 2^63, and a secret seed.
const ACCOUNT = 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ';
const MUXED_ID_0 = 'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ';
const MUXED_ID_2_63 = 'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVAAAAAAAAAAAAAJLK';
const SECRET_SEED = 'SBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHOKR';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

describe('stellarAddressProblem', () => {
	it.each([ACCOUNT, MUXED_ID_0, MUXED_ID_2_63])('accepts %s', (address) => {
		expect(stellarAddressProblem(address)).toBeUndefined();
	});

	it.each([
		// SEP-23's invalid strkeys.
		['a character too many', `${ACCOUNT}A`, /\(this one has 57 characters\)$/],
		[
			'unused bits set',
			'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUR',
			/this one is neither$/,
		],
		[
			'an invalid version byte',
			'G47QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVP2I',
			/this one is neither$/,
		],
		[
			'a muxed account with a wrong version byte',
			'M47QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ',
			/this one is neither$/,
		],
		[
			'a muxed account with a wrong checksum',
			'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUK',
			/checksum does not match/,
		],
		['a short strkey', 'GAAAAAAAACGC6', /\(this one has 13 characters\)$/],
		[
			'lower case',
			ACCOUNT.toLowerCase(),
			"Stellar addresses are written in upper-case base32 (A to Z and 2 to 7); this one contains 'g'",
		],
		['a 1', ACCOUNT.replace('7', '1'), /contains '1'/],
		[
			'a character changed',
			ACCOUNT.replace('SOWQ', 'SOWR'),
			'the Stellar checksum does not match, so the address is probably mistyped',
		],
	])('refuses %s', (_name, address, reason) => {
		expect(stellarAddressProblem(address)).toEqual(
			typeof reason === 'string' ? reason : expect.stringMatching(reason),
		);
	});

	it('refuses a secret seed and says to keep it secret', () => {
		expect(stellarAddressProblem(SECRET_SEED)).toMatch(/secret seed .*never share it/);
	});

	it('refuses every one-character typo of an account and of a muxed account', () => {
		expect(acceptedTypos(stellarAddressProblem, ACCOUNT, BASE32)).toEqual([]);
		expect(acceptedTypos(stellarAddressProblem, MUXED_ID_0, BASE32)).toEqual([]);
	});
});

describe('stellarAccount', () => {
	it('gives an account and its muxed accounts the same key', () => {
		const keys = [ACCOUNT, MUXED_ID_0, MUXED_ID_2_63].map(stellarAccount);
		expect(new Set(keys)).toEqual(
			new Set(['3f0c34bf93ad0d9971d04ccc90f705511c838aad9734a4a2fb0d7a03fc7fe89a']),
		);
	});
});

describe('STELLAR_NETWORKS', () => {
	it.each(['XLM', 'STELLAR'])('includes %s', (symbol) => {
		expect(STELLAR_NETWORKS.has(symbol)).toBe(true);
	});
});

// xrpl.js's X-address vectors: one account as a classic address and as X-addresses without and with tag 1.
const CLASSIC = 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59';
const OTHER_CLASSIC = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const X_WITHOUT_TAG = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ';
const X_WITH_TAG = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu';
const TESTNET_X = 'T719a5UwUCnEs54UsxG9CJYYDhwmFCqkr7wxCcNcfZ6p5GZ';
const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const XRP_CHECKSUM_MISMATCH =
	'the XRP checksum does not match, so the address is probably mistyped';

describe('xrpAddressProblem', () => {
	it.each([
		['the genesis account', GENESIS],
		['a classic address', CLASSIC],
		['another classic address', OTHER_CLASSIC],
		['an X-address without a tag', X_WITHOUT_TAG],
		['an X-address with a destination tag', X_WITH_TAG],
	])('accepts %s', (_name, address) => {
		expect(xrpAddressProblem(address)).toBeUndefined();
	});

	it.each([
		[
			'a testnet X-address',
			TESTNET_X,
			'it is an XRP testnet X-address; payouts go to the XRP Ledger mainnet',
		],
		['a character changed', GENESIS.replace('9C', '9D'), XRP_CHECKSUM_MISMATCH],
		[
			'an X-address with a character changed',
			X_WITH_TAG.replace('YT', 'YU'),
			XRP_CHECKSUM_MISMATCH,
		],
		[
			'a character missing',
			GENESIS.slice(0, 24),
			/classic address .* \(this one has 24 characters\)$/,
		],
		[
			'a 0',
			GENESIS.replace('9', '0'),
			"XRP addresses are written in Base58, which has no 0, O, I or l; this one contains '0'",
		],
		// Same characters, Bitcoin's alphabet order: it decodes to other bytes, so it is no XRP address.
		['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', /this one is neither$/],
		['the zero account (ACCOUNT_ZERO)', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp', ZERO_ADDRESS_REASON],
	])('refuses %s', (_name, address, reason) => {
		expect(xrpAddressProblem(address)).toEqual(
			typeof reason === 'string' ? reason : expect.stringMatching(reason),
		);
	});

	it('refuses every one-character typo of a classic address and of an X-address', () => {
		expect(acceptedTypos(xrpAddressProblem, GENESIS, XRP_ALPHABET)).toEqual([]);
		expect(acceptedTypos(xrpAddressProblem, X_WITH_TAG, XRP_ALPHABET)).toEqual([]);
	});
});

describe('xrpAccount', () => {
	it('gives a classic address and its X-addresses the same account', () => {
		const accounts = [CLASSIC, X_WITHOUT_TAG, X_WITH_TAG].map(xrpAccount);
		expect(new Set(accounts).size).toBe(1);
		expect(accounts[0]).toMatch(/^[0-9a-f]{40}$/);
		expect(xrpAccount(OTHER_CLASSIC)).not.toBe(accounts[0]);
	});
});

describe('XRP_NETWORKS', () => {
	it('includes XRP', () => {
		expect(XRP_NETWORKS.has('XRP')).toBe(true);
	});
});

const ACCOUNT_ID = '123e4567-e89b-12d3-a456-426614174000';

describe('tpnkAddressProblem', () => {
	it.each([ACCOUNT_ID, ACCOUNT_ID.toUpperCase(), 'f47ac10b-58cc-4372-a567-0e02b2c3d479'])(
		'accepts the UUID %s',
		(address) => {
			expect(tpnkAddressProblem(address)).toBeUndefined();
		},
	);

	it.each([
		['a digit missing', ACCOUNT_ID.slice(0, -1)],
		['no hyphens', ACCOUNT_ID.replace(/-/g, '')],
		['braces', `{${ACCOUNT_ID}}`],
		['a letter beyond f', ACCOUNT_ID.replace('e', 'g')],
		['a TRON address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
	])('refuses %s', (_name, address) => {
		expect(tpnkAddressProblem(address)).toMatch(
			/^a TPNK address is a TYLT account ID written as a UUID/,
		);
	});

	it('refuses the nil UUID', () => {
		expect(tpnkAddressProblem('00000000-0000-0000-0000-000000000000')).toBe(ZERO_ADDRESS_REASON);
	});
});

describe('tpnkAccount', () => {
	it('is one account in any letter case', () => {
		expect(tpnkAccount(ACCOUNT_ID.toUpperCase())).toBe(ACCOUNT_ID);
	});
});

describe('TPNK_NETWORKS', () => {
	it('includes TPNK', () => {
		expect(TPNK_NETWORKS.has('TPNK')).toBe(true);
	});
});

describe('crc16Xmodem', () => {
	// The catalogue check value of CRC-16/XMODEM (Greg Cook's CRC catalogue): the CRC of "123456789".
	it('gives 0x31C3 for "123456789"', () => {
		expect(crc16Xmodem(Buffer.from('123456789'))).toBe(0x31c3);
	});

	it('gives 0 for no bytes', () => {
		expect(crc16Xmodem(new Uint8Array())).toBe(0);
	});
});
