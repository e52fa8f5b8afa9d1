/** The TYLT sandbox: a local HTTP server that behaves like TYLT's merchant API, for tests and for people. */
export { startSandbox } from './sandbox';
export { SEEDED_BALANCES, SEEDED_CURRENCIES, USD_RATES } from './currencies';
export type { NetworkRecord, SupportedCurrencyRecord } from './currencies';
export type {
	CallbackDelivery,
	EndpointName,
	Fault,
	LoggedRequest,
	PayoutOutcome,
	PayoutRecord,
	SandboxOptions,
	SendCallbackOptions,
	TransactionRecord,
	TyltSandbox,
} from './types';
