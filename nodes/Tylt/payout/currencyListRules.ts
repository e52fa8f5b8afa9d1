/** The payout's checks against TYLT's currency list: currency, network, withdrawal limits, address format. */
import { addressProblem, networksSharingFormat } from '../addresses';
import type { CurrencyCatalog } from '../helpers/currencyCatalog';
import { compareExact, exactDecimal, exactText, type ExactDecimal } from '../../shared/decimalText';
import type { CurrencyRecord, NetworkRecord } from '../transport/records';
import type { FieldRule } from './fieldRules';

// Checks against TYLT's currency list, in this order: later rules rely on what earlier ones resolved.
export const CATALOG_RULES: FieldRule[] = [
	{
		name: 'settledCurrency',
		label: 'Settled Currency',
		check(value, resolved) {
			if (!isFilledString(value)) return 'a currency symbol such as USDT is required';
			resolved.currency = resolved.catalog?.findCurrency(value);
			if (!resolved.currency) {
				return `TYLT does not support it; supported: ${listSymbols(resolved.catalog as CurrencyCatalog)}`;
			}
			return undefined;
		},
	},
	{
		name: 'networkSymbol',
		label: 'Network',
		check(value, resolved) {
			const catalog = resolved.catalog as CurrencyCatalog;
			const currency = resolved.currency as CurrencyRecord;
			if (!isFilledString(value)) return 'a network symbol such as TRX or ETH is required';
			const network = catalog.findNetwork(currency, value);
			const withdrawable = catalog
				.withdrawableNetworks(currency)
				.map((candidate) => candidate.networkSymbol)
				.join(', ');
			if (!network) {
				return `${currency.currencySymbol} is not offered on it; networks open for payouts: ${withdrawable || 'none'}`;
			}
			if (Number(network.canWithdraw) !== 1) {
				return `TYLT does not allow ${currency.currencySymbol} withdrawals on it at the moment (canWithdraw 0); open networks: ${withdrawable || 'none'}`;
			}
			resolved.network = network;
			return undefined;
		},
	},
	{
		name: 'baseAmount',
		label: 'Base Amount',
		check(_value, resolved) {
			// A fiat amount is converted by TYLT at its own rate, so only crypto amounts can be bounded here.
			if (resolved.baseCurrency !== undefined) return undefined;
			// Exact decimals: the amount as it is sent, each bound as TYLT wrote it (a number or numeric text).
			const amount = exactDecimal(resolved.amount) as ExactDecimal;
			const network = resolved.network as NetworkRecord;
			const symbol = (resolved.currency as CurrencyRecord).currencySymbol;
			// A bound TYLT does not give as a number (null, '', text) is absent on purpose: TYLT still applies
			// its own limits, and a NaN comparison would pass silently without saying so.
			const minimum = exactDecimal(network.minimumWithdrawal);
			const maximum = exactDecimal(network.maximumWithdrawal);
			if (minimum !== undefined && compareExact(amount, minimum) < 0) {
				return `it is below the minimum withdrawal of ${exactText(minimum)} ${symbol} on ${network.networkSymbol}`;
			}
			if (maximum !== undefined && compareExact(amount, maximum) > 0) {
				return `it is above the maximum withdrawal of ${exactText(maximum)} ${symbol} on ${network.networkSymbol}`;
			}
			return undefined;
		},
	},
	{
		name: 'address',
		label: 'Address',
		check(value, resolved) {
			// A payout to a mistyped address, or to a token's contract, is lost: check the format of the
			// networks we know, and every contract the currency list names on this network or on any network
			// that writes addresses the same way (TRX and TRC20, SOL and SPL: one chain under two symbols).
			const { networkSymbol } = resolved.network as NetworkRecord;
			const tokenContracts = (resolved.catalog as CurrencyCatalog).tokenContractsOn(
				networksSharingFormat(networkSymbol),
			);
			return addressProblem(networkSymbol, value as string, tokenContracts);
		},
	},
];

function isFilledString(value: unknown): value is string {
	return typeof value === 'string' && value.trim() !== '';
}

function listSymbols(catalog: CurrencyCatalog): string {
	return catalog.currencies.map((currency) => currency.currencySymbol).join(', ');
}
