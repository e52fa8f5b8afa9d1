import { base58CharacterReason, decodeBase58, firstNonBase58Character } from './base58';
import { decodeBech32, wordsToBytes, type Bech32Text } from './bech32';
import { hasDoubleSha256Checksum } from './sha256';
import { ZERO_ADDRESS_REASON } from './zeroAddress';

/** A Bitcoin-like chain: Base58Check addresses told apart by their version byte, and perhaps segwit ones. */
export interface UtxoChain {
	name: string;
	/** Network symbols (upper case) that name this chain. */
	networks: ReadonlySet<string>;
	/** Version bytes of mainnet Base58Check addresses: pay to a key hash, then pay to a script hash. */
	versions: readonly number[];
	/** How its addresses look, for the reason given when one does not. */
	shape: string;
	/** The bech32 prefix of its segwit addresses, before the separator 1; none when the chain has no segwit. */
	segwitPrefix?: string;
	testnetVersions: readonly number[];
	testnetSegwitPrefixes: readonly string[];
}

export const BITCOIN: UtxoChain = {
	name: 'Bitcoin',
	networks: new Set(['BTC', 'BITCOIN']),
	versions: [0x00, 0x05],
	shape: 'start with 1 or 3 (Base58Check) or bc1 (segwit)',
	segwitPrefix: 'bc',
	testnetVersions: [0x6f, 0xc4],
	testnetSegwitPrefixes: ['tb', 'bcrt'],
};

export const LITECOIN: UtxoChain = {
	name: 'Litecoin',
	networks: new Set(['LTC', 'LITECOIN']),
	// 0x05 (addresses starting with 3) is Litecoin's former script-hash version, still accepted by its wallets.
	versions: [0x30, 0x32, 0x05],
	shape: 'start with L, M or 3 (Base58Check) or ltc1 (segwit)',
	segwitPrefix: 'ltc',
	testnetVersions: [0x6f, 0x3a, 0xc4],
	testnetSegwitPrefixes: ['tltc', 'rltc'],
};

export const DOGECOIN: UtxoChain = {
	name: 'Dogecoin',
	networks: new Set(['DOGE', 'DOGECOIN']),
	versions: [0x1e, 0x16],
	shape: 'start with D, A or 9 (Base58Check)',
	testnetVersions: [0x71, 0xc4],
	testnetSegwitPrefixes: [],
};

const UTXO_CHAINS: readonly UtxoChain[] = [BITCOIN, LITECOIN, DOGECOIN];

// Version byte, 20-byte hash, 4-byte checksum: 25 bytes, which Base58 writes in 25 to 35 characters.
const BASE58_BYTES = 25;
const BASE58_CHARACTERS = { min: 25, max: 35 };
const SEGWIT_PROGRAM_BYTES = { min: 2, max: 40 };
const SEGWIT_V0_PROGRAM_BYTES = [20, 32];
const TAPROOT_PROGRAM_BYTES = 32;

/** The address-format check of `chain`: why an address is not one of its mainnet addresses. */
export function utxoAddressProblem(chain: UtxoChain): (address: string) => string | undefined {
	return (address) => {
		const segwitPrefix = prefixBeforeSeparator(address);
		if (segwitPrefix !== undefined) {
			if (segwitPrefix === chain.segwitPrefix) {
				// A Base58Check address may begin like a segwit one (Litecoin's L, then Tc1): it is mixed-case,
				// which bech32 never is, and has only Base58 characters.
				const looksBase58 = isMixedCase(address) && firstNonBase58Character(address) === undefined;
				return looksBase58 ? base58Problem(chain, address) : segwitProblem(chain, address);
			}
			if (chain.testnetSegwitPrefixes.includes(segwitPrefix)) return testnetReason(chain);
			const other = UTXO_CHAINS.find((candidate) => candidate.segwitPrefix === segwitPrefix);
			if (other) return `it is a ${other.name} address, not a ${chain.name} one`;
		}
		return base58Problem(chain, address);
	};
}

/** The prefix of text that looks like segwit (letters, then 1), in lower case; undefined otherwise. */
function prefixBeforeSeparator(address: string): string | undefined {
	return /^([a-z]{2,4})1/i.exec(address)?.[1].toLowerCase();
}

