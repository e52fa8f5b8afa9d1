/** Solana, TON, Stellar, the XRP Ledger and TYLT's own TPNK: one address format each. */
import {
	base58CharacterReason,
	decodeBase58,
	digitValues,
	firstNonBase58Character,
	hasDoubleSha256Checksum,
	wordsToBytes,
	XRP_BASE58,
} from './bitcoin';
import { describeCharacter, ZERO_ADDRESS_REASON } from './wording';

export const SOLANA_NETWORKS: ReadonlySet<string> = new Set(['SOL', 'SOLANA', 'SPL']);

const ACCOUNT_BYTES = 32;
// 32 bytes take 32 to 44 Base58 characters; counting first names the usual typo and bounds decoding time.
const CHARACTERS = { min: 32, max: 44 };

// Solana addresses carry no checksum: a typo that keeps the length is a valid, different account.
export function solanaAddressProblem(address: string): string | undefined {
	const invalidCharacter = firstNonBase58Character(address);
	if (invalidCharacter !== undefined) return base58CharacterReason('Solana', invalidCharacter);
	if (address.length < CHARACTERS.min || address.length > CHARACTERS.max) {
		return `a Solana address is ${CHARACTERS.min} to ${CHARACTERS.max} Base58 characters long (this one has ${address.length})`;
	}
	const bytes = decodeBase58(address) as Uint8Array;
	if (bytes.length !== ACCOUNT_BYTES) {
		return `a Solana address decodes to ${ACCOUNT_BYTES} bytes (this one to ${bytes.length})`;
	}
	// 32 zero bytes are the System Program, which nobody can withdraw from.
	if (bytes.every((byte) => byte === 0)) return ZERO_ADDRESS_REASON;
	return undefined;
}

export const TON_NETWORKS: ReadonlySet<string> = new Set(['TON', 'TONCOIN']);

// User-friendly: 36 bytes (flags, workchain, 32-byte account hash, CRC16) in 48 of base64url or base64.
const FRIENDLY_CHARACTERS = 48;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64 = /^[A-Za-z0-9+/]+$/;
const CHECKSUMMED_BYTES = 34;
const BOUNCEABLE = 0x11;
const NON_BOUNCEABLE = 0x51;
const TEST_ONLY = 0x80;
// The raw form: workchain 0 (basechain) or -1 (masterchain), a colon, the account hash in hex.
const RAW = /^(0|-1):([0-9a-fA-F]{64})$/;
const TON_FORMAT =
	'a TON address is 48 characters of base64url or base64 (EQ… or UQ…), or the raw form 0: followed by 64 hexadecimal digits';

export function tonAddressProblem(address: string): string | undefined {
	if (address.includes(':')) {
		const raw = RAW.exec(address);
		if (!raw)
			return `${TON_FORMAT}; this one has a colon but is not 0: or -1: and 64 hexadecimal digits`;
		return /^0+$/.test(raw[2]) ? ZERO_ADDRESS_REASON : undefined;
	}
	if (address.length !== FRIENDLY_CHARACTERS) {
		return `${TON_FORMAT} (this one has ${address.length} characters)`;
	}
	if (!BASE64URL.test(address) && !BASE64.test(address)) {
		return `${TON_FORMAT}; this one mixes base64url (- _) with base64 (+ /) or has other characters`;
	}
	const bytes = friendlyBytes(address);
	const checksum = (bytes[CHECKSUMMED_BYTES] << 8) | bytes[CHECKSUMMED_BYTES + 1];
	if (crc16Xmodem(bytes.subarray(0, CHECKSUMMED_BYTES)) !== checksum) {
		return 'the TON checksum does not match, so the address is probably mistyped';
	}
	const flags = bytes[0];
	if (flags & TEST_ONLY) return 'it is a TON testnet address; payouts go to TON mainnet';
	if (flags !== BOUNCEABLE && flags !== NON_BOUNCEABLE) {
		return `${TON_FORMAT}; this one has flags 0x${flags.toString(16).padStart(2, '0')}, which no TON address has`;
	}
	if (bytes[1] !== 0x00 && bytes[1] !== 0xff) {
		return `it names workchain ${bytes[1]}; TON accounts live on workchain 0 or -1`;
	}
	if (bytes.subarray(2, CHECKSUMMED_BYTES).every((byte) => byte === 0)) return ZERO_ADDRESS_REASON;
	return undefined;
}

/** The account a valid TON address names, as `workchain:hash`: its raw and user-friendly forms are one. */
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

export const STELLAR_NETWORKS: ReadonlySet<string> = new Set(['XLM', 'STELLAR']);

// StrKey (SEP-23): unpadded base32 of a version byte, the payload (a G… account's 32-byte key; a muxed M…
// account's key and 8-byte ID) and their CRC16-XMODEM, little-endian.
const BASE32_VALUES = digitValues('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');
const ACCOUNT = { version: 6 << 3, characters: 56, bytes: 35 };
const MUXED_ACCOUNT = { version: 12 << 3, characters: 69, bytes: 43 };
const KEY_BYTES = 32;
const STELLAR_FORMAT =
	'a Stellar address is an account (56 characters starting with G) or a muxed account (69 characters starting with M)';

