import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox computes HMACs itself instead of importing the node's signing helper: it is the oracle the
 * node is tested against, so it must not share the code under test.
 */
export function hmacHex(secret: string, payload: string | Buffer): string {
	return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time string comparison, so response timing reveals nothing about the expected value. */
export function safeEqual(received: string, expected: string): boolean {
	const receivedBytes = Buffer.from(received, 'utf8');
	const expectedBytes = Buffer.from(expected, 'utf8');
	// timingSafeEqual needs equal lengths; the length of a key or hex digest is not a secret.
	if (receivedBytes.length !== expectedBytes.length) return false;
	return timingSafeEqual(receivedBytes, expectedBytes);
}
