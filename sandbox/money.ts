import { USD_RATES } from './currencies';

/** Amounts are rounded to 6 decimals, the precision the seeded stablecoins settle in. */
export function roundAmount(amount: number): number {
	// EPSILON keeps binary artefacts (1.0000005 stored as 1.00000049999...) from rounding the wrong way.
	return Math.round((amount + Number.EPSILON) * 1e6) / 1e6;
}

/** Converts `amount` of `fromSymbol` (fiat or stablecoin) into `toSymbol` at the fixed sandbox rates. */
export function convertAmount(amount: number, fromSymbol: string, toSymbol: string): number {
	if (fromSymbol === toSymbol) return roundAmount(amount);
	return roundAmount((amount * USD_RATES[fromSymbol]) / USD_RATES[toSymbol]);
}
