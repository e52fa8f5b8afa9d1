import { createHash } from 'crypto';

/*
 * Builds TRON addresses the way wallets do, independently of the code under test, so the tests
 * need no list of real addresses: base58(payload + first 4 bytes of sha256(sha256(payload))).
 */

export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function sha256(data: Uint8Array): Buffer {
	return createHash('sha256').update(data).digest();
}

/** Plain Base58 by big-integer division, the textbook way (the code under test decodes digit by digit). */
export function encodeBase58(bytes: Uint8Array): string {
	let value = BigInt('0x' + (Buffer.from(bytes).toString('hex') || '0'));
	let text = '';
	while (value > 0n) {
		text = BASE58_ALPHABET[Number(value % 58n)] + text;
		value /= 58n;
	}
	const leadingZeros = bytes.findIndex((byte) => byte !== 0);
	return '1'.repeat(leadingZeros === -1 ? bytes.length : leadingZeros) + text;
}

export function base58Check(payload: Uint8Array): string {
	const checksum = sha256(sha256(payload)).subarray(0, 4);
	return encodeBase58(Buffer.concat([payload, checksum]));
}

/** A TRON mainnet address for a 20-byte account id. */
export function tronAddress(accountId: Uint8Array): string {
	return base58Check(Buffer.concat([Buffer.from([0x41]), accountId]));
}

/** Deterministic, well-spread 20-byte account ids, so a failure can be reproduced. */
export function sampleAccountId(seed: number): Buffer {
	return sha256(Buffer.from(`account ${seed}`)).subarray(0, 20);
}
