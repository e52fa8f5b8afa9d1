#!/usr/bin/env node
'use strict';
/**
 * `npm run dev`: this package in a real n8n 2.41.1 next to the local TYLT sandbox, ready to click through.
 *
 * Provisions the runtime (reused when present), builds the package, starts the sandbox (127.0.0.1:4010, or
 * the next free port; payouts settle 5 s after creation) and n8n (127.0.0.1:5678, or the next free port)
 * with n8n-nodes-tylt installed as a community package, creates the owner and a "TYLT sandbox" credential,
 * imports examples/*.json (the settlement trigger active, the payout's Callback URL set to its Production
 * URL) and prints where everything is. Ctrl-C (SIGINT) or SIGTERM stops everything it started.
 *
 * n8n's data lives in .cache/n8n-dev/user and is wiped at every start, so each start looks the same;
 * export what you want to keep (Workflow → Download) before stopping.
 *
 * Environment: TYLT_SANDBOX_COMPLETION_DELAY_MS (default 5000), TYLT_DEV_N8N_PORT (5678),
 * TYLT_DEV_SANDBOX_PORT (4010).
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

// tools/n8n and the sandbox are TypeScript; transpiled on the fly they are the same code the tests use.
require('ts-node').register({
	transpileOnly: true,
	project: path.join(__dirname, '..', 'tsconfig.json'),
});
const { startN8n, setupOwner } = require('../tools/n8n');
const examples = require('../examples');

const REPO_ROOT = path.resolve(__dirname, '..');
const DEV_DIR = path.join(REPO_ROOT, '.cache', 'n8n-dev');
const USER_FOLDER = path.join(DEV_DIR, 'user');
const LOG_FILE = path.join(DEV_DIR, 'n8n.log');
/** The folder n8n may read and write files in (N8N_RESTRICT_FILE_ACCESS_TO): the spreadsheet example's CSVs. */
const FILES_DIR = path.join(DEV_DIR, 'files');
const PID_FILE = path.join(DEV_DIR, 'dev.pid');
const OWNER = {
	email: 'dev@example.com',
	password: 'Tylt-dev-Passw0rd!',
	firstName: 'TYLT',
	lastName: 'Developer',
};
const CREDENTIAL_NAME = 'TYLT sandbox';
/** Basic Auth of the payout form (examples/payout-on-form.json). */
const FORM_LOGIN = { user: 'payout-desk', password: 'Tylt-dev-form-Passw0rd!' };
const SAMPLE_CSV = [
	'id,name,wallet,amount,currency,network',
	'row-1,Alice Example,TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF,25,USDT,TRX',
	'row-2,Bob Example,TMo4TYXrVAoCzBM85F33tEFzzUs1YdkSSv,40,USDT,TRX',
	'row-3,"Carol, Jr.",0x52908400098527886E0F7030069857D2E4169EE7,12,USDC,BSC',
	'',
].join('\n');

function log(message) {
	console.log(`[dev] ${message}`);
}

function numberFromEnv(name, fallback) {
	const text = process.env[name];
	if (text === undefined || text === '') return fallback;
	const value = Number(text);
	if (!Number.isInteger(value) || value < 0)
		throw new Error(`${name} must be a whole number, got "${text}"`);
	return value;
}

