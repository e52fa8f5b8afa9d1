import {
	XRP_BASE58,
	decodeBase58,
	firstNonBase58Character,
} from '../../../nodes/shared/addresses/base58';

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
