import { TRON_NETWORKS, tronAddressProblem } from '../../../nodes/shared/addresses/tron';
import { ZERO_ADDRESS_REASON } from '../../../nodes/shared/addresses/wording';
import {
	BASE58_ALPHABET,
	base58Check,
	encodeBase58,
	sampleAccountId,
	tronAddress,
} from '../../../sandbox/tronAddresses';
import { acceptedTypos } from '../../support/addressTypos';

const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const FORMAT = 'a TRON address starts with T and decodes to 25 bytes (prefix 0x41)';
const CHECKSUM_MISMATCH = 'the TRON checksum does not match, so the address is probably mistyped';

const sampleAddresses = Array.from({ length: 40 }, (_, seed) => tronAddress(sampleAccountId(seed)));

describe('the test address builder', () => {
	it('makes 34-character addresses starting with T', () => {
		const malformed = sampleAddresses.filter(
			(address) => !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address),
		);
		expect(malformed).toEqual([]);
	});

	it('gives the well-known TRON zero address for an all-zero account', () => {
		expect(tronAddress(Buffer.alloc(20))).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
	});
});

describe('tronAddressProblem', () => {
	it('accepts the USDT-TRC20 contract address', () => {
		expect(tronAddressProblem(USDT_CONTRACT)).toBeUndefined();
	});

	it('accepts addresses built from 40 pseudo-random account ids', () => {
		const refused = sampleAddresses.filter((address) => tronAddressProblem(address) !== undefined);
		expect(refused).toEqual([]);
	});

	it.each([
		['an O typed for a 0', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6O', "'O'"],
		['a 0', 'TR7NHqjeKQxGTCi8q8ZY4pL80tSzgjLj6t', "'0'"],
		['an upper-case I', 'TR7NHqjeKQxGTCI8q8ZY4pL8otSzgjLj6t', "'I'"],
		['a lower-case l', 'TR7NHqjeKQxGTCi8q8ZY4pl8otSzgjLj6t', "'l'"],
		['a trailing space', `${USDT_CONTRACT} `, 'a space'],
		['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', "'0'"],
	])('refuses %s, naming the character', (_name, address, character) => {
		expect(tronAddressProblem(address)).toBe(
			`TRON addresses are written in Base58, which has no 0, O, I or l; this one contains ${character}`,
		);
	});

	it.each([
		['a character missing', USDT_CONTRACT.slice(0, -1), 33],
		['a character repeated', USDT_CONTRACT + 't', 35],
		[
			'21 bytes without a checksum',
			encodeBase58(Buffer.concat([Buffer.from([0x41]), sampleAccountId(1)])),
			29,
		],
		['nothing', '', 0],
		['far too much', 'T'.repeat(5000), 5000],
	])('refuses %s, counting its characters', (_name, address, length) => {
		expect(tronAddressProblem(address)).toBe(
			`a TRON address is 34 characters long, starting with T (this one has ${length})`,
		);
	});

	it('refuses 34 characters that decode to 26 bytes (a leading 1 adds a zero byte)', () => {
		expect(tronAddressProblem('1' + 'z'.repeat(33))).toBe(
			`${FORMAT}; this one decodes to 26 bytes`,
		);
	});

	it.each([
		['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '00'],
		[
			'an address starting with T but with prefix 0x42',
			base58Check(Buffer.concat([Buffer.from([0x42]), sampleAccountId(2)])),
			'42',
		],
	])('refuses %s, naming its prefix', (_name, address, prefix) => {
		expect(address).toHaveLength(34);
		expect(tronAddressProblem(address)).toBe(
			`${FORMAT}; this one has prefix 0x${prefix}, so it is not a TRON mainnet address`,
		);
	});

	it('refuses two swapped characters as a checksum mismatch', () => {
		const swapped =
			USDT_CONTRACT.slice(0, 10) + USDT_CONTRACT[11] + USDT_CONTRACT[10] + USDT_CONTRACT.slice(12);
		expect(swapped).not.toBe(USDT_CONTRACT);
		expect(tronAddressProblem(swapped)).toBe(CHECKSUM_MISMATCH);
	});

	it('refuses every one-character typo after the leading T', () => {
		expect(
			acceptedTypos(tronAddressProblem, USDT_CONTRACT, BASE58_ALPHABET, [1, 5, 17, 30, 33]),
		).toEqual([]);
	});

	it('calls a typo in the last character a checksum mismatch', () => {
		expect(tronAddressProblem(USDT_CONTRACT.slice(0, -1) + 'u')).toBe(CHECKSUM_MISMATCH);
	});

	it('refuses the zero address, whose format is valid', () => {
		expect(tronAddressProblem('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(ZERO_ADDRESS_REASON);
	});
});

describe('TRON_NETWORKS', () => {
	it.each(['TRX', 'TRON', 'TRC20'])('includes %s', (symbol) => {
		expect(TRON_NETWORKS.has(symbol)).toBe(true);
	});
});
