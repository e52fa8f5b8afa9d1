/**
 * The browser half of e2e/newNodeLists.test.ts, run as a process of its own under the runtime's Node 24
 * (puppeteer-core 25 needs Node ≥ 22.12; jest runs on the system Node). One Chromium and one browser context,
 * signed in by the owner's cookie; each editor load is a new tab: a full page load, every store of the editor
 * empty, only the browser's cache warm, as for anyone who has opened n8n before.
 *
 * Each load does what a new user does: a new workflow, its first step from the empty canvas, TYLT → Create a
 * payout from the "+" on that step's output (or TYLT as the first step), the credential n8n attaches by
 * itself, then Settled Currency's list opened once, an entry chosen, and Network's list opened once. Then it
 * opens the stored By Symbol workflow and runs it with the canvas's Execute workflow button. It asserts
 * nothing: it writes what the editor showed to TYLT_BROWSER_REPORT, and the jest side judges.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';

import { ensureChromium, launchChromium } from '../../tools/ui/chromium';
import { Editor } from '../../tools/ui/editor';
import { chooseEntry, closeList, openList, type OpenedList } from '../../tools/ui/listField';

export const MANUAL_TRIGGER = 'When clicking ‘Execute workflow’';
const FORM_TRIGGER = 'On form submission';
const TYLT_NODE = 'n8n-nodes-tylt.tylt';

/**
 * How the workflow's TYLT node came to be: after which first step, added from where. After a first step the
 * next waits for n8n's autosave, which a person's next click comes after: a saved workflow is what makes n8n
 * fetch its credentials again when TYLT is added (while the node's fields mount), where a list loaded at
 * mount goes without the credential.
 */
export const SCENARIOS = {
	'after a Manual Trigger': async (editor: Editor) => {
		await editor.addFirstStep('Manual Trigger');
		await editor.waitForAutosave();
		await editor.addAfter(MANUAL_TRIGGER, 'TYLT', 'Create a payout');
	},
	'after a Form Trigger': async (editor: Editor) => {
		await editor.addFirstStep('n8n Form', 'On new n8n Form event');
		// n8n opens a new Form Trigger's panel: the user closes it to go on from the canvas.
		await editor.waitForPanel();
		await editor.closePanel();
		await editor.waitForAutosave();
		await editor.addAfter(FORM_TRIGGER, 'TYLT', 'Create a payout');
	},
	'as the first step': async (editor: Editor) => {
		await editor.addFirstStep('TYLT', 'Create a payout');
	},
};
export type Scenario = keyof typeof SCENARIOS;

export interface BrowserJob {
	n8nUrl: string;
	/** The owner's `n8n-auth=…` cookie: each context is signed in without the sign-in form. */
	cookie: string;
	loadsPerScenario: number;
	/** A stored workflow whose TYLT node takes Settled Currency and Network by symbol from expressions. */
	bySymbolWorkflowId: string;
	/** Screenshots of the first load's open lists and of any failure. */
	screenshotDir: string;
}

/** What one fresh editor load showed. */
export interface EditorLoad {
	scenario: Scenario;
	load: number;
	/** The credential the new node's panel showed ('' for none). */
	credential: string;
	settledCurrency?: OpenedList;
	/** The entry chosen in Settled Currency's list before Network's opened ('' when there was none to choose). */
	chosenCurrency?: string;
	networkSymbol?: OpenedList;
	/** A step that did not complete (the page at that moment is in the screenshot folder). */
	failure?: string;
	/** From opening the tab to the empty canvas, and to the second list read. */
	editorLoadedMs?: number;
	ms: number;
}

export interface BrowserReport {
	loads: EditorLoad[];
	/** Whether the By Symbol workflow's panel and run did what the editor should show. */
	bySymbol: { modes: string[]; ranMs?: number; failure?: string };
	chromiumStartMs: number;
	totalMs: number;
}

/** The symbol the loads choose in Settled Currency's list. */
export const CURRENCY_TO_CHOOSE = /\bUSDT\b/;

/** A new tab on a new, unsaved workflow's editor, and how to close it. */
async function freshEditor(context: BrowserContext, job: BrowserJob) {
	const page = await context.newPage();
	// Leaving an unsaved workflow asks "leave this page?": the answer is yes.
	page.on('dialog', (dialog) => void dialog.accept());
	return { editor: new Editor(page, job.n8nUrl), close: () => page.close() };
}

