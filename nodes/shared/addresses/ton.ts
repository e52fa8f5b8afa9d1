import { crc16Xmodem } from './crc16';
import { ZERO_ADDRESS_REASON } from './zeroAddress';

/** Network symbols (upper case) whose payout addresses are TON accounts (Toncoin and its jettons). */
export const TON_NETWORKS: ReadonlySet<string> = new Set(['TON', 'TONCOIN']);

// The user-friendly form: 36 bytes (flags, workchain, 32-byte account hash, CRC16) in 48 characters of
// base64url or of standard base64, never a mix of the two.
const FRIENDLY_CHARACTERS = 48;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64 = /^[A-Za-z0-9+/]+$/;
const CHECKSUMMED_BYTES = 34;
const BOUNCEABLE = 0x11;
const NON_BOUNCEABLE = 0x51;
const TEST_ONLY = 0x80;
// The raw form: workchain 0 (basechain) or -1 (masterchain), a colon, the account hash in hex.
const RAW = /^(0|-1):([0-9a-fA-F]{64})$/;
const FORMAT =
	'a TON address is 48 characters of base64url or base64 (EQ… or UQ…), or the raw form 0: followed by 64 hexadecimal digits';

/** Why `address` is not a TON mainnet address, or undefined when it is one. */
export function tonAddressProblem(address: string): string | undefined {
	if (address.includes(':')) {
		const raw = RAW.exec(address);
		if (!raw)
			return `${FORMAT}; this one has a colon but is not 0: or -1: and 64 hexadecimal digits`;
		return /^0+$/.test(raw[2]) ? ZERO_ADDRESS_REASON : undefined;
	}
	if (address.length !== FRIENDLY_CHARACTERS) {
		return `${FORMAT} (this one has ${address.length} characters)`;
	}
	if (!BASE64URL.test(address) && !BASE64.test(address)) {
		return `${FORMAT}; this one mixes base64url (- _) with base64 (+ /) or has other characters`;
	}
	const bytes = friendlyBytes(address);
	const checksum = (bytes[CHECKSUMMED_BYTES] << 8) | bytes[CHECKSUMMED_BYTES + 1];
	if (crc16Xmodem(bytes.subarray(0, CHECKSUMMED_BYTES)) !== checksum) {
		return 'the TON checksum does not match, so the address is probably mistyped';
	}
	const flags = bytes[0];
	if (flags & TEST_ONLY) return 'it is a TON testnet address; payouts go to TON mainnet';
	if (flags !== BOUNCEABLE && flags !== NON_BOUNCEABLE) {
		return `${FORMAT}; this one has flags 0x${flags.toString(16).padStart(2, '0')}, which no TON address has`;
	}
	if (bytes[1] !== 0x00 && bytes[1] !== 0xff) {
		return `it names workchain ${bytes[1]}; TON accounts live on workchain 0 or -1`;
	}
	if (bytes.subarray(2, CHECKSUMMED_BYTES).every((byte) => byte === 0)) return ZERO_ADDRESS_REASON;
	return undefined;
}

/**
 * The account a valid TON address names, as `workchain:hash`: the raw form, the bounceable and the
 * non-bounceable forms, in base64 or base64url, are all one account.
 */
export function tonAccount(address: string): string | undefined {
	if (tonAddressProblem(address) !== undefined) return undefined;
	if (address.includes(':')) return address.toLowerCase();
	const bytes = friendlyBytes(address);
	const workchain = bytes[1] === 0xff ? '-1' : '0';
	return `${workchain}:${Buffer.from(bytes.subarray(2, CHECKSUMMED_BYTES)).toString('hex')}`;
}

function friendlyBytes(address: string): Buffer {
	return Buffer.from(address.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}
