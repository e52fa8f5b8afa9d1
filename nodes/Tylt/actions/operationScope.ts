import type { IExecuteFunctions } from 'n8n-workflow';

import { CurrencyCatalog } from '../helpers/currencyCatalog';
import { getSupportedCurrencies } from '../transport';

/** State shared by all items of one execution. */
export interface OperationScope {
	/** TYLT's currency list, fetched at most once per execution however many items need it. */
	currencyCatalog(itemIndex: number): Promise<CurrencyCatalog>;
}

export function createOperationScope(context: IExecuteFunctions): OperationScope {
	let catalog: Promise<CurrencyCatalog> | undefined;
	return {
		async currencyCatalog(itemIndex) {
			catalog ??= getSupportedCurrencies
				.call(context, itemIndex)
				.then((currencies) => new CurrencyCatalog(currencies));
			return await catalog;
		},
	};
}
