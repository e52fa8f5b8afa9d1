/**
 * `npm run sandbox`: the TYLT sandbox on 127.0.0.1 for people and for an n8n end-to-end run.
 * Settings come from the environment so the same command serves both.
 */
import { startSandbox } from './index';
import { sandboxOptionsFromEnv } from './optionsFromEnv';

async function main(): Promise<void> {
	const options = sandboxOptionsFromEnv();
	const sandbox = await startSandbox(options);
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
  POST   ${control}/balances        {"USDT": 918}
  GET    ${control}/requests | /callbacks | /payouts
  POST   ${control}/faults          {"endpoint": "createPayout", "fault": {"kind": "status", "status": 500}}
  DELETE ${control}/faults
  POST   ${control}/latency         {"ms": 150}
  POST   ${control}/outcome         {"outcome": "Failed", "address": "T..."}
  POST   ${control}/send-callback   {"url": "http://127.0.0.1:5678/webhook/...", "status": "Completed"}

A new payout settles ${options.completionDelayMs} ms after creation; every request waits ${sandbox.latencyMs} ms first.
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
