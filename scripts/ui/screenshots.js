#!/usr/bin/env node
'use strict';
/**
 * `npm run screenshots`: the TYLT nodes in n8n's real editor, seen by a real (headless) browser.
 *
 * Provisions the n8n runtime (reused when present), builds the package, installs Debian's Chromium when
 * /usr/bin/chromium is missing, starts the TYLT sandbox and a fresh n8n on free loopback ports with this
 * package installed, creates the owner, a "TYLT sandbox" credential and two workflows (Manual Trigger →
 * TYLT Payout → Create with Settled Currency USDT; a TYLT Trigger), then signs in through the editor, opens
 * the nodes' panels by double-clicking them on the canvas and checks what a user sees: labels, dropdowns
 * filled from the sandbox, names instead of raw ids. It writes docs/screenshots/*.png.
 *
 * A failed check ends the run with exit code 1, the reason, and a screenshot of the page at that moment
 * (kept in a temp folder, with n8n's log). Everything started is stopped, also on failure and on Ctrl-C.
 *
 * puppeteer-core 25 needs Node ≥ 22.12: under an older Node the script re-runs itself with the runtime's
 * Node 24 once that is provisioned.
 */
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const SHOTS_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');
const VIEWPORT = { width: 1440, height: 900 };
const STARTED_AT = Number(process.env.TYLT_UI_STARTED_AT) || Date.now();

const TYLT_NODE = 'n8n-nodes-tylt.tylt';
const TYLT_TRIGGER = 'n8n-nodes-tylt.tyltTrigger';
const CREDENTIAL_NAME = 'TYLT sandbox';
const PAYOUT_NODE_NAME = 'TYLT';
const MANUAL_TRIGGER_NAME = 'When clicking ‘Execute workflow’';
const SAMPLE_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
// A fixed webhook id: trigger.png then changes from run to run only in n8n's (free) port.
const TRIGGER_WEBHOOK_ID = '3f6b2c1e-8d4a-4b7e-9c2f-5a1d0e7b8c94';
// What the UX guidelines ask the Payout → Create panel to show (dropdowns loaded from TYLT say "Name or ID").
const REQUIRED_LABELS = [
	'Credential',
	'Resource',
	'Operation',
	'Settled Currency Name or ID',
	'Network Name or ID',
	'Address',
	'Base Amount',
	'Additional Fields',
	'Options',
];

