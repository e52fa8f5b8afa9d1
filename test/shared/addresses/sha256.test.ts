import { createHash } from 'crypto';

import { hasDoubleSha256Checksum } from '../../../nodes/shared/addresses/sha256';

const withChecksum = (payload: Buffer) => {
	const once = createHash('sha256').update(payload).digest();
	const twice = createHash('sha256').update(once).digest();
	return Buffer.concat([payload, twice.subarray(0, 4)]);
};

describe('hasDoubleSha256Checksum', () => {
	it('accepts a payload followed by the first 4 bytes of its double SHA-256', () => {
		expect(hasDoubleSha256Checksum(withChecksum(Buffer.from('00', 'hex')))).toBe(true);
		expect(hasDoubleSha256Checksum(withChecksum(Buffer.alloc(0)))).toBe(true);
	});

	it('refuses a changed payload byte or checksum byte', () => {
		const good = withChecksum(Buffer.from('0062e907b15cbf27d5425399ebf6f0fb50ebb88f18', 'hex'));
		for (let i = 0; i < good.length; i++) {
			const changed = Buffer.from(good);
			changed[i] ^= 0x01;
			expect(hasDoubleSha256Checksum(changed)).toBe(false);
		}
	});

	it('refuses fewer than 4 bytes', () => {
		expect(hasDoubleSha256Checksum(Uint8Array.from([1, 2, 3]))).toBe(false);
	});
});
