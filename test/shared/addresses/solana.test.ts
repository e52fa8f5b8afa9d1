import { SOLANA_NETWORKS, solanaAddressProblem } from '../../../nodes/shared/addresses/solana';
import { ZERO_ADDRESS_REASON } from '../../../nodes/shared/addresses/zeroAddress';
import { encodeBase58, sha256 } from '../../../sandbox/tronAddresses';

const bytes = (length: number, seed: string) =>
	Buffer.concat([sha256(Buffer.from(seed)), sha256(Buffer.from(`${seed}+`))]).subarray(0, length);

const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

describe('solanaAddressProblem', () => {
	it.each([
		['the USDT mint', USDT_MINT],
		['the USDC mint', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
		['the SPL Token program', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
		[
			'32 bytes that start with zeros (a shorter text)',
			encodeBase58(Buffer.concat([Buffer.alloc(3), bytes(29, 'a')])),
		],
	])('accepts %s', (_name, address) => {
		expect(solanaAddressProblem(address)).toBeUndefined();
	});

	it.each([
		[
			'a 0',
			USDT_MINT.replace('M', '0'),
			"Solana addresses are written in Base58, which has no 0, O, I or l; this one contains '0'",
		],
		[
			'a character missing from a 32-character text',
			'1'.repeat(31),
			'a Solana address is 32 to 44 Base58 characters long (this one has 31)',
		],
		[
			'45 characters',
			USDT_MINT + 'z',
			'a Solana address is 32 to 44 Base58 characters long (this one has 45)',
		],
		[
			'31 bytes',
			encodeBase58(bytes(31, 'b')),
			'a Solana address decodes to 32 bytes (this one to 31)',
		],
		[
			'33 bytes',
			encodeBase58(Buffer.concat([Buffer.alloc(1), Buffer.from([1]), bytes(31, 'c')])),
			'a Solana address decodes to 32 bytes (this one to 33)',
		],
		['the System Program (32 zero bytes)', '11111111111111111111111111111111', ZERO_ADDRESS_REASON],
	])('refuses %s', (_name, address, reason) => {
		expect(solanaAddressProblem(address)).toBe(reason);
	});

	it('refuses an Ethereum address', () => {
		expect(solanaAddressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatch(
			/contains '0'/,
		);
	});
});

describe('SOLANA_NETWORKS', () => {
	it.each(['SOL', 'SOLANA', 'SPL'])('includes %s', (symbol) => {
		expect(SOLANA_NETWORKS.has(symbol)).toBe(true);
	});
});