function log(message) {
	console.log(`[screenshots] ${message}`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

class CheckFailed extends Error {}

const passed = [];
function check(condition, description, detail) {
	if (!condition) {
		throw new CheckFailed(`${description}${detail === undefined ? '' : `\n  got: ${detail}`}`);
	}
	passed.push(description);
	log(`ok  ${description}`);
}

const sameList = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const show = (value) => JSON.stringify(value);

function runStep(what, command, args) {
	const startedAt = Date.now();
	const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
	if (result.status !== 0) {
		throw new Error(
			`${what} failed (${result.error ? result.error.message : `exit ${result.status}`})`,
		);
	}
	log(`${what}: ${seconds(Date.now() - startedAt)}`);
}

/** Under Node < 22 (puppeteer-core 25's minimum): run this script again with the runtime's Node 24. */
function rerunWithNode24() {
	require('ts-node').register({
		transpileOnly: true,
		project: path.join(REPO_ROOT, 'tsconfig.json'),
	});
	const { runtimePaths } = require('../../tools/n8n');
	const { nodeBin } = runtimePaths();
	log(`Node ${process.versions.node} is too old for puppeteer-core 25: continuing with ${nodeBin}`);
	const child = spawn(nodeBin, [__filename, ...process.argv.slice(2)], {
		cwd: REPO_ROOT,
		stdio: 'inherit',
		env: { ...process.env, TYLT_UI_PROVISIONED: '1', TYLT_UI_STARTED_AT: String(STARTED_AT) },
	});
	for (const signal of ['SIGINT', 'SIGTERM']) {
		process.on(signal, () => child.kill(signal));
	}
	child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** Everything started, stopped in reverse order (safe to call more than once). */
const running = [];
let stopping;
function stopAll() {
	stopping =
		stopping ||
		(async () => {
			for (const { what, stop } of [...running].reverse()) {
				try {
					await stop();
				} catch (error) {
					console.error(`[screenshots] stopping ${what} failed: ${error.message}`);
				}
			}
		})();
	return stopping;
}

/** The node's own description: the parameters Payout → Create shows, and which ones load options. */
function payoutCreateParameters() {
	const { Tylt } = require(path.join(REPO_ROOT, 'dist', 'nodes', 'Tylt', 'Tylt.node.js'));
	const values = { resource: 'payout', operation: 'create' };
	const shown = (property) =>
		Object.entries(property.displayOptions?.show || {}).every(([name, allowed]) =>
			allowed.includes(values[name]),
		);
	return new Tylt().description.properties.filter(shown);
}

/** The options the dropdowns must offer, from the sandbox's seeded currency list. */
function expectedOptions(seededCurrencies) {
	const byName = (a, b) => a.name.localeCompare(b.name);
	const currencies = seededCurrencies
		.map((currency) => ({
			name: `${currency.currencyName} (${currency.currencySymbol})`,
			symbol: currency.currencySymbol,
			withdrawable: currency.networks.filter((network) => network.canWithdraw === 1),
			depositOnly: currency.networks.filter((network) => network.canWithdraw !== 1),
		}))
		.sort(byName);
	const networkName = (network) => `${network.networkName} (${network.networkSymbol})`;
	return { currencies, networkName };
}

async function startEverything(scratch) {
	// The sandbox and tools/n8n are TypeScript; transpiled on the fly they are the same code the tests use.
	require('ts-node').register({
		transpileOnly: true,
		project: path.join(REPO_ROOT, 'tsconfig.json'),
	});
	const { startN8n, setupOwner } = require('../../tools/n8n');
	const { startSandbox, SEEDED_CURRENCIES } = require('../../sandbox');

	let startedAt = Date.now();
	const sandbox = await startSandbox({ port: 0 });
	running.push({ what: 'sandbox', stop: () => sandbox.close() });
	log(`TYLT sandbox on ${sandbox.url}`);

	const n8n = await startN8n({ logFile: path.join(scratch, 'n8n.log') });
	running.push({ what: 'n8n', stop: () => n8n.stop() });
	log(`n8n on ${n8n.url}: ready in ${seconds(n8n.readyMs)}`);

	const client = await setupOwner(n8n);
	const credential = await client.createCredential({
		name: CREDENTIAL_NAME,
		type: 'tyltApi',
		data: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url },
	});
	const credentials = { tyltApi: { id: String(credential.id), name: credential.name } };
	const payoutWorkflow = await client.createWorkflow({
		name: 'TYLT payout (screenshots)',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: MANUAL_TRIGGER_NAME,
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: crypto.randomUUID(),
				name: PAYOUT_NODE_NAME,
				type: TYLT_NODE,
				typeVersion: 1,
				position: [240, 0],
				parameters: { resource: 'payout', operation: 'create', settledCurrency: 'USDT' },
				credentials,
			},
		],
		connections: {
			[MANUAL_TRIGGER_NAME]: { main: [[{ node: PAYOUT_NODE_NAME, type: 'main', index: 0 }]] },
		},
	});
	const webhookId = TRIGGER_WEBHOOK_ID;
	const triggerWorkflow = await client.createWorkflow({
		name: 'TYLT callbacks (screenshots)',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'TYLT Trigger',
				type: TYLT_TRIGGER,
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
				webhookId,
				credentials,
			},
		],
		connections: {},
	});
	log(`owner, credential and workflows created: ${seconds(Date.now() - startedAt)}`);
	return {
		n8n,
		client,
		credential,
		payoutWorkflow,
		triggerWorkflow,
		webhookId,
		seededCurrencies: SEEDED_CURRENCIES,
	};
}

