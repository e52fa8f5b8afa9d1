import { timingSafeEqual } from 'crypto';

import { hmacSha256Hex } from '../shared/hmac';

/** Lower-cased, as Node delivers header names. */
export const SIGNATURE_HEADER = 'x-tlp-signature';

export type SignatureVerdict =
	| { valid: true; signedOver: 'rawBody' | 'compactJson' }
	| { valid: false; reason: string };

// TYLT's callbacks are a few kB: re-serialising big forged bodies would let anyone burn CPU and memory.
export const MAX_COMPACT_FALLBACK_BYTES = 64 * 1024;

// A SHA-256 digest is 32 bytes; TYLT sends it as hex, in either case depending on the integration.
const HEX_DIGEST = /^[0-9a-fA-F]{64}$/;

// Over the exact bytes, then the compact JSON some TYLT senders appear to sign. A reason goes back to the
// caller: it never holds a secret or a digest.
export function verifySignature(
	header: string | string[] | undefined,
	rawBody: Buffer,
	secrets: string[],
): SignatureVerdict {
	if (header === undefined || header === '') {
		return { valid: false, reason: 'Missing X-TLP-SIGNATURE header' };
	}
	const received = typeof header === 'string' ? header.trim() : undefined;
	if (received === undefined || !HEX_DIGEST.test(received)) {
		return { valid: false, reason: 'Malformed X-TLP-SIGNATURE header: expected 64 hex characters' };
	}
	const receivedDigest = Buffer.from(received, 'hex');
	// An HMAC keyed with the empty string can be computed by anyone: never accept one.
	const usableSecrets = secrets.filter((secret) => secret !== '');

	if (usableSecrets.some((secret) => digestMatches(receivedDigest, secret, rawBody))) {
		return { valid: true, signedOver: 'rawBody' };
	}
	const compactJson = compactReserialisation(rawBody);
	if (
		compactJson !== undefined &&
		usableSecrets.some((secret) => digestMatches(receivedDigest, secret, compactJson))
	) {
		return { valid: true, signedOver: 'compactJson' };
	}
	return { valid: false, reason: 'Invalid X-TLP-SIGNATURE: it does not match the request body' };
}

function digestMatches(receivedDigest: Buffer, secret: string, payload: string | Buffer): boolean {
	const expectedDigest = Buffer.from(hmacSha256Hex(secret, payload), 'hex');
	// timingSafeEqual throws on unequal lengths.
	return (
		expectedDigest.length === receivedDigest.length &&
		timingSafeEqual(expectedDigest, receivedDigest)
	);
}

function compactReserialisation(rawBody: Buffer): string | undefined {
	if (rawBody.length > MAX_COMPACT_FALLBACK_BYTES) return undefined;
	try {
		return JSON.stringify(JSON.parse(rawBody.toString('utf8')));
	} catch {
		// Not JSON: there is no compact form to try, and the raw bytes already failed.
		return undefined;
	}
}