function run(command, args, what) {
	const startedAt = Date.now();
	const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
	if (result.status !== 0) {
		throw new Error(
			`${what} failed (${result.error ? result.error.message : `exit ${result.status}`})`,
		);
	}
	log(`${what}: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

async function isFree(port) {
	return await new Promise((resolve) => {
		const server = net.createServer();
		server.unref();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/** `preferred`, or the next free port above it: a second n8n or sandbox on this machine is no reason to fail. */
async function portFrom(preferred, what) {
	for (let port = preferred; port < preferred + 50; port++) {
		if (await isFree(port)) {
			if (port !== preferred) log(`${what}: port ${preferred} is taken, using ${port}`);
			return port;
		}
	}
	throw new Error(`${what}: no free port in ${preferred}…${preferred + 49}`);
}

/** One `npm run dev` per checkout: a second one would wipe the first one's n8n data under it. */
function claimDevFolder() {
	fs.mkdirSync(DEV_DIR, { recursive: true });
	if (fs.existsSync(PID_FILE)) {
		const pid = Number(fs.readFileSync(PID_FILE, 'utf8'));
		let alive = false;
		try {
			process.kill(pid, 0);
			alive = pid !== process.pid;
		} catch {
			// gone: a stale file from a run that was killed
		}
		if (alive)
			throw new Error(
				`npm run dev is already running in this checkout (pid ${pid}); stop it first`,
			);
	}
	fs.writeFileSync(PID_FILE, String(process.pid));
}

function releaseDevFolder() {
	try {
		if (Number(fs.readFileSync(PID_FILE, 'utf8')) === process.pid) fs.rmSync(PID_FILE);
	} catch {
		// already gone
	}
}

/** Everything started so far, stopped in reverse order by stopAll (safe to call more than once). */
const running = [];
let stopping;

/** Records something that now runs; when a stop was asked for meanwhile, stops it at once and ends main(). */
async function started(what, stop) {
	if (stopping) {
		// stopAll already went through the list: this one is stopped here.
		await stop();
		throw new StopRequested();
	}
	running.push({ what, stop });
}

class StopRequested extends Error {}

function stopAll() {
	stopping =
		stopping ||
		(async () => {
			for (const { what, stop } of [...running].reverse()) {
				try {
					await stop();
					log(`${what} stopped`);
				} catch (error) {
					console.error(`[dev] stopping ${what} failed: ${error.message}`);
				}
			}
			releaseDevFolder();
		})();
	return stopping;
}

async function importExamples(client, n8nUrl, sandbox) {
	const credential = await client.createCredential({
		name: CREDENTIAL_NAME,
		type: 'tyltApi',
		data: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url },
	});
	const bound = (name) => examples.useCredential(examples.load(name), credential);

	const settled = bound('payoutSettled');
	const settledStored = await client.createWorkflow(settled);
	await client.activate(settledStored.id);
	const callbackUrl = examples.productionUrl(n8nUrl, settled);
	await client.waitForWebhook(callbackUrl);

	const create = examples.setCallbackUrl(bound('createPayout'), callbackUrl);
	const createStored = await client.createWorkflow(create);
	const readStored = await client.createWorkflow(bound('readTylt'));

	// The payout form, live at its production URL behind a Basic Auth login; its payouts call back too.
	const login = await client.createCredential({
		name: 'Payout form login',
		type: 'httpBasicAuth',
		data: FORM_LOGIN,
	});
	const form = examples.setCallbackUrl(
		examples.useCredential(bound('payoutOnForm'), login, 'httpBasicAuth'),
		callbackUrl,
	);
	const formStored = await client.createWorkflow(form);
	await client.activate(formStored.id);
	const formUrl = examples.formUrl(n8nUrl, form);
	await client.waitForWebhook(formUrl);

	fs.mkdirSync(FILES_DIR, { recursive: true });
	fs.writeFileSync(path.join(FILES_DIR, 'payouts.csv'), SAMPLE_CSV);
	const sheetStored = await client.createWorkflow(
		examples.setFilesFolder(bound('spreadsheetPayouts'), FILES_DIR),
	);
	// Inactive: it posts to a Slack URL placeholder, and only one trigger can be a payout's callback URL.
	const notifyStored = await client.createWorkflow(bound('settlementNotification'));
	const reconcileStored = await client.createWorkflow(bound('dailyReconciliation'));
	// Inactive: "Payout settled" already runs once per settled payout; activate this one instead to try polling.
	const pollingStored = await client.createWorkflow(bound('payoutSettledPolling'));
	const waitStored = await client.createWorkflow(bound('createAndWait'));
	return {
		callbackUrl,
		formUrl,
		workflows: [
			{ name: createStored.name, id: createStored.id, note: '' },
			{ name: settledStored.name, id: settledStored.id, note: ' (active)' },
			{ name: readStored.name, id: readStored.id, note: '' },
			{ name: formStored.name, id: formStored.id, note: ' (active)' },
			{ name: sheetStored.name, id: sheetStored.id, note: '' },
			{ name: notifyStored.name, id: notifyStored.id, note: '' },
			{ name: reconcileStored.name, id: reconcileStored.id, note: '' },
			{ name: pollingStored.name, id: pollingStored.id, note: '' },
			{ name: waitStored.name, id: waitStored.id, note: '' },
		],
	};
}

async function main() {
	const startedAt = Date.now();
	for (const signal of ['SIGINT', 'SIGTERM']) {
		process.on(signal, () => {
			console.log(`\n[dev] ${signal}: stopping…`);
			void stopAll().then(() => process.exit(0));
		});
	}
	claimDevFolder();

	run(
		path.join(REPO_ROOT, 'tools', 'n8n', 'provision.sh'),
		[],
		'n8n runtime (tools/n8n/provision.sh)',
	);
	run('npm', ['run', 'build', '--silent'], 'npm run build');

	const { startSandbox } = require('../sandbox');
	const completionDelayMs = numberFromEnv('TYLT_SANDBOX_COMPLETION_DELAY_MS', 5000);
	const sandbox = await startSandbox({
		port: await portFrom(numberFromEnv('TYLT_DEV_SANDBOX_PORT', 4010), 'sandbox'),
		completionDelayMs,
	});
	await started(`TYLT sandbox (${sandbox.url})`, () => sandbox.close());

	fs.rmSync(USER_FOLDER, { recursive: true, force: true });
	fs.rmSync(LOG_FILE, { force: true });
	log('starting n8n (fresh data in .cache/n8n-dev/user; about 10 s)…');
	fs.rmSync(FILES_DIR, { recursive: true, force: true });
	fs.mkdirSync(FILES_DIR, { recursive: true });
	const n8n = await startN8n({
		userFolder: USER_FOLDER,
		port: await portFrom(numberFromEnv('TYLT_DEV_N8N_PORT', 5678), 'n8n'),
		logFile: LOG_FILE,
		env: { N8N_RESTRICT_FILE_ACCESS_TO: FILES_DIR },
	});
	await started(`n8n (${n8n.url})`, () => n8n.stop());

	const client = await setupOwner(n8n, OWNER);
	const { callbackUrl, formUrl, workflows } = await importExamples(client, n8n.url, sandbox);
	const relative = (file) => path.relative(process.cwd(), file) || '.';
	const width = Math.max(...workflows.map((workflow) => (workflow.name + workflow.note).length));

	console.log(`
TYLT dev environment ready in ${((Date.now() - startedAt) / 1000).toFixed(0)} s

  n8n editor    ${n8n.url}
  login         ${OWNER.email}  /  ${OWNER.password}
  workflows     ${workflows
		.map(
			(workflow) =>
				`${(workflow.name + workflow.note).padEnd(width)}  ${n8n.url}/workflow/${workflow.id}`,
		)
		.join('\n                ')}
  callback URL  ${callbackUrl}
                (Production URL of the "Payout settled" trigger, already in "Send payout")
  payout form   ${formUrl}   (login ${FORM_LOGIN.user} / ${FORM_LOGIN.password})
  CSV files     ${relative(FILES_DIR)}   (payouts.csv in, payouts-status.csv out)

  TYLT sandbox  ${sandbox.url}   (credential "${CREDENTIAL_NAME}" in n8n points here)
  API key       ${sandbox.apiKey}
  API secret    ${sandbox.apiSecret}
  control       ${sandbox.url}/_sandbox   (payouts settle ${completionDelayMs / 1000} s after creation)

  n8n log       ${relative(LOG_FILE)}
  n8n data      ${relative(USER_FOLDER)}   (wiped at the next start: download workflows you want to keep)

Try it: open "TYLT: Create a payout" and click "Execute workflow". About ${completionDelayMs / 1000} s later
"TYLT: Payout settled" has run once per payout (its Executions tab). Run it again: the duplicate
guard pays nobody twice.

Press Ctrl-C to stop n8n and the sandbox.`);

	// n8n ending on its own (crash, killed) ends the session too, rather than leaving a sandbox behind.
	const watch = setInterval(() => {
		if (!n8n.exited || stopping) return;
		clearInterval(watch);
		console.error(
			`[dev] n8n exited unexpectedly; last lines of ${relative(LOG_FILE)}:\n${n8n.logs.split('\n').slice(-20).join('\n')}`,
		);
		void stopAll().then(() => process.exit(1));
	}, 1000);
}

main().catch(async (error) => {
	if (error instanceof StopRequested) return; // the signal handler exits
	console.error(`[dev] ${error.message}`);
	await stopAll();
	process.exit(1);
});
