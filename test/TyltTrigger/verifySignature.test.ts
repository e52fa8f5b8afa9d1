import { createHmac } from 'node:crypto';

import {
	MAX_COMPACT_FALLBACK_BYTES,
	verifySignature,
} from '../../nodes/TyltTrigger/verifySignature';

const secret = 'payout-secret';
const hmac = (payload: string, key = secret) =>
	createHmac('sha256', key).update(payload).digest('hex');

describe('verifySignature', () => {
	const raw = '{ "type": "pay-out", "data": { "orderId": "o-1", "customerName": "Zoë" } }';
	const compact = JSON.stringify(JSON.parse(raw));

	it('checks the raw bytes first', () => {
		expect(verifySignature(hmac(raw), Buffer.from(raw), [secret])).toEqual({
			valid: true,
			signedOver: 'rawBody',
		});
	});

	it('uses the compact re-serialisation only as a fallback', () => {
		expect(verifySignature(hmac(compact), Buffer.from(raw), [secret])).toEqual({
			valid: true,
			signedOver: 'compactJson',
		});
	});

	it('accepts any of the secrets, in either hex case, with surrounding spaces', () => {
		const signature = ` ${hmac(raw, 'pay-in-secret').toUpperCase()} `;
		expect(verifySignature(signature, Buffer.from(raw), [secret, 'pay-in-secret']).valid).toBe(
			true,
		);
	});

	it('never accepts a signature made with an empty secret', () => {
		expect(verifySignature(hmac(raw, ''), Buffer.from(raw), [secret, '']).valid).toBe(false);
		expect(verifySignature(hmac(raw, ''), Buffer.from(raw), ['']).valid).toBe(false);
	});

	it.each([
		[undefined, /^Missing/],
		['', /^Missing/],
		['0'.repeat(63), /^Malformed/],
		['g'.repeat(64), /^Malformed/],
		[['a'.repeat(64), 'b'.repeat(64)], /^Malformed/],
		['a'.repeat(64), /does not match/],
	])('refuses %p', (header, reason) => {
		const verdict = verifySignature(header, Buffer.from(raw), [secret]);
		expect(verdict).toEqual({ valid: false, reason: expect.stringMatching(reason) });
	});

	it('refuses a body that is not JSON when its bytes do not match', () => {
		expect(verifySignature(hmac('x'), Buffer.from('not json'), [secret]).valid).toBe(false);
	});
});

describe('verifySignature: the compact fallback is bounded', () => {
	/** A JSON body of exactly `size` bytes, padded with whitespace that the compact form drops. */
	const paddedBody = (size: number) => {
		const start = '{"type":"pay-out","data":{"orderId":"o-big","status":"Pending"}';
		const text = start + ' '.repeat(size - start.length - 1) + '}';
		expect(Buffer.byteLength(text)).toBe(size);
		return text;
	};
	const compactOf = (text: string) => JSON.stringify(JSON.parse(text));

	it(`tries the compact form for bodies up to ${MAX_COMPACT_FALLBACK_BYTES} bytes`, () => {
		const body = paddedBody(MAX_COMPACT_FALLBACK_BYTES);
		expect(verifySignature(hmac(compactOf(body)), Buffer.from(body), [secret])).toEqual({
			valid: true,
			signedOver: 'compactJson',
		});
	});

	it('checks only the raw bytes of a bigger body, so the compact form is refused', () => {
		const body = paddedBody(MAX_COMPACT_FALLBACK_BYTES + 1);
		expect(verifySignature(hmac(compactOf(body)), Buffer.from(body), [secret])).toEqual({
			valid: false,
			reason: expect.stringMatching(/does not match/),
		});
		expect(verifySignature(hmac(body), Buffer.from(body), [secret]).valid).toBe(true);
	});
});