function isMixedCase(text: string): boolean {
	return text !== text.toLowerCase() && text !== text.toUpperCase();
}

function base58Problem(chain: UtxoChain, address: string): string | undefined {
	const format = `${chain.name} addresses ${chain.shape}`;
	const invalidCharacter = firstNonBase58Character(address);
	if (invalidCharacter !== undefined) {
		return `${format}; ${base58CharacterReason('Base58Check', invalidCharacter)}`;
	}
	if (address.length < BASE58_CHARACTERS.min || address.length > BASE58_CHARACTERS.max) {
		return `${format}; a Base58Check one is ${BASE58_CHARACTERS.min} to ${BASE58_CHARACTERS.max} characters long (this one has ${address.length})`;
	}
	const bytes = decodeBase58(address) as Uint8Array;
	if (bytes.length !== BASE58_BYTES) {
		return `${format}; a Base58Check one decodes to ${BASE58_BYTES} bytes (this one to ${bytes.length})`;
	}
	if (!hasDoubleSha256Checksum(bytes)) {
		return `the ${chain.name} checksum does not match, so the address is probably mistyped`;
	}
	const version = bytes[0];
	if (!chain.versions.includes(version)) {
		if (chain.testnetVersions.includes(version)) return testnetReason(chain);
		const other = UTXO_CHAINS.find((candidate) => candidate.versions.includes(version));
		if (other) return `it is a ${other.name} address, not a ${chain.name} one`;
		const hex = version.toString(16).padStart(2, '0');
		return `${format}; this one has version byte 0x${hex}, so it is not a ${chain.name} address`;
	}
	if (bytes.subarray(1, 21).every((byte) => byte === 0)) return ZERO_ADDRESS_REASON;
	return undefined;
}

/**
 * BIP-173 and BIP-350: witness version 0 carries a 20- or 32-byte program in bech32; versions 1 to 16 carry
 * 2 to 40 bytes in bech32m. Of the later versions only Taproot (version 1, 32 bytes) is in use: coins sent to
 * any other can be spent by anyone, so those are refused although they are well-formed.
 */
function segwitProblem(chain: UtxoChain, address: string): string | undefined {
	const decoded = decodeBech32(address);
	if (typeof decoded === 'string') return decoded;
	const [version, ...programWords] = decoded.words;
	const program = wordsToBytes(programWords);
	if (version === undefined) return 'it is a segwit prefix with nothing after it';
	if (version > 16) return `its witness version ${version} does not exist (versions are 0 to 16)`;
	if (!program)
		return 'its witness program does not end on a whole byte, so it is probably mistyped';
	const wrongEncoding = encodingProblem(version, decoded);
	if (wrongEncoding) return wrongEncoding;
	if (program.length < SEGWIT_PROGRAM_BYTES.min || program.length > SEGWIT_PROGRAM_BYTES.max) {
		return `a segwit witness program is ${SEGWIT_PROGRAM_BYTES.min} to ${SEGWIT_PROGRAM_BYTES.max} bytes (this one ${program.length})`;
	}
	if (version === 0 && !SEGWIT_V0_PROGRAM_BYTES.includes(program.length)) {
		return `a version 0 segwit address carries 20 or 32 bytes (this one ${program.length})`;
	}
	if (version === 1 && program.length === TAPROOT_PROGRAM_BYTES) return undefined;
	if (version > 0) {
		return `it is a segwit version ${version} address with ${program.length} bytes, which no wallet uses yet: anyone could take coins sent to it`;
	}
	if (program.every((byte) => byte === 0)) return ZERO_ADDRESS_REASON;
	return undefined;
}

function encodingProblem(version: number, decoded: Bech32Text): string | undefined {
	const expected = version === 0 ? 'bech32' : 'bech32m';
	if (decoded.encoding === expected) return undefined;
	return `a segwit version ${version} address uses the ${expected} checksum, this one ${decoded.encoding}, so it is probably mistyped`;
}

function testnetReason(chain: UtxoChain): string {
	return `it is a ${chain.name} testnet address; payouts go to ${chain.name} mainnet`;
}
