/**
 * `npm run sandbox`: the TYLT sandbox on 127.0.0.1 for people and for an n8n end-to-end run.
 * Settings come from the environment so the same command serves both.
 */
import { startSandbox } from './index';

function numberFromEnv(name: string, fallback: number): number {
	const text = process.env[name];
	if (text === undefined || text === '') return fallback;
	const value = Number(text);
	if (!Number.isInteger(value) || value < 0) {
		console.error(`${name} must be a whole number, got "${text}"`);
		process.exit(1);
	}
	return value;
}

async function main(): Promise<void> {
	// Slower than the in-process default, so a person can watch a payout sit in Pending.
	const completionDelayMs = numberFromEnv('TYLT_SANDBOX_COMPLETION_DELAY_MS', 5000);
	const sandbox = await startSandbox({
		port: numberFromEnv('TYLT_SANDBOX_PORT', 4010),
		apiKey: process.env.TYLT_SANDBOX_API_KEY || undefined,
		apiSecret: process.env.TYLT_SANDBOX_API_SECRET || undefined,
		completionDelayMs,
		latencyMs: numberFromEnv('TYLT_SANDBOX_LATENCY_MS', 0),
	});
	const control = `${sandbox.url}/_sandbox`;
	console.log(`TYLT sandbox listening on ${sandbox.url}

n8n credential "TYLT API":
  API Key     ${sandbox.apiKey}
  API Secret  ${sandbox.apiSecret}
  Base URL    ${sandbox.url}

Control endpoints (no authentication):
  GET    ${control}                 list of control endpoints
  POST   ${control}/reset
  POST   ${control}/seed-payouts    {"count": 25}
  POST   ${control}/seed-payin      {"merchantOrderId": "order-2001"}
  POST   ${control}/advance         {"ms": 5000}
  GET    ${control}/requests | /callbacks | /payouts
  POST   ${control}/faults          {"endpoint": "createPayout", "fault": {"kind": "status", "status": 500}}
  DELETE ${control}/faults
  POST   ${control}/latency         {"ms": 150}
  POST   ${control}/outcome         {"outcome": "Failed", "address": "T..."}
  POST   ${control}/send-callback   {"url": "http://127.0.0.1:5678/webhook/...", "status": "Completed"}

A new payout settles ${completionDelayMs} ms after creation; every request waits ${sandbox.latencyMs} ms first.
Ctrl+C stops the sandbox.`);

	const stop = (signal: string) => {
		console.log(`\n${signal}: stopping the TYLT sandbox`);
		void sandbox.close().then(() => process.exit(0));
	};
	process.once('SIGINT', () => stop('SIGINT'));
	process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: Error) => {
	console.error(`TYLT sandbox failed to start: ${error.message}`);
	process.exit(1);
});
