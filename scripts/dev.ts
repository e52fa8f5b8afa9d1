/**
 * `npm run dev`: this package in a real n8n 2.41.1 next to the local TYLT sandbox, ready to click through.
 *
 * Provisions the runtime (reused when present), builds the package when dist/ is stale, starts the sandbox
 * (127.0.0.1:4010, or the next free port; payouts settle 5 s after creation) and n8n (127.0.0.1:5678, or the
 * next free port) with n8n-nodes-tylt installed as a community package, creates the owner and a "TYLT sandbox"
 * credential, imports examples/*.json (the settlement trigger active, the payout's Callback URL set to its
 * Production URL) and prints where everything is. Ctrl-C (SIGINT) or SIGTERM stops everything it started.
 *
 * n8n's data lives in .cache/n8n-dev/user and is wiped at every start, so each start looks the same;
 * export what you want to keep (Workflow → Download) before stopping.
 *
 * Environment: TYLT_DEV_N8N_PORT (5678), TYLT_DEV_SANDBOX_PORT (4010), and the sandbox's own
 * TYLT_SANDBOX_COMPLETION_DELAY_MS (5000), TYLT_SANDBOX_LATENCY_MS, TYLT_SANDBOX_API_KEY / _SECRET.
 */
import fs from 'node:fs';
import path from 'node:path';

import examples from '../examples';
import { numberFromEnv, sandboxOptionsFromEnv } from '../sandbox/optionsFromEnv';
import { assertPortFree, provision, ProcessRegistry, REPO_ROOT, StopRequested } from '../tools/n8n';
import { startSandboxedN8n, type SandboxedN8n } from '../tools/devStack/sandboxedN8n';
import { buildIfStale } from '../tools/devStack/steps';

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
/** Basic Auth of the payout form (examples/payout-on-form.json). */
const FORM_LOGIN = { user: 'payout-desk', password: 'Tylt-dev-form-Passw0rd!' };
/** The request key and the approvers' login of examples/approve-large-payouts.json. */
const APPROVAL_REQUEST_KEY = { name: 'X-Payout-Key', value: 'tylt-dev-request-key' };
const APPROVER_LOGIN = { user: 'approver', password: 'Tylt-dev-approver-Passw0rd!' };
const SAMPLE_CSV = [
	'id,name,wallet,amount,currency,network',
	'row-1,Alice Example,TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF,25,USDT,TRX',
	'row-2,Bob Example,TMo4TYXrVAoCzBM85F33tEFzzUs1YdkSSv,40,USDT,TRX',
	'row-3,"Carol, Jr.",0x52908400098527886E0F7030069857D2E4169EE7,12,USDC,BSC',
	'',
].join('\n');

const log = (line: string) => console.log(`[dev] ${line}`);
const relative = (file: string) => path.relative(process.cwd(), file) || '.';
const registry = new ProcessRegistry({ log });

/** `preferred`, or the next free port above it: a second n8n or sandbox on this machine is no reason to fail. */
async function portFrom(preferred: number, what: string): Promise<number> {
	for (let port = preferred; port < preferred + 50; port++) {
		const free = await assertPortFree(port, what).then(
			() => true,
			() => false,
		);
		if (!free) continue;
		if (port !== preferred) log(`${what}: port ${preferred} is taken, using ${port}`);
		return port;
	}
	throw new Error(`${what}: no free port in ${preferred}…${preferred + 49}`);
}

