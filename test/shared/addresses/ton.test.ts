import { crc16Xmodem } from '../../../nodes/shared/addresses/crc16';
import { TON_NETWORKS, tonAccount, tonAddressProblem } from '../../../nodes/shared/addresses/ton';
import { ZERO_ADDRESS_REASON } from '../../../nodes/shared/addresses/zeroAddress';
import { acceptedTypos } from '../../support/addressTypos';

// TON's documentation example: one account in its raw, bounceable, non-bounceable and testnet forms.
const RAW = '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e';
const BOUNCEABLE = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF';
const NON_BOUNCEABLE = 'UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA';
const TESTNET_BOUNCEABLE = 'kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP';
const TESTNET_NON_BOUNCEABLE = '0QDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPleK';
const USDT_MASTER = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';
const CHECKSUM_MISMATCH = 'the TON checksum does not match, so the address is probably mistyped';

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
		['a character changed', BOUNCEABLE.replace('Kb', 'Kc'), CHECKSUM_MISMATCH],
		[
			'the flags of one form with the checksum of the other',
			'UQ' + BOUNCEABLE.slice(2),
			CHECKSUM_MISMATCH,
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
