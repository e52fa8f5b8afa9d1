import { createHash } from 'crypto';

const CHECKSUM_BYTES = 4;

/**
 * Whether the last 4 bytes of `bytes` are the first 4 of SHA-256(SHA-256(the bytes before them)): the
 * Base58Check checksum of Bitcoin, Litecoin, Dogecoin, TRON and the XRP Ledger.
 */
export function hasDoubleSha256Checksum(bytes: Uint8Array): boolean {
	if (bytes.length < CHECKSUM_BYTES) return false;
	const payloadEnd = bytes.length - CHECKSUM_BYTES;
	const expected = sha256(sha256(bytes.subarray(0, payloadEnd)));
	return expected.subarray(0, CHECKSUM_BYTES).equals(bytes.subarray(payloadEnd));
}

function sha256(data: Uint8Array): Buffer {
	return createHash('sha256').update(data).digest();
}
