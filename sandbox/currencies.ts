/**
 * The reference data the sandbox starts with. The spec publishes no limits or fees, so these are plausible
 * values; tests import them to compute expectations instead of repeating numbers.
 */

export interface NetworkRecord {
	standard: string;
	canDeposit: number;
	canWithdraw: number;
	networkFees: number;
	networkName: string;
	networkSymbol: string;
	maximumDeposit: number;
	minimumDeposit: number;
	contractAddress: string;
	maximumWithdrawal: number;
	minimumWithdrawal: number;
}

export interface SupportedCurrencyRecord {
	currencyName: string;
	currencySymbol: string;
	networks: NetworkRecord[];
}

type NetworkTemplate = Omit<NetworkRecord, 'contractAddress'>;

// Per-network defaults; the per-currency tables below only add the token contract and deviations.
const TRON: NetworkTemplate = {
	standard: 'TRC20',
	canDeposit: 1,
	canWithdraw: 1,
	networkFees: 1,
	networkName: 'Tron',
	networkSymbol: 'TRX',
	maximumDeposit: 1000000,
	minimumDeposit: 1,
	maximumWithdrawal: 50000,
	minimumWithdrawal: 10,
};
const BSC: NetworkTemplate = {
	standard: 'BEP20',
	canDeposit: 1,
	canWithdraw: 1,
	networkFees: 0.3,
	networkName: 'BNB Smart Chain',
	networkSymbol: 'BSC',
	maximumDeposit: 1000000,
	minimumDeposit: 1,
	maximumWithdrawal: 50000,
	minimumWithdrawal: 10,
};
// Ethereum gas makes small payouts uneconomic, hence the higher fee and minimum.
const ETHEREUM: NetworkTemplate = {
	standard: 'ERC20',
	canDeposit: 1,
	canWithdraw: 1,
	networkFees: 5,
	networkName: 'Ethereum',
	networkSymbol: 'ETH',
	maximumDeposit: 1000000,
	minimumDeposit: 10,
	maximumWithdrawal: 100000,
	minimumWithdrawal: 20,
};
const POLYGON: NetworkTemplate = {
	standard: 'POLYGON',
	canDeposit: 1,
	canWithdraw: 1,
	networkFees: 0.5,
	networkName: 'Polygon',
	networkSymbol: 'MATIC',
	maximumDeposit: 1000000,
	minimumDeposit: 1,
	maximumWithdrawal: 50000,
	minimumWithdrawal: 10,
};

// Solana (SPL tokens) and TON (jettons): networks whose addresses are not Ethereum- or TRON-style, so the Network
// dropdown and the address checks show them in `npm run dev`; TON is also a network where exchange deposits need a memo.
const SOLANA: NetworkTemplate = {
	standard: 'SPL',
	canDeposit: 1,
	canWithdraw: 1,
	networkFees: 0.5,
	networkName: 'Solana',
	networkSymbol: 'SOL',
	maximumDeposit: 1000000,
	minimumDeposit: 1,
	maximumWithdrawal: 50000,
	minimumWithdrawal: 10,
};
const TON: NetworkTemplate = {
	standard: 'Jetton',
	canDeposit: 1,
	canWithdraw: 1,
	networkFees: 0.3,
	networkName: 'TON',
	networkSymbol: 'TON',
	maximumDeposit: 1000000,
	minimumDeposit: 1,
	maximumWithdrawal: 50000,
	minimumWithdrawal: 10,
};

export const SEEDED_CURRENCIES: readonly SupportedCurrencyRecord[] = [
	{
		currencyName: 'Tether USD',
		currencySymbol: 'USDT',
		networks: [
			{ ...TRON, contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
			{ ...BSC, contractAddress: '0x55d398326f99059fF775485246999027B3197955' },
			{ ...ETHEREUM, contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
			{ ...POLYGON, contractAddress: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' },
			{ ...SOLANA, contractAddress: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' },
			{ ...TON, contractAddress: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs' },
		],
	},
	{
		currencyName: 'USD Coin',
		currencySymbol: 'USDC',
		networks: [
			{ ...BSC, contractAddress: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d' },
			{ ...ETHEREUM, contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
			{ ...SOLANA, contractAddress: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
			// Deposit-only on purpose: the one network where a payout must be refused for canWithdraw 0.
			{ ...POLYGON, canWithdraw: 0, contractAddress: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
		],
	},
	{
		currencyName: 'Dai Stablecoin',
		currencySymbol: 'DAI',
		networks: [
			{
				...ETHEREUM,
				maximumWithdrawal: 50000,
				contractAddress: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
			},
		],
	},
];

export const SEEDED_BALANCES: Readonly<Record<string, number>> = {
	USDT: 100000,
	USDC: 50000,
	DAI: 20000,
};

/**
 * Fixed USD value of one unit, so fiat-denominated payouts convert deterministically. Every seeded
 * stablecoin is worth exactly 1 USD, which also makes them valid `baseCurrency` values.
 */
export const USD_RATES: Readonly<Record<string, number>> = {
	USD: 1,
	EUR: 1.08,
	GBP: 1.27,
	INR: 0.012,
	AED: 0.2723,
	...Object.fromEntries(SEEDED_CURRENCIES.map((currency) => [currency.currencySymbol, 1])),
};

export function findCurrency(symbol: string): SupportedCurrencyRecord | undefined {
	return SEEDED_CURRENCIES.find((currency) => currency.currencySymbol === symbol);
}

export function findNetwork(
	currencySymbol: string,
	networkSymbol: string,
): NetworkRecord | undefined {
	return findCurrency(currencySymbol)?.networks.find(
		(network) => network.networkSymbol === networkSymbol,
	);
}
