import { crc16Xmodem } from './crc16';
import { describeCharacter } from './characters';

/** Network symbols (upper case) whose payout addresses are Stellar accounts. */
export const STELLAR_NETWORKS: ReadonlySet<string> = new Set(['XLM', 'STELLAR']);

/*
 * StrKey (SEP-23): base32 (RFC 4648, upper case, no padding) of a version byte, the payload and a CRC16-XMODEM
 * of both in little-endian order. An account (G…) carries its 32-byte ed25519 key; a muxed account (M…)
 * carries the key and an 8-byte ID, which is how an exchange's deposit ID travels inside the address.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE32_VALUES: ReadonlyMap<string, number> = new Map(
	Array.from(BASE32, (character, value) => [character, value]),
);
const ACCOUNT = { version: 6 << 3, characters: 56, bytes: 35 };
const MUXED_ACCOUNT = { version: 12 << 3, characters: 69, bytes: 43 };
const KEY_BYTES = 32;
const FORMAT =
	'a Stellar address is an account (56 characters starting with G) or a muxed account (69 characters starting with M)';

/** Why `address` is not a Stellar account or muxed account, or undefined when it is one. */
export function stellarAddressProblem(address: string): string | undefined {
	if (address.startsWith('S') && address.length === ACCOUNT.characters) {
		return 'it looks like a Stellar secret seed (S…), not an account address: never share it, and pay to the account (G…) instead';
	}
	const kind = [ACCOUNT, MUXED_ACCOUNT].find(
		(candidate) => candidate.characters === address.length,
	);
	if (!kind) return `${FORMAT} (this one has ${address.length} characters)`;
	const invalidCharacter = Array.from(address).find((character) => !BASE32_VALUES.has(character));
	if (invalidCharacter !== undefined) {
		return `Stellar addresses are written in upper-case base32 (A to Z and 2 to 7); this one contains ${describeCharacter(invalidCharacter)}`;
	}
	const bytes = decodeBase32(address);
	if (!bytes || bytes[0] !== kind.version) return `${FORMAT}; this one is neither`;
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
	const bytes: number[] = [];
	let accumulator = 0;
	let bits = 0;
	for (const character of text) {
		accumulator = ((accumulator << 5) | (BASE32_VALUES.get(character) as number)) & 0xfff;
		bits += 5;
		if (bits >= 8) {
			bits -= 8;
			bytes.push((accumulator >> bits) & 0xff);
		}
	}
	if ((accumulator & ((1 << bits) - 1)) !== 0) return undefined;
	return Uint8Array.from(bytes);
}
