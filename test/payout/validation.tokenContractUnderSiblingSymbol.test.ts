/**
 * Adversary (issue 24, item 5): the token-contract refusal looks contracts up under the payout's network symbol
 * spelled exactly. A currency list may name one chain by two symbols (the issue names them: SOL and SPL, TRX and
 * TRC20): the native coin on SOL, its tokens on SPL. A SOL payout to the USDC mint (a token contract, which
 * anyone can send lamports to and nobody can take them back from) then goes through.
 */
import { CurrencyCatalog } from '../../nodes/Tylt/helpers/currencyCatalog';
import type { CurrencyRecord, NetworkRecord } from '../../nodes/Tylt/transport/records';
import { validatePayout } from '../../nodes/Tylt/payout/validation';
import { workflowNode } from '../../tools/harness/workflowNode';

const node = workflowNode('tylt');

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
			validatePayout(node, { settledCurrency, networkSymbol, address, baseAmount: 1 }, catalog, 0),
		).toThrow(/token contract/);
	},
);
