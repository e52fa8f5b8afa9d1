// The entries of the currency and network lists, from TYLT's currency list: version 2's dropdowns show them as
// they are, version 3's lists as one line each (listSearch.ts).
import type { INodePropertyOptions } from 'n8n-workflow';

import { MEMO_OPTION_HINT, needsMemo } from '../addresses';
import { CurrencyCatalog } from '../helpers/currencyCatalog';
import { catalogNumber } from '../../shared/decimalText';
import type { CurrencyRecord, NetworkRecord } from '../transport/records';
import type { TyltContext } from '../transport/credentials';
import { getSupportedCurrencies } from '../transport/calls';

export async function currencyEntries(this: TyltContext): Promise<INodePropertyOptions[]> {
	const catalog = new CurrencyCatalog(await getSupportedCurrencies.call(this));
	return catalog.currencies
		.map((currency) => ({
			name: `${currency.currencyName} (${currency.currencySymbol})`,
			value: currency.currencySymbol,
			description: `Pays out on: ${
				catalog
					.withdrawableNetworks(currency)
					.map((network) => network.networkName)
					.join(', ') || 'no network at the moment'
			}`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Networks of the `chosen` currency symbol that accept payouts, each with its limits and fee. */
export async function networkEntries(
	this: TyltContext,
	chosen: unknown,
): Promise<INodePropertyOptions[]> {
	const catalog = new CurrencyCatalog(await getSupportedCurrencies.call(this));
	const currency = typeof chosen === 'string' ? catalog.findCurrency(chosen) : undefined;
	// With no currency chosen yet (or an expression), offer every network so the list is never empty.
	const currencies = currency ? [currency] : catalog.currencies;

	const options = new Map<string, INodePropertyOptions>();
	for (const candidate of currencies) {
		for (const network of catalog.withdrawableNetworks(candidate)) {
			if (options.has(network.networkSymbol)) continue;
			options.set(network.networkSymbol, {
				name: `${network.networkName} (${network.networkSymbol})`,
				value: network.networkSymbol,
				description: describeNetwork(currency, network),
			});
		}
	}
	return [...options.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The option's description: limits and fee once a currency is chosen, and the memo warning where it applies. */
function describeNetwork(currency: CurrencyRecord | undefined, network: NetworkRecord): string {
	const limits = currency
		? describeLimits(currency, network)
		: 'Pick a settled currency to see limits and fees';
	return needsMemo(network.networkSymbol) ? `${limits} · ${MEMO_OPTION_HINT}` : limits;
}

function describeLimits(currency: CurrencyRecord, network: NetworkRecord): string {
	// The same reading as the payout check: a value TYLT does not give as a number is not listed.
	const amount = (value: unknown) => {
		const number = catalogNumber(value);
		return number === undefined ? 'not listed' : `${number} ${currency.currencySymbol}`;
	};
	return `Min ${amount(network.minimumWithdrawal)} · Max ${amount(network.maximumWithdrawal)} · Network fee ${amount(network.networkFees)}`;
}
