import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { CurrencyCatalog } from '../helpers/currencyCatalog';
import type { AccountBalance } from '../helpers/types';
import type { ExecutionBalanceCheck } from '../payout/balanceCheck';
import { readPayoutHistoryWindow } from '../payout/history';
import { PayoutLedger } from '../payout/ledger';
import { getAccountBalances, getSupportedCurrencies, tyltAccountKey } from '../transport';

/** State shared by all items of one execution. */
export interface OperationScope {
	/** TYLT's currency list, fetched at most once per execution however many items need it. */
	currencyCatalog(itemIndex: number, timeoutMs?: number): Promise<CurrencyCatalog>;
	/**
	 * The payouts inside the look-back window by reference, read once per execution (with the first item's
	 * look-back), then kept current with every payout this execution sends or finds.
	 */
	payoutLedger(itemIndex: number, lookBackHours: number, timeoutMs?: number): Promise<PayoutLedger>;
	/** TYLT's account balance, read at most once per execution (Balance → Get, Check Balance First). */
	accountBalances(itemIndex: number, timeoutMs?: number): Promise<AccountBalance[]>;
	/**
	 * Check Balance First, made once per execution by the first item that asks (before its payout is sent);
	 * every later item gets the same answer, a failed read included.
	 */
	balanceCheck(plan: () => Promise<ExecutionBalanceCheck>): Promise<ExecutionBalanceCheck>;
	/** The TYLT account this execution pays from, as a hash (never the API key itself). */
	tyltAccount(): Promise<string>;
	/** Waits so that consecutive creates of this execution are at least `pauseMs` apart. */
	paceCreate(pauseMs: number): Promise<void>;
}

export function createOperationScope(context: IExecuteFunctions): OperationScope {
	let catalog: Promise<CurrencyCatalog> | undefined;
	let ledger: Promise<PayoutLedger> | undefined;
	let account: Promise<string> | undefined;
	let balances: Promise<AccountBalance[]> | undefined;
	let balanceCheck: Promise<ExecutionBalanceCheck> | undefined;
	let createsSent = 0;
	return {
		async currencyCatalog(itemIndex, timeoutMs) {
			catalog ??= getSupportedCurrencies
				.call(context, itemIndex, timeoutMs)
				.then((currencies) => new CurrencyCatalog(currencies));
			return await catalog;
		},
		async payoutLedger(itemIndex, lookBackHours, timeoutMs) {
			ledger ??= readPayoutHistoryWindow
				.call(context, {
					lookBackHours,
					timeoutMs,
					itemIndex,
					lookBackParameter: 'Options → Duplicate Look-Back (Hours)',
				})
				.then((history) => new PayoutLedger(history));
			return await ledger;
		},
		async accountBalances(itemIndex, timeoutMs) {
			balances ??= getAccountBalances.call(context, itemIndex, timeoutMs);
			return await balances;
		},
		async balanceCheck(plan) {
			balanceCheck ??= plan();
			return await balanceCheck;
		},
		async tyltAccount() {
			account ??= tyltAccountKey.call(context);
			return await account;
		},
		async paceCreate(pauseMs) {
			if (createsSent++ > 0 && pauseMs > 0) await sleep(pauseMs);
		},
	};
}