async function screenshot(page, name) {
	const file = path.join(SHOTS_DIR, name);
	await page.screenshot({ path: file });
	log(`wrote ${path.relative(REPO_ROOT, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
}

/** Payout → Create: labels, the two dropdowns, names instead of ids; three screenshots. */
async function payoutPanel(page, env) {
	const editor = require('./editor');
	const { n8n, credential, payoutWorkflow, seededCurrencies } = env;
	const { currencies, networkName } = expectedOptions(seededCurrencies);
	const usdt = currencies.find((currency) => currency.symbol === 'USDT');

	await editor.openNodePanel(page, n8n.url, payoutWorkflow.id, TYLT_NODE);
	check(
		(await editor.panelTitle(page)) === PAYOUT_NODE_NAME,
		'double-clicking the TYLT node on the canvas opens its panel',
		await editor.panelTitle(page),
	);

	// Values shown by name (the stored values are ids: a credential id, "payout", "create", "USDT").
	const shownCurrency = await editor.waitForOptions(page, 'settledCurrency');
	const shown = {
		credential: await editor.inputText(page, '[data-test-id="node-credentials-select"]'),
		resource: await editor.inputText(page, editor.parameterInput('resource')),
		operation: await editor.inputText(page, editor.parameterInput('operation')),
		settledCurrency: shownCurrency,
	};
	check(
		sameList(shown, {
			credential: CREDENTIAL_NAME,
			resource: 'Payout',
			operation: 'Create',
			settledCurrency: usdt.name,
		}),
		`the panel shows names, not ids: credential "${CREDENTIAL_NAME}", Payout, Create, "${usdt.name}"`,
		show(shown),
	);
	const panelText = await page.$eval('[data-test-id="ndv"]', (el) => el.innerText);
	check(
		!panelText.includes(String(credential.id)),
		`the credential id ${credential.id} appears nowhere in the panel`,
	);

	const labels = (await editor.visibleLabels(page)).map((entry) => entry.label);
	const credentialLabel = (
		await page.$eval('[data-test-id="credentials-label"]', (el) => el.innerText)
	).trim();
	const allLabels = [credentialLabel, ...labels];
	const missing = REQUIRED_LABELS.filter((label) => !allLabels.includes(label));
	check(
		missing.length === 0,
		`the panel has the labels ${REQUIRED_LABELS.map((label) => `"${label}"`).join(', ')}`,
		`missing ${show(missing)} in ${show(allLabels)}`,
	);
	const declared = payoutCreateParameters();
	check(
		sameList(
			labels,
			declared.map((property) => property.displayName),
		),
		"the panel shows Payout → Create's parameters in the node's order, each with its displayName",
		`${show(labels)}, node declares ${show(declared.map((property) => property.displayName))}`,
	);
	const loaded = declared.filter((property) => property.typeOptions?.loadOptionsMethod);
	check(
		loaded.length > 0 && loaded.every((property) => / Name or ID$/.test(property.displayName)),
		'every dropdown loaded from TYLT is labelled "… Name or ID"',
		show(loaded.map((property) => property.displayName)),
	);
	for (const collection of declared.filter((property) => property.type === 'collection')) {
		const choices = await editor.collectionChoices(page, collection.name);
		const expected = collection.options.map((option) => option.displayName);
		check(
			sameList(choices, expected),
			`"${collection.displayName}" offers ${show(expected)}`,
			show(choices),
		);
	}

	await editor.restMouse(page);
	const currencyList = await editor.openDropdown(page, 'settledCurrency');
	const currencyNames = currencyList.options.map((option) => option.name);
	check(
		sameList(
			currencyNames,
			currencies.map((currency) => currency.name),
		),
		`Settled Currency lists the sandbox's currencies by name: ${currencies.map((currency) => currency.name).join(', ')}`,
		show(currencyNames),
	);
	for (const currency of currencies) {
		const option = currencyList.options.find((candidate) => candidate.name === currency.name);
		const listed = option.description.replace(/^Pays out on:\s*/, '').split(/,\s*/);
		// Exactly the networks open for withdrawals, by name: a deposit-only one would mislead.
		check(
			/^Pays out on: /.test(option.description) &&
				sameList(
					listed,
					currency.withdrawable.map((network) => network.networkName),
				),
			`"${currency.name}" says which networks it pays out on`,
			show(option.description),
		);
	}
	await editor.restMouse(page);
	await screenshot(page, 'currency-dropdown.png');

	// A network that only takes deposits is never offered (USD Coin on Polygon in the sandbox).
	const depositOnly = currencies.find((currency) => currency.depositOnly.length > 0);
	if (depositOnly) {
		await editor.chooseOption(page, 'settledCurrency', currencyList.listId, depositOnly.name);
		const networks = await editor.openDropdown(page, 'networkSymbol');
		const names = networks.options.map((option) => option.name);
		check(
			sameList(
				names,
				depositOnly.withdrawable.map(networkName).sort((a, b) => a.localeCompare(b)),
			) && depositOnly.depositOnly.every((network) => !names.includes(networkName(network))),
			`with ${depositOnly.name}, Network omits the deposit-only ${depositOnly.depositOnly.map(networkName).join(', ')}`,
			show(names),
		);
		await editor.closeDropdown(page);
	}

	const again = await editor.openDropdown(page, 'settledCurrency');
	await editor.chooseOption(page, 'settledCurrency', again.listId, usdt.name);
	const networkList = await editor.openDropdown(page, 'networkSymbol');
	const expectedNetworks = usdt.withdrawable
		.map((network) => ({ name: networkName(network), network }))
		.sort((a, b) => a.name.localeCompare(b.name));
	check(
		sameList(
			networkList.options.map((option) => option.name),
			expectedNetworks.map((entry) => entry.name),
		),
		`with USDT, Network lists its withdrawable networks by name: ${expectedNetworks.map((entry) => entry.name).join(', ')}`,
		show(networkList.options.map((option) => option.name)),
	);
	const number = (text) => Number(String(text).replace(/[,\s]/g, ''));
	for (const { name, network } of expectedNetworks) {
		const { description } = networkList.options.find((option) => option.name === name);
		const match = /Min\s+([\d.,]+)\s+USDT.*Max\s+([\d.,]+)\s+USDT.*fee\s+([\d.,]+)\s+USDT/i.exec(
			description,
		);
		check(
			match !== null &&
				number(match[1]) === network.minimumWithdrawal &&
				number(match[2]) === network.maximumWithdrawal &&
				number(match[3]) === network.networkFees,
			`"${name}" shows min ${network.minimumWithdrawal}, max ${network.maximumWithdrawal} and fee ${network.networkFees} USDT`,
			show(description),
		);
	}
	await editor.restMouse(page);
	await screenshot(page, 'network-dropdown.png');

	const tron = expectedNetworks.find((entry) => entry.network.networkSymbol === 'TRX');
	await editor.chooseOption(page, 'networkSymbol', networkList.listId, tron.name);
	await editor.fillParameter(page, 'address', SAMPLE_ADDRESS);
	await editor.fillParameter(page, 'baseAmount', '25');
	const filled = {
		settledCurrency: await editor.inputText(page, editor.parameterInput('settledCurrency')),
		networkSymbol: await editor.inputText(page, editor.parameterInput('networkSymbol')),
	};
	check(
		sameList(filled, { settledCurrency: usdt.name, networkSymbol: tron.name }),
		`the chosen currency and network show as "${usdt.name}" and "${tron.name}", not USDT and TRX`,
		show(filled),
	);
	const issues = await page.$$eval(
		'[data-test-id="ndv"] [data-test-id="parameter-issues"]',
		(elements) => elements.filter((element) => element.offsetParent !== null).length,
	);
	check(
		issues === 0,
		'with currency, network, address and amount set the panel flags no issue',
		issues,
	);
	await editor.restMouse(page);
	await screenshot(page, 'payout-create.png');
}

