/**
 * A new user's first minutes, in n8n's real editor and a real browser (headless Chromium): TYLT → Create a
 * payout added to a new workflow, after a Manual Trigger, after a Form Trigger, and as the first step, in fresh
 * editor loads each; Settled Currency's and Network's lists show TYLT's entries the first time they are opened,
 * with the one TYLT credential n8n attached by itself. And a workflow taking both by symbol from expressions
 * runs from the editor's Execute workflow button.
 *
 * The browser runs in a process of its own (support/listsInEditor.ts: puppeteer-core needs Node ≥ 22.12),
 * once for all the tests here; they judge its report. Its screenshots (each scenario's first load, any
 * failure) stay in the run's folder beside n8n's log.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SEEDED_CURRENCIES } from '../sandbox';
import { REPO_ROOT, runtimePaths, type WorkflowJson, type WorkflowNode } from '../tools/n8n';
import { spawnProcess, type RunningProcess } from '../tools/n8n/processes';
import { outputOf, useE2e } from './support/context';
import {
	CURRENCY_TO_CHOOSE,
	MANUAL_TRIGGER,
	SCENARIOS,
	type BrowserJob,
	type BrowserReport,
	type EditorLoad,
	type Scenario,
} from './support/listsInEditor';
import type { OpenedList } from '../tools/ui/listField';

const e2e = useE2e();

const LOADS_PER_SCENARIO = 5;
// Each step waits 15 s at most: a job that hangs ends well before this.
const BROWSER_JOB_TIMEOUT_MS = 480000;
const RUN_DIR = path.dirname(e2e.state.n8n.logFile);
const SCREENSHOT_DIR = path.join(RUN_DIR, 'editor-lists');
const TYLT_NODE = 'n8n-nodes-tylt.tylt';
const PAYOUT_NODE = 'TYLT';
const RECIPIENT = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
/**
 * What n8n 2.41's editor calls a resource locator's mode named `id`, whatever the node's displayName for it
 * ("By Symbol"): it labels the modes `list`, `id` and `url` in its own words.
 */
const ID_MODE_LABEL = 'By ID';

const usdt = SEEDED_CURRENCIES.find((currency) => currency.currencySymbol === 'USDT')!;
const CURRENCY_SYMBOLS = SEEDED_CURRENCIES.map((currency) => currency.currencySymbol).sort();
const USDT_NETWORK_SYMBOLS = usdt.networks
	.filter((network) => network.canWithdraw === 1)
	.map((network) => network.networkSymbol)
	.sort();

/** The version a new TYLT node gets, and how that version declares Settled Currency (the built node says). */
function newNodeVersion(): { typeVersion: number; settledCurrencyType: string } {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Tylt } = require(path.join(REPO_ROOT, 'dist', 'nodes', 'Tylt', 'Tylt.node.js')) as {
		Tylt: new () => INodeType;
	};
	const { description } = new Tylt();
	const typeVersion = Number(description.defaultVersion ?? description.version);
	const settledCurrency = description.properties.find(
		(property) =>
			property.name === 'settledCurrency' &&
			NodeHelpers.displayParameter(
				{ resource: 'payout', operation: 'create' },
				property,
				{ typeVersion },
				description,
			),
	);
	if (!settledCurrency) throw new Error(`TYLT ${typeVersion} shows no Settled Currency on create`);
	return { typeVersion, settledCurrencyType: settledCurrency.type };
}

/** An expression for a list field: By Symbol in a resource locator, the field's value in a plain one. */
function byExpression(fieldType: string, expression: string): unknown {
	return fieldType === 'resourceLocator'
		? { __rl: true, mode: 'id', value: `=${expression}` }
		: `=${expression}`;
}

/** Manual Trigger → the payout's fields (currency and network as symbols) → TYLT → Create. */
function bySymbolWorkflow(reference: string): WorkflowJson {
	const { typeVersion, settledCurrencyType } = newNodeVersion();
	const node = (
		name: string,
		type: string,
		x: number,
		extra: Pick<WorkflowNode, 'typeVersion' | 'parameters'> & Partial<WorkflowNode>,
	): WorkflowNode => ({ id: randomUUID(), name, type, position: [x, 0], ...extra });
	return {
		name: `TYLT By Symbol from the editor ${reference}`,
		nodes: [
			node(MANUAL_TRIGGER, 'n8n-nodes-base.manualTrigger', 0, { typeVersion: 1, parameters: {} }),
			node('Payout fields', 'n8n-nodes-base.set', 220, {
				typeVersion: 3.4,
				parameters: {
					mode: 'raw',
					jsonOutput: JSON.stringify({ currency: 'USDT', network: 'TRX', reference }),
					options: {},
				},
			}),
			node(PAYOUT_NODE, TYLT_NODE, 440, {
				typeVersion,
				parameters: {
					resource: 'payout',
					operation: 'create',
					settledCurrency: byExpression(settledCurrencyType, '{{ $json.currency }}'),
					networkSymbol: byExpression(settledCurrencyType, '{{ $json.network }}'),
					address: RECIPIENT,
					baseAmount: 25,
					reference: '={{ $json.reference }}',
					options: {},
				},
				credentials: { tyltApi: e2e.state.credential },
			}),
		],
		connections: {
			[MANUAL_TRIGGER]: { main: [[{ node: 'Payout fields', type: 'main', index: 0 }]] },
			'Payout fields': { main: [[{ node: PAYOUT_NODE, type: 'main', index: 0 }]] },
		},
	};
}

