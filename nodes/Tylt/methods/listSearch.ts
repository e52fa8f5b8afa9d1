// Version 3's lists: the entries Settled Currency and Network show when opened, from the same currency list the
// version-2 dropdowns read. A list shows one line per entry, so the line carries what the dropdown's description
// did: a currency's networks; a network's min · max · fee and the memo warning.
import type { ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { currencyEntries, networkEntries } from './currencyEntries';

export async function searchCurrencies(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return oneLineEach(await currencyEntries.call(this), filter);
}

/** The networks of the chosen Settled Currency (whatever its mode), or of every currency while none is. */
export async function searchNetworks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const chosen = this.getCurrentNodeParameter('settledCurrency', { extractValue: true });
	return oneLineEach(await networkEntries.call(this, chosen), filter);
}

/** Each option as `name — description`, kept when the line holds the filter (any case). */
function oneLineEach(options: INodePropertyOptions[], filter = ''): INodeListSearchResult {
	const wanted = filter.trim().toLowerCase();
	const results = options
		.map((option) => ({
			name: option.description ? `${option.name} — ${option.description}` : option.name,
			value: option.value,
		}))
		.filter((entry) => entry.name.toLowerCase().includes(wanted));
	return { results };
}
