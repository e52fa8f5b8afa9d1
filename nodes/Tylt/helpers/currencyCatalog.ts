import type { TokenContract } from '../addresses';
import type { CurrencyRecord, NetworkRecord } from '../transport/records';

/** The supported currency list, indexed for lookups. Symbols match case-insensitively, as users type them. */
export class CurrencyCatalog {
	private readonly bySymbol = new Map<string, CurrencyRecord>();

	constructor(readonly currencies: CurrencyRecord[]) {
		for (const currency of currencies) {
			this.bySymbol.set(String(currency.currencySymbol).toUpperCase(), currency);
		}
	}

	findCurrency(symbol: string): CurrencyRecord | undefined {
		return this.bySymbol.get(symbol.trim().toUpperCase());
	}

	findNetwork(currency: CurrencyRecord, networkSymbol: string): NetworkRecord | undefined {
		const wanted = networkSymbol.trim().toUpperCase();
		return (currency.networks ?? []).find(
			(network) => network.networkSymbol.toUpperCase() === wanted,
		);
	}

	/** Every token contract the list names on any of `networkSymbols` (upper case): none is a wallet. */
	tokenContractsOn(networkSymbols: ReadonlySet<string>): TokenContract[] {
		return this.currencies.flatMap((currency) =>
			(currency.networks ?? []).flatMap((network) => {
				const { contractAddress } = network;
				if (!networkSymbols.has(String(network.networkSymbol).trim().toUpperCase())) return [];
				if (typeof contractAddress !== 'string' || contractAddress.trim() === '') return [];
				return [{ currencySymbol: currency.currencySymbol, contractAddress }];
			}),
		);
	}

	withdrawableNetworks(currency: CurrencyRecord): NetworkRecord[] {
		return (currency.networks ?? []).filter((network) => Number(network.canWithdraw) === 1);
	}
}
