// Version 3's lists: the entries Settled Currency and Network show when opened, from the same currency list the
// version-2 dropdowns read, one line each (currencyEntries.ts). n8n calls these only once the node has its
// credential; without one the transport says so and sends nothing.
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { type CurrencyListEntry, currencyEntries, networkEntries } from './currencyEntries';

export async function searchCurrencies(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return matching(await currencyEntries.call(this), filter);
}

/** The networks of the chosen Settled Currency (whatever its mode), or of every currency while none is. */
export async function searchNetworks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const chosen = this.getCurrentNodeParameter('settledCurrency', { extractValue: true });
	return matching(await networkEntries.call(this, chosen), filter);
}

/** The entries whose words hold what was typed in the list's search box (any case), one line each. */
function matching(entries: CurrencyListEntry[], filter = ''): INodeListSearchResult {
	const wanted = filter.trim().toLowerCase();
	return {
		results: entries
			.filter((entry) => entry.searchText.toLowerCase().includes(wanted))
			.map((entry) => ({ name: entry.line, value: entry.option.value })),
	};
}
