import { MEMO_NETWORKS, addressProblem } from '../nodes/Tylt/addresses';
import { EVM_NETWORKS } from '../nodes/shared/addresses/evm';
import { ADDRESS_FORMATS } from '../nodes/shared/addresses/formats';
import { TRON_NETWORKS } from '../nodes/shared/addresses/tron';
import { sampleAccountId, tronAddress } from '../sandbox/tronAddresses';

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

	it('calls a valid address of another network a wrong-network mistake, on the network it is sent on', () => {
		expect(addressProblem('TRX', ETH_ADDRESS)).toBe(
			'it is an address for another network (such as ETH, ERC20, BSC), not for TRX: the wrong network was chosen, or the wrong address given; ask the recipient for their address on TRX',
		);
		expect(addressProblem('ETH', TRON_ADDRESS)).toMatch(
			/^it is an address for another network \(such as TRX, TRON, TRC20\), not for ETH: /,
		);
	});

	it('explains a broken address by the network it is sent on when no other network takes it either', () => {
		expect(addressProblem('TRX', ETH_ADDRESS.slice(0, -1))).toMatch(
			/^TRON addresses are written in Base58/,
		);
		expect(addressProblem('ETH', TRON_ADDRESS.slice(0, -1))).toBe(
			'ETH addresses are 0x followed by 40 hexadecimal digits (this one does not start with 0x)',
		);
	});

	it('names the network in upper case, however it was typed', () => {
		expect(addressProblem('matic', '0x12')).toBe(
			'MATIC addresses are 0x followed by 40 hexadecimal digits (this one has 2)',
		);
	});

	it.each(['XYZ', 'AVAX', 'ADA', 'ATOM', ''])(
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

// One valid address per format, on the symbols TYLT's currency list may use for it.
const VALID_BY_NETWORK: Array<[string, string]> = [
	['ERC20', ETH_ADDRESS],
	['BEP20', ETH_ADDRESS],
	['AVAXC', ETH_ADDRESS],
	['TRC20', TRON_ADDRESS],
	['SOL', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'],
	['SPL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
	['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
	['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
	['LTC', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9'],
	['DOGE', 'D5ERdEN1gsouFSs7zsq7VYJxyWP6dP28H1'],
	['TON', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'],
	['TON', '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e'],
	['XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
	['XRP', 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu'],
	['XLM', 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ'],
	['XLM', 'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ'],
	['TPNK', '123e4567-e89b-12d3-a456-426614174000'],
];

describe('the table network → address format', () => {
	it.each(VALID_BY_NETWORK)('accepts a valid address on %s', (networkSymbol, address) => {
		expect(addressProblem(networkSymbol, address)).toBeUndefined();
	});

	// Solana addresses carry no checksum: one character fewer can still be 32 bytes, so two are dropped there.
	it.each(VALID_BY_NETWORK)(
		'checks the format on %s: characters dropped are refused',
		(networkSymbol, address) => {
			const dropped = networkSymbol === 'SOL' || networkSymbol === 'SPL' ? 12 : 1;
			expect(addressProblem(networkSymbol, address.slice(0, -dropped))).toEqual(expect.any(String));
		},
	);

	it.each([
		['SOL', TRON_ADDRESS],
		['BTC', 'LKKHMBjCU89fyFNgSRprDoD8Jb25N8uWvd'],
		['LTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
		['DOGE', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
		['TON', ETH_ADDRESS],
		['XRP', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
		['XLM', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'],
		['TPNK', TRON_ADDRESS],
		['BTC', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
	])('refuses on %s an address of another network: %s', (networkSymbol, address) => {
		expect(addressProblem(networkSymbol, address)).toEqual(expect.any(String));
	});

	it('gives every network symbol to one format at most', () => {
		const symbols = ADDRESS_FORMATS.flatMap((format) => [...format.networks]);
		expect(symbols.length).toBe(new Set(symbols).size);
	});

	it('writes every symbol in upper case, as lookups are', () => {
		const symbols = ADDRESS_FORMATS.flatMap((format) => [...format.networks]);
		expect(symbols.filter((symbol) => symbol !== symbol.toUpperCase())).toEqual([]);
	});

	it('knows the memo networks whose address can carry the tag: XRP, XLM', () => {
		for (const symbol of ['XRP', 'XLM', 'TON', 'ATOM', 'EOS', 'BNB', 'HBAR']) {
			expect(MEMO_NETWORKS.has(symbol)).toBe(true);
		}
		expect(MEMO_NETWORKS.has('ETH')).toBe(false);
	});
});

describe('a token contract as the recipient', () => {
	const USDT_ON_ETH = {
		currencySymbol: 'USDT',
		contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
	};
	const USDT_ON_TRON = { currencySymbol: 'USDT', contractAddress: TRON_ADDRESS };
	const USDT_ON_SOL = {
		currencySymbol: 'USDT',
		contractAddress: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
	};
	const USDT_ON_TON = {
		currencySymbol: 'USDT',
		contractAddress: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
	};
	const reason = (currency: string, network: string) =>
		`it is the ${currency} token contract on ${network}, not a wallet: tokens sent to a token contract are lost for good`;

	it.each([
		['the checksummed contract', USDT_ON_ETH.contractAddress],
		['the contract in lower case', USDT_ON_ETH.contractAddress.toLowerCase()],
		[
			'the contract in upper case after 0x',
			'0x' + USDT_ON_ETH.contractAddress.slice(2).toUpperCase(),
		],
	])('is refused on an EVM network in any letter case: %s', (_name, address) => {
		expect(addressProblem('ETH', address, [USDT_ON_ETH])).toBe(reason('USDT', 'ETH'));
	});

	it('is refused on TRON and Solana, whose addresses are case-sensitive', () => {
		expect(addressProblem('TRX', TRON_ADDRESS, [USDT_ON_TRON])).toBe(reason('USDT', 'TRX'));
		expect(addressProblem('SOL', USDT_ON_SOL.contractAddress, [USDT_ON_SOL])).toBe(
			reason('USDT', 'SOL'),
		);
	});

	it('is refused on TON in its other spellings (non-bounceable, raw)', () => {
		const nonBounceable = 'UQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_p0p';
		expect(addressProblem('TON', nonBounceable)).toBeUndefined();
		expect(addressProblem('TON', nonBounceable, [USDT_ON_TON])).toBe(reason('USDT', 'TON'));
	});

	it('is refused whichever listed token it belongs to', () => {
		const daiOnEth = {
			currencySymbol: 'DAI',
			contractAddress: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
		};
		expect(addressProblem('ETH', daiOnEth.contractAddress, [USDT_ON_ETH, daiOnEth])).toBe(
			reason('DAI', 'ETH'),
		);
	});

	it('is refused on a network without a format check, by its exact spelling', () => {
		const onUnknown = { currencySymbol: 'USDT', contractAddress: 'some-contract-id' };
		expect(addressProblem('XYZ', 'some-contract-id', [onUnknown])).toBe(reason('USDT', 'XYZ'));
		expect(addressProblem('XYZ', 'some-contract-iD', [onUnknown])).toBeUndefined();
	});

	it('lets any other address through, and ignores contracts the list leaves empty', () => {
		const native = { currencySymbol: 'ETH', contractAddress: '' };
		expect(addressProblem('ETH', ETH_ADDRESS, [USDT_ON_ETH, native])).toBeUndefined();
		expect(
			addressProblem('XYZ', 'x', [
				{ currencySymbol: 'X', contractAddress: null as unknown as string },
			]),
		).toBeUndefined();
	});

	it('checks the format first: a malformed address is named as such', () => {
		expect(addressProblem('ETH', '0x12', [USDT_ON_ETH])).toMatch(/40 hexadecimal digits/);
	});
});