async function signedInContext(browser: Browser, job: BrowserJob): Promise<BrowserContext> {
	const context = await browser.createBrowserContext();
	const separator = job.cookie.indexOf('=');
	await context.setCookie({
		name: job.cookie.slice(0, separator),
		value: job.cookie.slice(separator + 1).split(';')[0],
		domain: new URL(job.n8nUrl).hostname,
		path: '/',
	});
	return context;
}

async function screenshot(page: Page, job: BrowserJob, name: string): Promise<void> {
	await sleep(300); // a list's fade-in, so that it shows fully drawn
	await page
		.screenshot({ path: path.join(job.screenshotDir, `${name}.png`) as `${string}.png` })
		.catch(() => {});
}

async function oneLoad(
	context: BrowserContext,
	job: BrowserJob,
	scenario: Scenario,
	load: number,
): Promise<EditorLoad> {
	const started = Date.now();
	const { editor, close } = await freshEditor(context, job);
	const result: EditorLoad = { scenario, load, credential: '', ms: 0 };
	const shotName = (what: string) => `${scenario.replace(/ /g, '-')}-${load}-${what}`;
	try {
		await editor.newWorkflow();
		result.editorLoadedMs = Date.now() - started;
		await SCENARIOS[scenario](editor);
		await editor.waitForPanel();
		result.credential = await editor.attachedCredential();
		result.settledCurrency = await openList(editor.page, 'settledCurrency');
		if (load === 1) await screenshot(editor.page, job, shotName('settled-currency'));
		result.chosenCurrency = result.settledCurrency.entries.some((entry) =>
			CURRENCY_TO_CHOOSE.test(entry),
		)
			? await chooseEntry(editor.page, result.settledCurrency.kind, CURRENCY_TO_CHOOSE)
			: '';
		if (!result.chosenCurrency) await closeList(editor.page);
		result.networkSymbol = await openList(editor.page, 'networkSymbol');
		if (load === 1) await screenshot(editor.page, job, shotName('network'));
	} catch (error) {
		result.failure = (error as Error).message;
		await screenshot(editor.page, job, shotName('failure'));
	} finally {
		result.ms = Date.now() - started;
		await close();
	}
	return result;
}

/** Opens the By Symbol workflow, reads its TYLT node's field modes, and runs it from the canvas. */
async function runBySymbol(
	context: BrowserContext,
	job: BrowserJob,
): Promise<BrowserReport['bySymbol']> {
	const { editor, close } = await freshEditor(context, job);
	const bySymbol: BrowserReport['bySymbol'] = { modes: [] };
	try {
		await editor.openNodePanel(job.bySymbolWorkflowId, TYLT_NODE);
		bySymbol.modes = await editor.page.$$eval(
			'[data-test-id="ndv"] [data-test-id="rlc-mode-selector"] input',
			(inputs) => inputs.map((input) => (input as HTMLInputElement).value),
		);
		await screenshot(editor.page, job, 'by-symbol-panel');
		await editor.closePanel();
		const started = Date.now();
		await editor.executeWorkflow(TYLT_NODE);
		bySymbol.ranMs = Date.now() - started;
	} catch (error) {
		bySymbol.failure = (error as Error).message;
		await screenshot(editor.page, job, 'by-symbol-failure');
	} finally {
		await close();
	}
	return bySymbol;
}

async function main(): Promise<void> {
	const job = JSON.parse(process.env.TYLT_BROWSER_JOB ?? '') as BrowserJob;
	const reportFile = process.env.TYLT_BROWSER_REPORT ?? '';
	const started = Date.now();
	fs.mkdirSync(job.screenshotDir, { recursive: true });
	ensureChromium((line) => console.log(`[chromium] ${line}`));
	const browser = await launchChromium(path.join(job.screenshotDir, 'chromium'), {
		width: 1440,
		height: 900,
	});
	const chromiumStartMs = Date.now() - started;
	try {
		const context = await signedInContext(browser, job);
		const loads: EditorLoad[] = [];
		for (const scenario of Object.keys(SCENARIOS) as Scenario[]) {
			for (let load = 1; load <= job.loadsPerScenario; load++) {
				const result = await oneLoad(context, job, scenario, load);
				console.log(JSON.stringify(result));
				loads.push(result);
			}
		}
		const bySymbol = await runBySymbol(context, job);
		const report: BrowserReport = {
			loads,
			bySymbol,
			chromiumStartMs,
			totalMs: Date.now() - started,
		};
		fs.writeFileSync(reportFile, JSON.stringify(report, null, '\t'));
	} finally {
		await browser.close();
		fs.rmSync(path.join(job.screenshotDir, 'chromium'), { recursive: true, force: true });
	}
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
