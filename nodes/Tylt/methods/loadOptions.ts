// Versions 1 and 2's dropdowns. n8n loads them when the panel mounts, which can be before the node has its
// credential: the transport then says so (TyltCredentialMissingError) and sends nothing.
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { currencyEntries, networkEntries } from './currencyEntries';

export async function getCurrencies(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await currencyEntries.call(this)).map((entry) => entry.option);
}

/** Networks of the chosen currency that accept payouts, each with its limits and fee. */
export async function getNetworks(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const chosen = this.getCurrentNodeParameter('settledCurrency');
	return (await networkEntries.call(this, chosen)).map((entry) => entry.option);
}
