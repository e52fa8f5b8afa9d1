/**
 * `ts-node --transpile-only sandbox/send-callback.ts <url> [--status Completed] [--secret S] [--type pay-out]`
 * POSTs one correctly signed sample payout callback to any URL (an n8n trigger's webhook, say) and prints
 * the answer. Needs no running sandbox.
 */
import { callbackBody, postCallback } from './callbacks';
import { samplePayoutRecord } from './payoutRecord';
import { hmacHex } from './signature';

const USAGE =
	'usage: send-callback.ts <url> [--status Completed|Failed|Pending|...] [--secret S] [--type pay-out]';

function parseArguments(args: string[]): {
	url: string;
	status: string;
	secret: string;
	type: string;
} {
	const options: Record<string, string> = {
		status: 'Completed',
		secret: process.env.TYLT_SANDBOX_API_SECRET || 'sandbox-api-secret',
		type: 'pay-out',
	};
	const positional: string[] = [];
	for (let index = 0; index < args.length; index++) {
		const flag = /^--(status|secret|type)$/.exec(args[index]);
		if (flag && args[index + 1] !== undefined) {
			options[flag[1]] = args[++index];
		} else if (args[index].startsWith('--')) {
			throw new Error(`unknown or incomplete option ${args[index]}`);
		} else {
			positional.push(args[index]);
		}
	}
	if (positional.length !== 1) throw new Error('give exactly one URL');
	return { url: positional[0], status: options.status, secret: options.secret, type: options.type };
}

async function main(): Promise<void> {
	let parsed;
	try {
		parsed = parseArguments(process.argv.slice(2));
	} catch (error) {
		console.error(`${(error as Error).message}\n${USAGE}`);
		process.exit(2);
	}
	// Created a minute ago, settled now: the shape of a real Completed callback.
	const record = samplePayoutRecord(parsed.status, Date.now() - 60 * 1000);
	const rawBody = callbackBody(parsed.type, record);
	const result = await postCallback(parsed.url, rawBody, hmacHex(parsed.secret, rawBody), 10000);

	console.log(`POST ${parsed.url}\n${rawBody}\n`);
	if (result.error) {
		console.error(`failed: ${result.error}`);
		process.exit(1);
	}
	console.log(`HTTP ${result.status}\n${result.responseBody ?? ''}`);
	// TYLT treats anything but 200 `ok` as a failed delivery; say so, since that is what the user is testing.
	if (result.status !== 200 || result.responseBody?.trim() !== 'ok') {
		console.log('(TYLT expects HTTP 200 with the body "ok")');
	}
}

void main();
