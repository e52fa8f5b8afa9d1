import { createHash } from 'crypto';

import { decodeBase58, firstNonBase58Character } from './base58';
import { describeCharacter } from './characters';
import { ZERO_ADDRESS_REASON } from './zeroAddress';

/** Network symbols (upper case) whose payout addresses are TRON base58check addresses. */
export const TRON_NETWORKS: ReadonlySet<string> = new Set(['TRX', 'TRON', 'TRC20']);

// Prefix 0x41 and 24 more bytes always take exactly 34 Base58 characters, the first one T. Counting
// characters before decoding names the usual typo (one missing or extra) and bounds decoding time.
const ADDRESS_CHARACTERS = 34;
const ADDRESS_BYTES = 25; // prefix byte, 20-byte account id, 4-byte checksum
const CHECKSUMMED_BYTES = 21;
const MAINNET_PREFIX = 0x41;
const FORMAT = 'a TRON address starts with T and decodes to 25 bytes (prefix 0x41)';

/** Why `address` is not a TRON mainnet address, or undefined when it is one. */
export function tronAddressProblem(address: string): string | undefined {
	const invalidCharacter = firstNonBase58Character(address);
	if (invalidCharacter !== undefined) {
		const character = describeCharacter(invalidCharacter);
		return `TRON addresses are written in Base58, which has no 0, O, I or l; this one contains ${character}`;
	}
	if (address.length !== ADDRESS_CHARACTERS) {
		return `a TRON address is ${ADDRESS_CHARACTERS} characters long, starting with T (this one has ${address.length})`;
	}
	const bytes = decodeBase58(address);
	if (!bytes || bytes.length !== ADDRESS_BYTES) {
		return `${FORMAT}; this one decodes to ${bytes?.length ?? 0} bytes`;
	}
	if (bytes[0] !== MAINNET_PREFIX) {
		const prefix = bytes[0].toString(16).padStart(2, '0');
		return `${FORMAT}; this one has prefix 0x${prefix}, so it is not a TRON mainnet address`;
	}
	const payload = bytes.subarray(0, CHECKSUMMED_BYTES);
	const expected = sha256(sha256(payload)).subarray(0, ADDRESS_BYTES - CHECKSUMMED_BYTES);
	if (!expected.equals(bytes.subarray(CHECKSUMMED_BYTES))) {
		return 'the TRON checksum does not match, so the address is probably mistyped';
	}
	if (payload.subarray(1).every((byte) => byte === 0)) return ZERO_ADDRESS_REASON;
	return undefined;
}

function sha256(data: Uint8Array): Buffer {
	return createHash('sha256').update(data).digest();
}