/** Runs support/listsInEditor.ts under the runtime's Node 24 and reads its report. */
async function runBrowserJob(job: BrowserJob, browser: { process?: RunningProcess }) {
	const reportFile = path.join(job.screenshotDir, 'report.json');
	fs.rmSync(job.screenshotDir, { recursive: true, force: true });
	fs.mkdirSync(job.screenshotDir, { recursive: true });
	const running = spawnProcess(
		'Chromium on the editor',
		runtimePaths().nodeBin,
		[
			'--require',
			'ts-node/register/transpile-only',
			path.join(__dirname, 'support', 'listsInEditor.ts'),
		],
		{
			cwd: REPO_ROOT,
			env: {
				...process.env,
				TYLT_BROWSER_JOB: JSON.stringify(job),
				TYLT_BROWSER_REPORT: reportFile,
			},
			logFile: path.join(job.screenshotDir, 'browser.log'),
			watchParent: 'wrapper',
		},
	);
	browser.process = running;
	const deadline = Date.now() + BROWSER_JOB_TIMEOUT_MS;
	while (!running.exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
	await running.stop();
	if (!fs.existsSync(reportFile)) {
		throw new Error(
			`the browser job wrote no report (${JSON.stringify(running.exitInfo)}); its log:\n${running.logs.slice(-4000)}`,
		);
	}
	return JSON.parse(fs.readFileSync(reportFile, 'utf8')) as BrowserReport;
}

/** One line per load, as a reader of the test's failure wants it: what the list showed on its first open. */
function shown(load: EditorLoad, list: OpenedList | undefined, symbols: string[]): string {
	if (!list) return `not opened: ${load.failure}`;
	if (!list.entries.length) return `no entries: "${list.message}"`;
	const missing = symbols.filter(
		(symbol) => !list.entries.some((entry) => new RegExp(`\\b${symbol}\\b`).test(entry)),
	);
	return missing.length
		? `entries without ${missing.join(', ')}: ${list.entries.join(' | ')}`
		: `entries for ${symbols.join(', ')}`;
}

const browser: { process?: RunningProcess } = {};
let report: BrowserReport;
let bySymbolWorkflowId: string;
const bySymbolReference = `INV-BY-SYMBOL-${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
	bySymbolWorkflowId = (await e2e.create(bySymbolWorkflow(bySymbolReference))).id;
	report = await runBrowserJob(
		{
			n8nUrl: e2e.state.n8n.url,
			cookie: e2e.state.n8n.cookie,
			loadsPerScenario: LOADS_PER_SCENARIO,
			bySymbolWorkflowId,
			screenshotDir: SCREENSHOT_DIR,
		},
		browser,
	);
	const firstTry = (scenario: Scenario) =>
		report.loads.filter(
			(load) =>
				load.scenario === scenario &&
				load.settledCurrency?.entries.length &&
				load.networkSymbol?.entries.length,
		).length;
	console.log(
		`[e2e] editor lists, first open with entries: ${(Object.keys(SCENARIOS) as Scenario[])
			.map((scenario) => `${scenario} ${firstTry(scenario)}/${LOADS_PER_SCENARIO}`)
			.join('; ')}; browser ${report.totalMs} ms (screenshots ${SCREENSHOT_DIR})`,
	);
}, BROWSER_JOB_TIMEOUT_MS + 30000);

afterAll(async () => {
	await browser.process?.stop();
});

describe.each(Object.keys(SCENARIOS) as Scenario[])(
	'TYLT → Create a payout added %s, in fresh editor loads',
	(scenario) => {
		const loads = () => report.loads.filter((load) => load.scenario === scenario);

		it('has the one TYLT credential attached by n8n', () => {
			expect(loads().map((load) => load.credential)).toEqual(
				Array(LOADS_PER_SCENARIO).fill(e2e.state.credential.name),
			);
		});

		it("opens Settled Currency's list with TYLT's currencies the first time", () => {
			expect(loads().map((load) => shown(load, load.settledCurrency, CURRENCY_SYMBOLS))).toEqual(
				Array(LOADS_PER_SCENARIO).fill(`entries for ${CURRENCY_SYMBOLS.join(', ')}`),
			);
		});

		it("opens Network's list with the chosen currency's networks the first time", () => {
			expect(loads().map((load) => load.chosenCurrency)).toEqual(
				Array(LOADS_PER_SCENARIO).fill(expect.stringMatching(CURRENCY_TO_CHOOSE)),
			);
			expect(loads().map((load) => shown(load, load.networkSymbol, USDT_NETWORK_SYMBOLS))).toEqual(
				Array(LOADS_PER_SCENARIO).fill(`entries for ${USDT_NETWORK_SYMBOLS.join(', ')}`),
			);
		});
	},
);

describe('Settled Currency and Network by symbol, from expressions', () => {
	it('show the id mode in the panel and run from the editor, paying in the currency and network the item names', async () => {
		expect(report.bySymbol.failure).toBeUndefined();
		if (newNodeVersion().settledCurrencyType === 'resourceLocator') {
			expect(report.bySymbol.modes).toEqual([ID_MODE_LABEL, ID_MODE_LABEL]);
		}
		const [execution] = await e2e.n8n.waitForExecutions(bySymbolWorkflowId, 1);
		const full = await e2e.n8n.getExecution(execution.id);
		expect(full.status).toBe('success');
		expect(outputOf(full, PAYOUT_NODE)).toEqual([
			expect.objectContaining({
				settledCurrency: 'USDT',
				network: 'TRX',
				toAddress: RECIPIENT,
				settledAmountRequested: 25,
				merchantReference: bySymbolReference,
				alreadySent: false,
			}),
		]);
	});
});
