import { XRP_NETWORKS, xrpAccount, xrpAddressProblem } from '../../../nodes/shared/addresses/xrp';
import { ZERO_ADDRESS_REASON } from '../../../nodes/shared/addresses/zeroAddress';
import { acceptedTypos } from '../../support/addressTypos';

// xrpl.js's X-address vectors: one account as a classic address and as X-addresses without and with tag 1.
const CLASSIC = 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59';
const OTHER_CLASSIC = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const X_WITHOUT_TAG = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ';
const X_WITH_TAG = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu';
const TESTNET_X = 'T719a5UwUCnEs54UsxG9CJYYDhwmFCqkr7wxCcNcfZ6p5GZ';
const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const CHECKSUM_MISMATCH = 'the XRP checksum does not match, so the address is probably mistyped';

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
		['a character changed', GENESIS.replace('9C', '9D'), CHECKSUM_MISMATCH],
		['an X-address with a character changed', X_WITH_TAG.replace('YT', 'YU'), CHECKSUM_MISMATCH],
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
