import { EVM_NETWORKS, evmAddressProblem } from '../../../nodes/shared/addresses/evm';
import { ZERO_ADDRESS_REASON } from '../../../nodes/shared/addresses/zeroAddress';

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const FORMAT = 'ETH addresses are 0x followed by 40 hexadecimal digits';
const CHECKSUM_MISMATCH =
	'the mixed-case letters do not match the EIP-55 checksum, so the address is probably mistyped';

describe('evmAddressProblem', () => {
	it.each([
		['an EIP-55 checksummed address', CHECKSUMMED],
		['the same address in lower case (no checksum to check)', CHECKSUMMED.toLowerCase()],
		['the same address in upper case after 0x', '0x' + CHECKSUMMED.slice(2).toUpperCase()],
		['an address of digits only', '0x1234567890123456789012345678901234567890'],
		['another EIP-55 vector', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
	])('accepts %s', (_name, address) => {
		expect(evmAddressProblem(address, 'ETH')).toBeUndefined();
	});

	it.each([
		['no 0x', CHECKSUMMED.slice(2), `${FORMAT} (this one does not start with 0x)`],
		[
			'an upper-case 0X',
			'0X' + CHECKSUMMED.slice(2),
			`${FORMAT} (this one starts with 0X; the x must be lower-case)`,
		],
		[
			'a TRON address',
			'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
			`${FORMAT} (this one does not start with 0x)`,
		],
		['39 digits', CHECKSUMMED.slice(0, -1), `${FORMAT} (this one has 39)`],
		['41 digits', CHECKSUMMED.toLowerCase() + 'a', `${FORMAT} (this one has 41)`],
		['only 0x', '0x', `${FORMAT} (this one has 0)`],
		[
			'a letter beyond f',
			'0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
			`${FORMAT} (this one contains 'g')`,
		],
		[
			'an O typed for a 0',
			'0x5aAeb6O53F3E94C9b9A09f33669435E7Ef1BeAed',
			`${FORMAT} (this one contains 'O')`,
		],
		['a trailing space', CHECKSUMMED + ' ', `${FORMAT} (this one contains a space)`],
		[
			'a second 0x',
			'0x0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA',
			`${FORMAT} (this one contains 'x')`,
		],
		[
			'one letter in the wrong case',
			'0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
			CHECKSUM_MISMATCH,
		],
		[
			'a digit typo in a checksummed address',
			'0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA3d',
			CHECKSUM_MISMATCH,
		],
		['the zero address', '0x' + '0'.repeat(40), ZERO_ADDRESS_REASON],
	])('refuses %s', (_name, address, reason) => {
		expect(evmAddressProblem(address, 'ETH')).toBe(reason);
	});

	it('names the network it was asked about', () => {
		expect(evmAddressProblem('0x12', 'BSC')).toBe(
			'BSC addresses are 0x followed by 40 hexadecimal digits (this one has 2)',
		);
	});
});

describe('EVM_NETWORKS', () => {
	it.each(['ETH', 'BSC', 'MATIC', 'POLYGON', 'ARBITRUM', 'OP', 'BASE', 'AVAXC', 'ZKSYNC'])(
		'includes %s',
		(symbol) => {
			expect(EVM_NETWORKS.has(symbol)).toBe(true);
		},
	);

	// Symbols that often mean a chain with another address format, where a check would refuse
	// correct addresses.
	it.each(['AVAX', 'BNB', 'RSK', 'RBTC', 'ONE', 'XDC', 'TRX', 'SOL', 'BTC'])(
		'leaves out %s',
		(symbol) => {
			expect(EVM_NETWORKS.has(symbol)).toBe(false);
		},
	);

	it('holds upper-case symbols only, as lookups expect', () => {
		expect([...EVM_NETWORKS].filter((symbol) => symbol !== symbol.toUpperCase())).toEqual([]);
	});
});