/** TYLT Trigger: the notice about the Production URL, and that URL itself. */
async function triggerPanel(page, env) {
	const editor = require('./editor');
	const { n8n, triggerWorkflow, webhookId } = env;
	await editor.openNodePanel(page, n8n.url, triggerWorkflow.id, TYLT_TRIGGER);
	const notice = await page.$eval('[data-test-id="node-parameters"] .notice', (el) => el.innerText);
	check(
		/Production URL/.test(notice) && /Callback URL/.test(notice),
		"the trigger's notice says to give its Production URL as the payout's Callback URL",
		show(notice),
	);
	const headline = await page.waitForSelector(
		'xpath/.//*[@data-test-id="node-parameters"]//*[contains(@class,"headline")][normalize-space(.)="Webhook URLs"]',
	);
	await headline.click();
	await page.click('[data-test-id="radio-button-production"]');
	const expectedUrl = `${n8n.url}/webhook/${webhookId}/webhook`;
	await page
		.waitForFunction(
			(url) =>
				document
					.querySelector('[data-test-id="node-parameters"] .webhook-url')
					?.innerText.trim() === url,
			{ timeout: 5000 },
			expectedUrl,
		)
		.catch(() => {});
	const shownUrl = await page.$eval('[data-test-id="node-parameters"] .webhook-url', (el) =>
		el.innerText.trim(),
	);
	check(shownUrl === expectedUrl, `the Production URL shown is ${expectedUrl}`, show(shownUrl));
	const labels = (await editor.visibleLabels(page)).map((entry) => entry.label);
	const expectedLabels = ['Events', 'Statuses', 'Final Only', 'Options'];
	check(
		sameList(labels, expectedLabels),
		`the trigger panel has ${expectedLabels.join(', ')}`,
		show(labels),
	);
	await editor.restMouse(page);
	await screenshot(page, 'trigger.png');
}