export function stellarAddressProblem(address: string): string | undefined {
	if (address.startsWith('S') && address.length === ACCOUNT.characters) {
		return 'it looks like a Stellar secret seed (S…), not an account address: never share it, and pay to the account (G…) instead';
	}
	const kind = [ACCOUNT, MUXED_ACCOUNT].find(
		(candidate) => candidate.characters === address.length,
	);
	if (!kind) return `${STELLAR_FORMAT} (this one has ${address.length} characters)`;
	const invalidCharacter = Array.from(address).find((character) => !BASE32_VALUES.has(character));
	if (invalidCharacter !== undefined) {
		return `Stellar addresses are written in upper-case base32 (A to Z and 2 to 7); this one contains ${describeCharacter(invalidCharacter)}`;
	}
	const bytes = decodeBase32(address);
	if (!bytes || bytes[0] !== kind.version) return `${STELLAR_FORMAT}; this one is neither`;
	const checksumAt = bytes.length - 2;
	const checksum = bytes[checksumAt] | (bytes[checksumAt + 1] << 8);
	if (crc16Xmodem(bytes.subarray(0, checksumAt)) !== checksum) {
		return 'the Stellar checksum does not match, so the address is probably mistyped';
	}
	return undefined;
}

/** The ed25519 key of a valid Stellar address in hex: an account and its muxed accounts name one key. */
export function stellarAccount(address: string): string | undefined {
	if (stellarAddressProblem(address) !== undefined) return undefined;
	const bytes = decodeBase32(address) as Uint8Array;
	return Buffer.from(bytes.subarray(1, 1 + KEY_BYTES)).toString('hex');
}

/** The bytes of unpadded base32 text, or undefined when its unused last bits are not zero (not canonical). */
function decodeBase32(text: string): Uint8Array | undefined {
	return wordsToBytes(Array.from(text, (character) => BASE32_VALUES.get(character) as number));
}

export const XRP_NETWORKS: ReadonlySet<string> = new Set(['XRP', 'XRPL', 'RIPPLE']);

// Classic address: version 0x00, 20-byte account id, 4-byte checksum, in the XRP alphabet (so it starts with r).
const CLASSIC_BYTES = 25;
const CLASSIC_CHARACTERS = { min: 25, max: 35 };
// X-address (XLS-5d): 2 prefix bytes, account id, flag byte, 8-byte little-endian destination tag, checksum.
const X_ADDRESS_BYTES = 35;
const X_ADDRESS_CHARACTERS = 47;
const X_MAINNET_PREFIX = 0x0544;
const X_TESTNET_PREFIX = 0x0493;
const XRP_FORMAT =
	'an XRP address is a classic address (25 to 35 characters, starting with r) or an X-address (47 characters, starting with X)';
const CHECKSUM_MISMATCH = 'the XRP checksum does not match, so the address is probably mistyped';

export function xrpAddressProblem(address: string): string | undefined {
	const invalidCharacter = XRP_BASE58.firstInvalidCharacter(address);
	if (invalidCharacter !== undefined) return base58CharacterReason('XRP', invalidCharacter);
	if (address.length === X_ADDRESS_CHARACTERS) return xAddressProblem(address);
	if (address.length < CLASSIC_CHARACTERS.min || address.length > CLASSIC_CHARACTERS.max) {
		return `${XRP_FORMAT} (this one has ${address.length} characters)`;
	}
	const bytes = XRP_BASE58.decode(address) as Uint8Array;
	if (bytes.length !== CLASSIC_BYTES || bytes[0] !== 0x00) {
		return `${XRP_FORMAT}; this one is neither`;
	}
	if (!hasDoubleSha256Checksum(bytes)) return CHECKSUM_MISMATCH;
	return accountProblem(bytes.subarray(1, 21));
}

function xAddressProblem(address: string): string | undefined {
	const bytes = XRP_BASE58.decode(address) as Uint8Array;
	if (bytes.length !== X_ADDRESS_BYTES) return `${XRP_FORMAT}; this one is neither`;
	if (!hasDoubleSha256Checksum(bytes)) return CHECKSUM_MISMATCH;
	const prefix = (bytes[0] << 8) | bytes[1];
	if (prefix === X_TESTNET_PREFIX) {
		return 'it is an XRP testnet X-address; payouts go to the XRP Ledger mainnet';
	}
	if (prefix !== X_MAINNET_PREFIX) return `${XRP_FORMAT}; this one is neither`;
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

/** TYLT's internal network: its "addresses" are TYLT account IDs, written as UUIDs (tylt-facts.md). */
export const TPNK_NETWORKS: ReadonlySet<string> = new Set(['TPNK']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function tpnkAddressProblem(address: string): string | undefined {
	if (!UUID.test(address)) {
		return 'a TPNK address is a TYLT account ID written as a UUID: 8-4-4-4-12 hexadecimal digits, such as 123e4567-e89b-12d3-a456-426614174000';
	}
	// The nil UUID is what an empty template field tends to become; no account has it.
	if (/^[0-]+$/.test(address)) return ZERO_ADDRESS_REASON;
	return undefined;
}

/** A UUID is one ID in any letter case. */
export function tpnkAccount(address: string): string | undefined {
	return UUID.test(address) ? address.toLowerCase() : undefined;
}

/** CRC-16/XMODEM (polynomial 0x1021, initial value 0, no reflection): TON's and Stellar's checksum. */
export function crc16Xmodem(bytes: Uint8Array): number {
	let crc = 0;
	for (const byte of bytes) {
		crc ^= byte << 8;
		for (let bit = 0; bit < 8; bit++) {
			crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
		}
	}
	return crc;
}
