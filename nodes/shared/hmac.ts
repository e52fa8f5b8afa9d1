import { createHmac } from 'crypto';

/** Lowercase hex HMAC-SHA256 of `payload`, keyed with `secret`: TYLT's signature for requests and callbacks. */
export function hmacSha256Hex(secret: string, payload: string | Buffer): string {
	return createHmac('sha256', secret).update(payload).digest('hex');
}