/** A tab that records hosts other than loopback it tries to reach, and answers any dialog. */
async function newPage(browser, outside) {
	const page = await browser.newPage();
	page.on('request', (request) => {
		const { hostname } = new URL(request.url());
		if (/^https?:/.test(request.url()) && hostname !== '127.0.0.1' && hostname !== 'localhost') {
			outside.add(hostname);
		}
	});
	page.on('pageerror', (error) => log(`page error: ${error.message.split('\n')[0]}`));
	page.on('dialog', (dialog) => {
		log(`dialog "${dialog.message()}": accepted`);
		void dialog.accept();
	});
	return page;
}

/** Screenshot and HTML of the page as it was when a check failed; never hangs the failure report. */
async function captureFailure(page, pngFile, htmlFile) {
	const within = (promise) =>
		Promise.race([
			promise,
			new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 10000)),
		]);
	try {
		await within(page.screenshot({ path: pngFile }));
		await fs.promises.writeFile(htmlFile, await within(page.content()));
	} catch (error) {
		log(`could not capture the page: ${error.message}`);
	}
}

async function main() {
	if (!process.env.TYLT_UI_PROVISIONED) {
		runStep(
			'n8n runtime (tools/n8n/provision.sh)',
			path.join(REPO_ROOT, 'tools', 'n8n', 'provision.sh'),
			[],
		);
	}
	if (Number(process.versions.node.split('.')[0]) < 22) return rerunWithNode24();

	runStep('npm run build', 'npm', ['run', 'build', '--silent']);
	const { ensureChromium, launchChromium, scratchDir } = require('./chromium');
	const chromium = ensureChromium(log);
	log(
		chromium.installed
			? `installed ${chromium.version}: apt-get update ${seconds(chromium.updateMs)}, install ${seconds(chromium.installMs)}`
			: `using ${chromium.version}`,
	);

	const scratch = scratchDir('tylt-screenshots-');
	for (const signal of ['SIGINT', 'SIGTERM']) {
		process.on(signal, () => {
			console.log(`\n[screenshots] ${signal}: stopping…`);
			void stopAll().then(() => {
				fs.rmSync(scratch, { recursive: true, force: true });
				process.exit(1);
			});
		});
	}
	let page;
	let failed = true;
	try {
		const env = await startEverything(scratch);
		fs.mkdirSync(SHOTS_DIR, { recursive: true });

		const browserStartedAt = Date.now();
		const browser = await launchChromium(scratch, VIEWPORT);
		running.push({ what: 'Chromium', stop: () => browser.close() });
		const outside = new Set();
		page = await newPage(browser, outside);

		const { signIn } = require('./editor');
		await signIn(page, env.n8n.url, env.client);
		check(true, `signed in through the editor's sign-in form as ${env.client.email}`);
		await payoutPanel(page, env);
		// A fresh tab: leaving the edited, unsaved payout workflow would stop at "leave this page?".
		const payoutPage = page;
		page = await newPage(browser, outside);
		await payoutPage.close();
		await triggerPanel(page, env);
		log(`browser part: ${seconds(Date.now() - browserStartedAt)}`);
		log(
			outside.size
				? `note: the editor tried to reach ${[...outside].join(', ')} (unreachable here)`
				: 'the editor requested nothing outside 127.0.0.1',
		);
		failed = false;
	} catch (error) {
		const failureShot = path.join(scratch, 'failure.png');
		if (page) await captureFailure(page, failureShot, path.join(scratch, 'failure.html'));
		console.error(
			`\n[screenshots] FAILED: ${error instanceof CheckFailed ? '' : `${error.name}: `}${error.message}` +
				(page ? `\n[screenshots] the page at that moment: ${failureShot} (+ failure.html)` : '') +
				`\n[screenshots] n8n's log: ${path.join(scratch, 'n8n.log')}` +
				`\n[screenshots] ${passed.length} checks passed before this one`,
		);
	} finally {
		await stopAll();
	}
	if (failed) process.exit(1);
	fs.rmSync(scratch, { recursive: true, force: true });
	log(`${passed.length} checks passed; screenshots in ${path.relative(REPO_ROOT, SHOTS_DIR)}/`);
	log(`total ${seconds(Date.now() - STARTED_AT)}`);
}

main().catch(async (error) => {
	console.error(`[screenshots] ${error.message}`);
	await stopAll();
	process.exit(1);
});
