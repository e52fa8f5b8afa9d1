export {
	tyltApiRequest,
	tyltAccountKey,
	isOutcomeUnknown,
	rateLimitOf,
	REQUEST_TIMEOUT_MS,
	RETRY_POLICY,
} from './request';
export type { TyltContext, TyltRequest } from './request';
export { TYLT_ENDPOINTS, HISTORY_PAGE_SIZE_DEFAULT, HISTORY_PAGE_SIZE_MAX } from './endpoints';
export {
	getSupportedCurrencies,
	getAccountBalances,
	getPayoutHistoryPage,
	createPayoutRequest,
	getPayInDetails,
	getPayoutInformation,
} from './calls';
export {
	getPayoutHistory,
	GET_MANY_LIMITS,
	payoutHistoryPages,
	UnendingHistoryError,
} from './historyPages';
export type { HistoryPagesRequest } from './historyPages';
