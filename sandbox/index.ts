/** The TYLT sandbox: a local HTTP server that behaves like TYLT's merchant API, for tests and for people. */
export { startSandbox } from './sandbox';
export { SEEDED_BALANCES, SEEDED_CURRENCIES, USD_RATES } from './currencies';
export type { NetworkRecord, SupportedCurrencyRecord } from './currencies';
// The sandbox's public types are exactly those in types.ts.
export type * from './types';
