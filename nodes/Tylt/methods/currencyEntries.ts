// What the currency and network lists offer, from TYLT's currency list: version 2's dropdowns show each entry
// as a name and a description; version 3's lists show one line per entry, as narrow as the field, so the line
// puts what a user picks by first (listSearch.ts).
import type { INodePropertyOptions } from 'n8n-workflow';

import { MEMO_OPTION_HINT, needsMemo } from '../addresses';
import { CurrencyCatalog } from '../helpers/currencyCatalog';
import { catalogNumber } from '../../shared/decimalText';
import type { CurrencyRecord, NetworkRecord } from '../transport/records';
import type { TyltContext } from '../transport/credentials';
import { getSupportedCurrencies } from '../transport/calls';

/** A list entry: the dropdown's option, the list's line, and every word a search may match. */
export interface CurrencyListEntry {
	option: INodePropertyOptions;
	line: string;
	searchText: string;
}

export async function currencyEntries(this: TyltContext): Promise<CurrencyListEntry[]> {
	const catalog = new CurrencyCatalog(await getSupportedCurrencies.call(this));
	return catalog.currencies
		.map((currency) => {
			const open = catalog.withdrawableNetworks(currency);
			const name = `${currency.currencyName} (${currency.currencySymbol})`;
			const description = `Pays out on: ${open.map((network) => network.networkName).join(', ') || 'no network at the moment'}`;
			return {
				option: { name, value: currency.currencySymbol, description },
				line: `${name} — ${open.map((network) => network.networkSymbol).join(', ') || 'no network open for payouts'}`,
				searchText: `${name} ${description} ${open.map((network) => network.networkSymbol).join(' ')}`,
			};
		})
		.sort((a, b) => a.option.name.localeCompare(b.option.name));
}

/** Networks of the `chosen` currency symbol that accept payouts, each with its limits and fee. */
export async function networkEntries(
	this: TyltContext,
	chosen: unknown,
): Promise<CurrencyListEntry[]> {
	const catalog = new CurrencyCatalog(await getSupportedCurrencies.call(this));
	const currency = typeof chosen === 'string' ? catalog.findCurrency(chosen) : undefined;
	// With no currency chosen yet (or an expression), offer every network so the list is never empty.
	const currencies = currency ? [currency] : catalog.currencies;

	const entries = new Map<string, CurrencyListEntry>();
	for (const candidate of currencies) {
		for (const network of catalog.withdrawableNetworks(candidate)) {
			if (entries.has(network.networkSymbol)) continue;
			const name = `${network.networkName} (${network.networkSymbol})`;
			const description = describeNetwork(currency, network);
			// The warning before the limits: a line wider than the field loses its end, and the fee matters less.
			const memo = needsMemo(network.networkSymbol) ? 'memo not sent · ' : '';
			const limits = currency
				? shortLimits(currency, network)
				: 'choose a settled currency for its limits';
			entries.set(network.networkSymbol, {
				option: { name, value: network.networkSymbol, description },
				line: `${name} — ${memo}${limits}`,
				searchText: `${name} ${description}`,
			});
		}
	}
	return [...entries.values()].sort((a, b) => a.option.name.localeCompare(b.option.name));
}

/** The option's description: limits and fee once a currency is chosen, and the memo warning where it applies. */
function describeNetwork(currency: CurrencyRecord | undefined, network: NetworkRecord): string {
	const limits = currency
		? describeLimits(currency, network)
		: 'Pick a settled currency to see limits and fees';
	return needsMemo(network.networkSymbol) ? `${limits} · ${MEMO_OPTION_HINT}` : limits;
}

// The same reading as the payout check: a value TYLT does not give as a number is not listed.
const listed = (value: unknown) => {
	const number = catalogNumber(value);
	return number === undefined ? 'not listed' : String(number);
};

function describeLimits(currency: CurrencyRecord, network: NetworkRecord): string {
	const amount = (value: unknown) => {
		const number = listed(value);
		return number === 'not listed' ? number : `${number} ${currency.currencySymbol}`;
	};
	return `Min ${amount(network.minimumWithdrawal)} · Max ${amount(network.maximumWithdrawal)} · Network fee ${amount(network.networkFees)}`;
}

/** min · max · fee with the currency once, so the fee still shows in a field as narrow as n8n's panel. */
function shortLimits(currency: CurrencyRecord, network: NetworkRecord): string {
	return `min ${listed(network.minimumWithdrawal)} · max ${listed(network.maximumWithdrawal)} · fee ${listed(network.networkFees)} ${currency.currencySymbol}`;
}
