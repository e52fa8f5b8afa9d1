import { base58CharacterReason, XRP_BASE58 } from './base58';
import { hasDoubleSha256Checksum } from './sha256';
import { ZERO_ADDRESS_REASON } from './zeroAddress';

/** Network symbols (upper case) whose payout addresses are XRP Ledger accounts. */
export const XRP_NETWORKS: ReadonlySet<string> = new Set(['XRP', 'XRPL', 'RIPPLE']);

// Classic address: version 0x00, 20-byte account id, 4-byte checksum, in the XRP alphabet (so it starts with r).
const CLASSIC_BYTES = 25;
const CLASSIC_CHARACTERS = { min: 25, max: 35 };
// X-address (XLS-5d): 2 prefix bytes, account id, a flag byte, an 8-byte little-endian destination tag,
// checksum. It carries the destination tag an exchange needs inside the address.
const X_ADDRESS_BYTES = 35;
const X_ADDRESS_CHARACTERS = 47;
const X_MAINNET_PREFIX = [0x05, 0x44];
const X_TESTNET_PREFIX = [0x04, 0x93];
const FORMAT =
	'an XRP address is a classic address (25 to 35 characters, starting with r) or an X-address (47 characters, starting with X)';
const CHECKSUM_MISMATCH = 'the XRP checksum does not match, so the address is probably mistyped';

/** Why `address` is not an XRP Ledger mainnet address, or undefined when it is one. */
export function xrpAddressProblem(address: string): string | undefined {
	const invalidCharacter = XRP_BASE58.firstInvalidCharacter(address);
	if (invalidCharacter !== undefined) return base58CharacterReason('XRP', invalidCharacter);
	if (address.length === X_ADDRESS_CHARACTERS) return xAddressProblem(address);
	if (address.length < CLASSIC_CHARACTERS.min || address.length > CLASSIC_CHARACTERS.max) {
		return `${FORMAT} (this one has ${address.length} characters)`;
	}
	const bytes = XRP_BASE58.decode(address) as Uint8Array;
	if (bytes.length !== CLASSIC_BYTES || bytes[0] !== 0x00) {
		return `${FORMAT}; this one is neither`;
	}
	if (!hasDoubleSha256Checksum(bytes)) return CHECKSUM_MISMATCH;
	return accountProblem(bytes.subarray(1, 21));
}

function xAddressProblem(address: string): string | undefined {
	const bytes = XRP_BASE58.decode(address) as Uint8Array;
	if (bytes.length !== X_ADDRESS_BYTES) return `${FORMAT}; this one is neither`;
	if (!hasDoubleSha256Checksum(bytes)) return CHECKSUM_MISMATCH;
	const prefix = [bytes[0], bytes[1]];
	if (sameBytes(prefix, X_TESTNET_PREFIX)) {
		return 'it is an XRP testnet X-address; payouts go to the XRP Ledger mainnet';
	}
	if (!sameBytes(prefix, X_MAINNET_PREFIX)) return `${FORMAT}; this one is neither`;
	const hasTag = bytes[22];
	const tag = bytes.subarray(23, 31);
	// A tag is 32 bits: the high 4 bytes are reserved as zero, and no tag means all 8 are zero.
	const reservedInUse = tag.subarray(4).some((byte) => byte !== 0);
	const tagWithoutFlag = hasTag === 0 && tag.some((byte) => byte !== 0);
	if (hasTag > 1 || reservedInUse || tagWithoutFlag) {
		return 'its destination tag part is malformed, so the X-address is not one any wallet writes';
	}
	return accountProblem(bytes.subarray(2, 22));
}

/** The account id of a valid XRP address, classic or X-address, in hex: both spellings name one account. */
export function xrpAccount(address: string): string | undefined {
	if (xrpAddressProblem(address) !== undefined) return undefined;
	const bytes = XRP_BASE58.decode(address) as Uint8Array;
	const start = bytes.length === X_ADDRESS_BYTES ? 2 : 1;
	return Buffer.from(bytes.subarray(start, start + 20)).toString('hex');
}

function accountProblem(accountId: Uint8Array): string | undefined {
	return accountId.every((byte) => byte === 0) ? ZERO_ADDRESS_REASON : undefined;
}

function sameBytes(a: readonly number[], b: readonly number[]): boolean {
	return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
