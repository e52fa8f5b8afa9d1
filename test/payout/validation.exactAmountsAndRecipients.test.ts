/**
 * Attacks on exact amounts and on recipients, as a compact record: each line is an attack, and the assertion is
 * what the node does about it. Token contracts are refused as recipients also when the currency list names
 * their chain by another symbol (SOL and SPL, TRX and TRC20: the native coin on one, its tokens on the other):
 * a payout to a token contract cannot be taken back.
 */
import { sameDecimal } from '../../nodes/shared/decimalText';
import { addressProblem, networksSharingFormat } from '../../nodes/Tylt/addresses';
import { CurrencyCatalog } from '../../nodes/Tylt/helpers/currencyCatalog';
import type {
	CurrencyRecord,
	NetworkRecord,
	PayoutRecord,
} from '../../nodes/Tylt/transport/records';
import { differencesFrom } from '../../nodes/Tylt/payout/guard';
import { validatePayout } from '../../nodes/Tylt/payout/validation';
import { SEEDED_CURRENCIES } from '../../sandbox';
import { workflowNode } from '../../tools/harness/workflowNode';
import { tronAddress } from '../support/sandboxKit';

const node = workflowNode('tylt');
const catalog = new CurrencyCatalog(structuredClone(SEEDED_CURRENCIES) as CurrencyRecord[]);
const RECIPIENT = tronAddress('held recipient');

describe('amounts', () => {
	it.each<[unknown, unknown, boolean]>([
		['50', 50, true],
		[' 50 ', 50, true],
		['0050', 50, true],
		['5e1', 50, true],
		['-0', 0, true],
		['50.000000000000001', 50, false],
		['49999.99996', 50_000, false],
		['1e21', 1e21, true],
		['50,0', 50, false],
		['0x32', 50, false],
		[null, 0, false],
	])('TYLT writes %p, the item sends %p: same amount %p', (record, item, same) => {
		expect(sameDecimal(record, item)).toBe(same);
	});

	it.each<[string, unknown]>([
		['an exponent in text', '5e1'],
		['digits a double drops', '25.000000000000000001'],
		['zero', 0],
		['negative zero', -0],
		['above 10^12', 1e13],
		['a number beyond a double', Number('1e400')],
	])('an item amount with %s is refused before anything is sent', (_what, baseAmount) => {
		expect(() =>
			validatePayout(
				node,
				{ settledCurrency: 'USDT', networkSymbol: 'TRX', address: RECIPIENT, baseAmount },
				catalog,
				0,
			),
		).toThrow(/Base Amount/);
	});

	it('a record of 49,999.99996 is not the item of 50,000 (a collision, not "already sent")', () => {
		const record = {
			toAddress: RECIPIENT,
			network: 'TRX',
			settledCurrency: 'USDT',
			settledAmountRequested: '49999.99996',
		} as unknown as PayoutRecord;
		const body = {
			baseAmount: 50_000,
			address: RECIPIENT,
			settledCurrency: 'USDT',
			networkSymbol: 'TRX',
		};
		expect(differencesFrom(record, body)).toEqual(['amount 49999.99996 there, 50000 in this item']);
	});
});

describe('recipients', () => {
	const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
	it.each<[string, string, string]>([
		['the USDT contract, lower case', 'ETH', USDT_ETH.toLowerCase()],
		['the USDT contract, upper-case hex', 'ETH', `0x${USDT_ETH.slice(2).toUpperCase()}`],
		[
			'the USDC contract paying USDT on the same network',
			'ETH',
			'0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
		],
		['the TRC20 USDT contract', 'TRX', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
		['the network symbol in lower case', 'trx', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
	])('%s is refused as a recipient', (_what, networkSymbol, address) => {
		const contracts = catalog.tokenContractsOn(networksSharingFormat(networkSymbol));
		expect(addressProblem(networkSymbol, address, contracts)).toMatch(/token contract/);
	});

	it.each<[string, string, string]>([
		['an EVM address on TRON', 'TRX', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
		['a TRON address on an EVM network', 'BSC', RECIPIENT],
		['a TRON address on Solana', 'SOL', RECIPIENT],
		['a broken EIP-55 checksum', 'ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d358'],
		['a trailing space', 'TRX', `${RECIPIENT} `],
		['a zero-width space', 'ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359\u200b'],
		['a Bitcoin testnet address on BTC', 'BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
		['a Litecoin address on BTC', 'BTC', 'ltc1qg82tjhtmx4mf8l4nrh9x6jrzpwkdyz2d6fspm9'],
		['the nil UUID on TPNK', 'TPNK', '00000000-0000-0000-0000-000000000000'],
	])('%s is refused', (_what, networkSymbol, address) => {
		expect(addressProblem(networkSymbol, address)).toBeDefined();
	});
});

describe('a token contract listed under another symbol of the same chain', () => {
	const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
	const USDT_TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

	function network(networkSymbol: string, contractAddress: string): NetworkRecord {
		return {
			standard: networkSymbol,
			canDeposit: 1,
			canWithdraw: 1,
			networkFees: 0,
			networkName: networkSymbol,
			networkSymbol,
			maximumDeposit: 1_000_000,
			minimumDeposit: 0,
			maximumWithdrawal: 1_000_000,
			minimumWithdrawal: 0,
			contractAddress,
		} as NetworkRecord;
	}

	const currency = (currencySymbol: string, networks: NetworkRecord[]): CurrencyRecord => ({
		currencyName: currencySymbol,
		currencySymbol,
		networks,
	});

	// Native coins on their chain's own symbol, tokens on the token standard's symbol: the same two chains.
	const catalog = new CurrencyCatalog([
		currency('SOL', [network('SOL', '')]),
		currency('USDC', [network('SPL', USDC_MINT)]),
		currency('TRX', [network('TRX', '')]),
		currency('USDT', [network('TRC20', USDT_TRC20)]),
	]);

	it.each([
		['SOL', 'SOL', USDC_MINT],
		['TRX', 'TRX', USDT_TRC20],
	])(
		'a %s payout on %s to a token contract the list names under another symbol of the same chain is refused',
		(settledCurrency, networkSymbol, address) => {
			expect(() =>
				validatePayout(
					node,
					{ settledCurrency, networkSymbol, address, baseAmount: 1 },
					catalog,
					0,
				),
			).toThrow(/token contract/);
		},
	);
});
