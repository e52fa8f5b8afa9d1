import { hasValidEip55Checksum } from '../../../nodes/shared/addresses/eip55';

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
const CHECKSUMMED = [
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
	it.each(CHECKSUMMED)('accepts %s', (address) => {
		expect(hasValidEip55Checksum(digitsOf(address))).toBe(true);
	});

	it.each(CHECKSUMMED)('rejects every single-letter case flip of %s', (address) => {
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
