import { EVM_NETWORKS, TRON_NETWORKS, addressProblem } from '../../nodes/Tylt/addresses';
import { sampleAccountId, tronAddress } from '../../sandbox/tronAddresses';

const ETH_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('addressProblem', () => {
	it.each([
		['ETH', ETH_ADDRESS],
		['BSC', ETH_ADDRESS],
		['MATIC', ETH_ADDRESS.toLowerCase()],
		['TRX', TRON_ADDRESS],
		['TRON', tronAddress(sampleAccountId(7))],
	])('accepts a valid address on %s', (networkSymbol, address) => {
		expect(addressProblem(networkSymbol, address)).toBeUndefined();
	});

	it.each([
		['eth', ETH_ADDRESS],
		['Bsc', ETH_ADDRESS],
		['trx', TRON_ADDRESS],
		['Tron', TRON_ADDRESS],
		[' TRX ', TRON_ADDRESS],
	])(
		'matches the network symbol %p regardless of case and surrounding spaces',
		(networkSymbol, address) => {
			expect(addressProblem(networkSymbol, address)).toBeUndefined();
			expect(addressProblem(networkSymbol, address.slice(0, -1))).toEqual(expect.any(String));
		},
	);

	it('checks an address against the network it is sent on, not the one it looks like', () => {
		expect(addressProblem('TRX', ETH_ADDRESS)).toMatch(/^TRON addresses are written in Base58/);
		expect(addressProblem('ETH', TRON_ADDRESS)).toBe(
			'ETH addresses are 0x followed by 40 hexadecimal digits (this one does not start with 0x)',
		);
	});

	it('names the network in upper case, however it was typed', () => {
		expect(addressProblem('matic', '0x12')).toBe(
			'MATIC addresses are 0x followed by 40 hexadecimal digits (this one has 2)',
		);
	});

	it.each(['SOL', 'BTC', 'XYZ', 'AVAX', ''])(
		'passes any printable ASCII through on the unknown network %p, nothing else',
		(networkSymbol) => {
			expect(addressProblem(networkSymbol, 'definitely-not-an-address')).toBeUndefined();
			expect(addressProblem(networkSymbol, ETH_ADDRESS)).toBeUndefined();
			expect(addressProblem(networkSymbol, 'definitely not an address')).toBe(
				'wallet addresses are written in printable ASCII only; this one contains a space',
			);
			expect(addressProblem(networkSymbol, ETH_ADDRESS.replace('c', '\u0441'))).toBe(
				"wallet addresses are written in printable ASCII only; this one contains 'с' (U+0441)",
			);
		},
	);

	it('refuses characters outside printable ASCII on known networks too, before the format', () => {
		expect(addressProblem('TRX', `${TRON_ADDRESS}\u200b`)).toBe(
			'wallet addresses are written in printable ASCII only; this one contains a zero-width space',
		);
		expect(addressProblem('ETH', ETH_ADDRESS.replace('a', '\u0430'))).toMatch(/U\+0430/);
	});

	it('asks for an address when a known network gets none', () => {
		expect(addressProblem('ETH', '')).toBe('a recipient wallet address is required');
		expect(addressProblem('TRX', undefined as unknown as string)).toBe(
			'a recipient wallet address is required',
		);
		expect(addressProblem('TRX', 12 as unknown as string)).toBe(
			'a recipient wallet address is required',
		);
	});

	it('treats a missing network symbol as unknown', () => {
		expect(addressProblem(undefined as unknown as string, 'x')).toBeUndefined();
	});

	// The caller writes 'Invalid Address "<value>" in item N: <reason>', so the value is said once.
	it('never repeats the address in its reason', () => {
		const cases: Array<[string, string]> = [
			['ETH', ETH_ADDRESS.slice(0, -1)],
			['ETH', ETH_ADDRESS.replace('fB', 'Fb')],
			['ETH', ETH_ADDRESS + 'z'],
			['TRX', TRON_ADDRESS.slice(0, -1)],
			['TRX', TRON_ADDRESS.slice(0, -1) + 'u'],
			['TRX', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
		];
		for (const [networkSymbol, address] of cases) {
			const reason = addressProblem(networkSymbol, address);
			expect(reason).toEqual(expect.any(String));
			expect(reason).not.toContain(address);
		}
	});

	it('keeps the EVM and TRON network lists apart', () => {
		expect([...EVM_NETWORKS].filter((symbol) => TRON_NETWORKS.has(symbol))).toEqual([]);
	});
});
