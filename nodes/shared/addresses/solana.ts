import { base58CharacterReason, decodeBase58, firstNonBase58Character } from './base58';
import { ZERO_ADDRESS_REASON } from './zeroAddress';

/** Network symbols (upper case) whose payout addresses are Solana accounts (SOL and its SPL tokens). */
export const SOLANA_NETWORKS: ReadonlySet<string> = new Set(['SOL', 'SOLANA', 'SPL']);

const ACCOUNT_BYTES = 32;
// 32 bytes take 32 to 44 Base58 characters; counting first names the usual typo and bounds decoding time.
const CHARACTERS = { min: 32, max: 44 };

/**
 * Why `address` is not a Solana account, or undefined when it is one: Base58 that decodes to exactly 32
 * bytes. Solana addresses carry no checksum, so this is all that can be known; a typo that keeps the length
 * is a valid, different account.
 */
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
