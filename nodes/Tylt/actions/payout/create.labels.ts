/**
 * Payout → Create's option labels, written once: the panel shows them, and every error about an option names it
 * by the same words (helpers/fieldError.ts).
 */
export const CREATE_OPTION_LABELS = {
	checkBalanceFirst: 'Check Balance First',
	concurrentPayouts: 'Concurrent Payouts',
	dryRun: 'Dry Run',
	duplicateGuard: 'Duplicate Guard',
	inDoubtCheckSeconds: 'In-Doubt Check (Seconds)',
	lookBackHours: 'Duplicate Look-Back (Hours)',
	maxPayoutsPerSecond: 'Max Payouts Per Second',
	pauseBetweenPayoutsMs: 'Pause Between Payouts (Ms)',
	reference: 'Reference',
	referenceAsMerchantOrderId: 'Send Reference as Merchant Order ID',
	timeoutSeconds: 'Timeout (Seconds)',
	toolMaxAmount: 'AI Agent Max Amount',
	toolMaxAmountCurrency: 'AI Agent Max Amount Currency',
} as const;

export type CreateOptionName = keyof typeof CREATE_OPTION_LABELS;
