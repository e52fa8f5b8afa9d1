export { tyltApiRequest, RETRY_POLICY } from './request';
export { REQUEST_TIMEOUT_MS } from './attempt';
export type { TyltRequest } from './attempt';
export { tyltAccountKey } from './credentials';
export type { TyltContext } from './credentials';
export {
	TyltApiError,
	TyltCredentialMissingError,
	TyltCredentialRefusedError,
	TyltOutcomeUnknownError,
	TyltRateLimitedError,
	TyltRefusedError,
	TyltRequestFailedError,
	TyltStoppedError,
	TyltUnavailableError,
	TyltUnreachableError,
} from './errors';
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
export type { HistoryPagesRequest, HistoryReader } from './historyPages';
