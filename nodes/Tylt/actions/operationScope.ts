import type { IExecuteFunctions } from 'n8n-workflow';

import { CurrencyCatalog } from '../helpers/currencyCatalog';
import type { AccountBalance } from '../transport/records';
import { payoutHistoryWindow } from '../payout/historyCache';
import { PayoutLedger, type PlannedPayout } from '../payout/ledger';
import { CREATE_OPTION_LABELS } from './payout/create.options';
import { spendingLimitTexts, type SpendingLimitTexts } from '../../shared/spendingLimits/fields';
import { getAccountBalances, getSupportedCurrencies } from '../transport/calls';
import { credentialData, tyltAccountKey } from '../transport/credentials';

/** State shared by all items of one execution. */
export interface OperationScope {
	/** When the execution's node started: a history read made since serves every decision of the execution. */
	readonly startedMs: number;
	/** TYLT's currency list, fetched at most once per execution however many items need it. */
	currencyCatalog(itemIndex: number, timeoutMs?: number): Promise<CurrencyCatalog>;
	/** The look-back window's payouts by reference, read again only for a longer look-back than any so far. */
	payoutLedger(itemIndex: number, lookBackHours: number, timeoutMs?: number): Promise<PayoutLedger>;
	/** Gives the row's reference to its payout in the ledger's plan; returns the earlier row that has it, if any. */
	planPayout(payout: PlannedPayout): PlannedPayout | undefined;
	/** The guard's verdict for the batch reads what it knows now from here on (PayoutLedger.freezeVerdict). */
	freezeGuardVerdict(): void;
	/** TYLT's account balance, read at most once per execution (Balance → Get, Check Balance First). */
	accountBalances(itemIndex: number, timeoutMs?: number): Promise<AccountBalance[]>;
	/** The TYLT account this execution pays from, as a hash (never the API key itself). */
	tyltAccount(): Promise<string>;
	/** The credential's spending-limit fields, as text (read with the credential, once per execution). */
	spendingLimitTexts(): Promise<SpendingLimitTexts>;
}

export function createOperationScope(context: IExecuteFunctions): OperationScope {
	let catalog: Promise<CurrencyCatalog> | undefined;
	const startedMs = Date.now();
	const ledger = new PayoutLedger(startedMs);
	// The latest history read for the ledger and how far back it reaches; a failed read stays failed.
	let ledgerRead: { cutoffMs: number; done: Promise<PayoutLedger> } | undefined;
	let account: Promise<string> | undefined;
	let balances: Promise<AccountBalance[]> | undefined;
	const tyltAccount = async () => {
		account ??= tyltAccountKey.call(context);
		return await account;
	};
	return {
		startedMs,
		async currencyCatalog(itemIndex, timeoutMs) {
			catalog ??= getSupportedCurrencies
				.call(context, itemIndex, timeoutMs)
				.then((currencies) => new CurrencyCatalog(currencies));
			return await catalog;
		},
		async payoutLedger(itemIndex, lookBackHours, timeoutMs) {
			const cutoffMs = ledger.cutoffMs(lookBackHours);
			if (ledgerRead === undefined || ledgerRead.cutoffMs > cutoffMs) {
				ledgerRead = {
					cutoffMs,
					done: tyltAccount()
						.then(
							async (tyltAccountHash) =>
								await payoutHistoryWindow.call(context, tyltAccountHash, {
									cutoffMs,
									// Named in the error when the window holds too much.
									lookBackHours,
									timeoutMs,
									itemIndex,
									lookBackParameter: `Options → ${CREATE_OPTION_LABELS.lookBackHours}`,
								}),
						)
						.then((historyIndex) => {
							ledger.load(historyIndex, cutoffMs);
							return ledger;
						}),
				};
			}
			return await ledgerRead.done;
		},
		planPayout: (payout) => ledger.plan(payout),
		freezeGuardVerdict: () => ledger.freezeVerdict(),
		async accountBalances(itemIndex, timeoutMs) {
			balances ??= getAccountBalances.call(context, itemIndex, timeoutMs);
			return await balances;
		},
		tyltAccount,
		async spendingLimitTexts() {
			return spendingLimitTexts(await credentialData.call(context));
		},
	};
}
