import { keccak256 } from './keccak';

/**
 * Whether the letter case of `hexDigits` (the 40 digits after 0x) carries a valid EIP-55 checksum:
 * each letter is upper-case exactly when the matching nibble of keccak256(the lower-case digits as
 * ASCII) is 8 or more. Callers check first that the digits are hexadecimal.
 */
export function hasValidEip55Checksum(hexDigits: string): boolean {
	const hash = keccak256(Buffer.from(hexDigits.toLowerCase(), 'latin1'));
	for (let i = 0; i < hexDigits.length; i++) {
		const digit = hexDigits[i];
		if (digit >= '0' && digit <= '9') continue; // digits have no case to carry a bit
		const nibble = i % 2 === 0 ? hash[i >> 1] >> 4 : hash[i >> 1] & 0x0f;
		const isUpperCase = digit >= 'A' && digit <= 'F';
		if (isUpperCase !== nibble >= 8) return false;
	}
	return true;
}
