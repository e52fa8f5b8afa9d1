/** The sandbox's settings from the environment: one reading for `npm run sandbox` and `npm run dev`. */
import type { SandboxOptions } from './types';

/** A whole number from the environment, `fallback` when it is unset or empty. */
export function numberFromEnv(name: string, fallback: number): number {
	const text = process.env[name];
	if (text === undefined || text === '') return fallback;
	const value = Number(text);
	if (!Number.isInteger(value) || value < 0)
		throw new Error(`${name} must be a whole number, got "${text}"`);
	return value;
}

/** TYLT_SANDBOX_PORT (or `portVariable`), _API_KEY, _API_SECRET, _COMPLETION_DELAY_MS, _LATENCY_MS. */
export function sandboxOptionsFromEnv(portVariable = 'TYLT_SANDBOX_PORT') {
	return {
		port: numberFromEnv(portVariable, 4010),
		apiKey: process.env.TYLT_SANDBOX_API_KEY || undefined,
		apiSecret: process.env.TYLT_SANDBOX_API_SECRET || undefined,
		// Slower than the in-process default, so a person can watch a payout sit in Pending.
		completionDelayMs: numberFromEnv('TYLT_SANDBOX_COMPLETION_DELAY_MS', 5000),
		latencyMs: numberFromEnv('TYLT_SANDBOX_LATENCY_MS', 0),
	} satisfies SandboxOptions;
}
