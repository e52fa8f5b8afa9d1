import {
	base58CharacterReason,
	decodeBase58,
	firstNonBase58Character,
	hasDoubleSha256Checksum,
} from './bitcoin';
import { ZERO_ADDRESS_REASON } from './wording';

export const TRON_NETWORKS: ReadonlySet<string> = new Set(['TRX', 'TRON', 'TRC20']);

// Always 34 characters: counting them first names the usual typo and bounds decoding time.
const ADDRESS_CHARACTERS = 34;
const ADDRESS_BYTES = 25; // prefix byte, 20-byte account id, 4-byte checksum
const CHECKSUMMED_BYTES = 21;
const MAINNET_PREFIX = 0x41;
const FORMAT = 'a TRON address starts with T and decodes to 25 bytes (prefix 0x41)';

export function tronAddressProblem(address: string): string | undefined {
	const invalidCharacter = firstNonBase58Character(address);
	if (invalidCharacter !== undefined) return base58CharacterReason('TRON', invalidCharacter);
	if (address.length !== ADDRESS_CHARACTERS) {
		return `a TRON address is ${ADDRESS_CHARACTERS} characters long, starting with T (this one has ${address.length})`;
	}
	const bytes = decodeBase58(address);
	if (!bytes || bytes.length !== ADDRESS_BYTES) {
		return `${FORMAT}; this one decodes to ${bytes?.length ?? 0} bytes`;
	}
	if (bytes[0] !== MAINNET_PREFIX) {
		const prefix = bytes[0].toString(16).padStart(2, '0');
		return `${FORMAT}; this one has prefix 0x${prefix}, so it is not a TRON mainnet address`;
	}
	if (!hasDoubleSha256Checksum(bytes)) {
		return 'the TRON checksum does not match, so the address is probably mistyped';
	}
	if (bytes.subarray(1, CHECKSUMMED_BYTES).every((byte) => byte === 0)) return ZERO_ADDRESS_REASON;
	return undefined;
}
