import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { CurrencyCatalog } from '../helpers/currencyCatalog';
import { PayoutLedger } from '../helpers/payoutLedger';
import { HISTORY_PAGE_SIZE_MAX, getPayoutHistory, getSupportedCurrencies } from '../transport';

/** The duplicate guard reads at most this much history, however long the look-back (50 pages of 200). */
export const LEDGER_MAX_RECORDS = 10_000;

/** State shared by all items of one execution. */
export interface OperationScope {
	/** TYLT's currency list, fetched at most once per execution however many items need it. */
	currencyCatalog(itemIndex: number, timeoutMs?: number): Promise<CurrencyCatalog>;
	/**
	 * Recent payouts by reference, read once per execution (with the first item's look-back), then kept
	 * current with every payout this execution sends.
	 */
	payoutLedger(itemIndex: number, lookBackHours: number, timeoutMs?: number): Promise<PayoutLedger>;
	/** Waits so that consecutive creates of this execution are at least `pauseMs` apart. */
	paceCreate(pauseMs: number): Promise<void>;
}

export function createOperationScope(context: IExecuteFunctions): OperationScope {
	let catalog: Promise<CurrencyCatalog> | undefined;
	let ledger: Promise<PayoutLedger> | undefined;
	let createsSent = 0;
	return {
		async currencyCatalog(itemIndex, timeoutMs) {
			catalog ??= getSupportedCurrencies
				.call(context, itemIndex, timeoutMs)
				.then((currencies) => new CurrencyCatalog(currencies));
			return await catalog;
		},
		async payoutLedger(itemIndex, lookBackHours, timeoutMs) {
			const cutoff = Date.now() - lookBackHours * 3_600_000;
			ledger ??= getPayoutHistory
				.call(
					context,
					{
						pageSize: HISTORY_PAGE_SIZE_MAX,
						limit: LEDGER_MAX_RECORDS,
						stopAfter: (record) => Date.parse(record.createdAt) < cutoff,
						timeoutMs,
					},
					itemIndex,
				)
				.then((history) => new PayoutLedger(history));
			return await ledger;
		},
		async paceCreate(pauseMs) {
			if (createsSent++ > 0 && pauseMs > 0) await sleep(pauseMs);
		},
	};
}
