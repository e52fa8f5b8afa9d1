/** TYLT paths, relative to the credential's base URL. */
export const TYLT_ENDPOINTS = {
	createPayout: '/transactions/merchant/createPayoutRequest',
	// The spec's heading names getPayinTransactionHistory, a copy error in TYLT's docs: that path lists pay-ins.
	payoutHistory: '/transactions/merchant/getPayoutTransactionHistory',
	// In TYLT's public docs, not in the spec: one payout by TYLT's orderId (shared/spec/tylt-facts.md).
	payoutInformation: '/transactions/merchant/getPayoutTransactionInformation',
	supportedCurrencies: '/transactions/merchant/getSupportedCryptoCurrenciesList',
	payInDetails: '/p2pRampsMerchant/getInstanceDetails',
	// In TYLT's public docs, not in the spec: signed over the empty string like the currency list.
	accountBalance: '/transactions/merchant/getAccountBalance',
} as const;

/** Records per history page. TYLT documents no maximum; 200 is what public integrations use without trouble. */
export const HISTORY_PAGE_SIZE_DEFAULT = 100;
export const HISTORY_PAGE_SIZE_MAX = 200;
