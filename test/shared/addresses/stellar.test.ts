import {
	STELLAR_NETWORKS,
	stellarAccount,
	stellarAddressProblem,
} from '../../../nodes/shared/addresses/stellar';
import { acceptedTypos } from '../../support/addressTypos';

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