/** One `npm run dev` per checkout: a second one would wipe the first one's n8n data under it. */
function claimDevFolder(): void {
	fs.mkdirSync(DEV_DIR, { recursive: true });
	const pid = fs.existsSync(PID_FILE) ? Number(fs.readFileSync(PID_FILE, 'utf8')) : undefined;
	try {
		if (pid && pid !== process.pid && process.kill(pid, 0)) {
			throw new Error(
				`npm run dev is already running in this checkout (pid ${pid}); stop it first`,
			);
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error; // ESRCH: a stale file from a killed run
	}
	fs.writeFileSync(PID_FILE, String(process.pid));
	process.on('exit', () => {
		if (fs.existsSync(PID_FILE) && Number(fs.readFileSync(PID_FILE, 'utf8')) === process.pid)
			fs.rmSync(PID_FILE);
	});
}

/** How a workflow names a stored credential. */
function credentialRef(stored: { id: string | number; name: string }) {
	return { id: String(stored.id), name: stored.name };
}

/** Imports the examples bound to the sandbox credential; activates the settlement trigger and the payout form. */
async function importExamples({ n8n, client, credential }: SandboxedN8n) {
	type Workflow = ReturnType<typeof examples.load>;
	const bound = (name: Parameters<typeof examples.load>[0]) =>
		examples.useCredential(examples.load(name), credential);
	const workflows: Array<{ label: string; url: string }> = [];
	const store = async (workflow: Workflow, active = false) => {
		const stored = await client.createWorkflow(workflow);
		if (active) await client.activate(stored.id);
		workflows.push({
			label: `${stored.name}${active ? ' (active)' : ''}`,
			url: `${n8n.url}/workflow/${stored.id}`,
		});
	};

	const settled = bound('payoutSettled');
	const callbackUrl = examples.productionUrl(n8n.url, settled);
	await store(examples.setCallbackUrl(bound('createPayout'), callbackUrl));
	await store(settled, true);
	await client.waitForWebhook(callbackUrl);
	await store(bound('readTylt'));

	// The payout form, live at its production URL behind a Basic Auth login; its payouts call back too.
	const login = await client.createCredential({
		name: 'Payout form login',
		type: 'httpBasicAuth',
		data: FORM_LOGIN,
	});
	const form = examples.useCredential(bound('payoutOnForm'), credentialRef(login), 'httpBasicAuth');
	await store(examples.setCallbackUrl(form, callbackUrl), true);
	const formUrl = examples.formUrl(n8n.url, form);
	await client.waitForWebhook(formUrl);

	fs.writeFileSync(path.join(FILES_DIR, 'payouts.csv'), SAMPLE_CSV);
	await store(examples.setFilesFolder(bound('spreadsheetPayouts'), FILES_DIR));
	// Inactive like the other notifiers: it posts to a Slack URL placeholder when the balance is short.
	await store(examples.setFilesFolder(bound('spreadsheetPayoutsBalanceCheck'), FILES_DIR));
	// Inactive: it posts to a Slack URL placeholder, and only one trigger can be a payout's callback URL.
	await store(bound('settlementNotification'));
	await store(bound('dailyReconciliation'));
	// Inactive: "Payout settled" already runs once per settled payout; activate this one instead to try polling.
	await store(bound('payoutSettledPolling'));
	await store(bound('createAndWait'));
	// Inactive: it posts its approval links to a Slack URL placeholder.
	const requestKey = await client.createCredential({
		name: 'Payout request key',
		type: 'httpHeaderAuth',
		data: APPROVAL_REQUEST_KEY,
	});
	const approver = await client.createCredential({
		name: 'Payout approver login',
		type: 'httpBasicAuth',
		data: APPROVER_LOGIN,
	});
	const approval = examples.useCredential(
		examples.useCredential(
			bound('approveLargePayouts'),
			credentialRef(requestKey),
			'httpHeaderAuth',
		),
		credentialRef(approver),
		'httpBasicAuth',
	);
	await store(examples.setCallbackUrl(approval, callbackUrl));
	return { callbackUrl, formUrl, workflows };
}

/** The seconds from `since` to now, as the banner prints them. */
const secondsSince = (since: number) => Math.round((Date.now() - since) / 1000);

async function main(): Promise<void> {
	// From `npm run dev` itself (scripts/run.sh), so the banner's time includes a fresh clone's npm ci.
	const startedAt = Number(process.env.TYLT_LAUNCHED_AT_MS) || Date.now();
	const installSeconds = Number(process.env.TYLT_INSTALL_SECONDS) || 0;
	const parts: string[] = installSeconds > 0 ? [`npm ci ${installSeconds} s`] : [];
	// ts-node compiling this script and what it imports: seconds on a busy machine, so the parts add up.
	parts.push(`loading this script ${Math.max(0, secondsSince(startedAt) - installSeconds)} s`);
	registry.stopOnSignals();
	claimDevFolder();
	let partStart = Date.now();
	provision();
	parts.push(`n8n runtime ${secondsSince(partStart)} s`);
	partStart = Date.now();
	buildIfStale(log);
	parts.push(`build ${secondsSince(partStart)} s`);
	partStart = Date.now();

	const sandboxOptions = sandboxOptionsFromEnv('TYLT_DEV_SANDBOX_PORT');
	const stack = await startSandboxedN8n(registry, {
		sandbox: { ...sandboxOptions, port: await portFrom(sandboxOptions.port, 'sandbox') },
		n8n: {
			userFolder: USER_FOLDER,
			port: await portFrom(numberFromEnv('TYLT_DEV_N8N_PORT', 5678), 'n8n'),
			logFile: LOG_FILE,
			env: { N8N_RESTRICT_FILE_ACCESS_TO: FILES_DIR },
		},
		owner: OWNER,
		beforeN8n: () => {
			for (const stale of [USER_FOLDER, LOG_FILE, FILES_DIR])
				fs.rmSync(stale, { recursive: true, force: true });
			fs.mkdirSync(FILES_DIR, { recursive: true });
			log('starting n8n (fresh data in .cache/n8n-dev/user; about 10 s)…');
		},
	});
	const { sandbox, n8n } = stack;
	const { callbackUrl, formUrl, workflows } = await importExamples(stack);
	const delay = sandboxOptions.completionDelayMs / 1000;
	const width = Math.max(...workflows.map(({ label }) => label.length));
	parts.push(`sandbox, n8n and the examples ${secondsSince(partStart)} s`);

	console.log(`
TYLT dev environment ready ${secondsSince(startedAt)} s after npm run dev started (${parts.join(', ')})

  n8n editor    ${n8n.url}
  login         ${OWNER.email}  /  ${OWNER.password}
  workflows     ${workflows.map(({ label, url }) => `${label.padEnd(width)}  ${url}`).join('\n                ')}
  callback URL  ${callbackUrl}
                (Production URL of the "Payout settled" trigger, already in "Send payout")
  payout form   ${formUrl}   (login ${FORM_LOGIN.user} / ${FORM_LOGIN.password})
  approvals     header ${APPROVAL_REQUEST_KEY.name}: ${APPROVAL_REQUEST_KEY.value}, approver login ${APPROVER_LOGIN.user} / ${APPROVER_LOGIN.password}
  CSV files     ${relative(FILES_DIR)}   (payouts.csv in, payouts-status.csv out)

  TYLT sandbox  ${sandbox.url}   (credential "${stack.credential.name}" in n8n points here)
  API key       ${sandbox.apiKey}
  API secret    ${sandbox.apiSecret}
  control       ${sandbox.url}/_sandbox   (payouts settle ${delay} s after creation)

  n8n log       ${relative(LOG_FILE)}
  n8n data      ${relative(USER_FOLDER)}   (wiped at the next start: download workflows you want to keep)

New TYLT nodes are version 3: in Payout → Create, Settled Currency and Network load from the
sandbox when you open them (From List), or take a symbol or {{ $json.currency }} (By Symbol).

Try it: open "TYLT: Create a payout" and click "Execute workflow". About ${delay} s later
"TYLT: Payout settled" has run once per payout (its Executions tab). Run it again: the duplicate
guard pays nobody twice.

Press Ctrl-C to stop n8n and the sandbox.`);

	// n8n ending on its own (crash, killed) ends the session too, rather than leaving a sandbox behind.
	const watch = setInterval(() => {
		if (!n8n.exited) return;
		clearInterval(watch);
		console.error(
			`[dev] n8n exited unexpectedly; last lines of ${relative(LOG_FILE)}:\n${n8n.logs.split('\n').slice(-20).join('\n')}`,
		);
		void registry.stopAll().then(() => process.exit(1));
	}, 1000);
	await registry.add('the watch on n8n', async () => clearInterval(watch));
}

main().catch(async (error) => {
	if (error instanceof StopRequested) return; // the signal handler exits
	console.error(`[dev] ${error.message}`);
	await registry.stopAll();
	process.exit(1);
});
