/// <reference lib="dom" />
/**
 * What a user sees of a new TYLT node's dropdowns in n8n's real editor: a freshly loaded editor, a new
 * workflow (a Manual Trigger only), the node added from the node panel with no credential chosen (attached by n8n, or by hand when n8n
 * attaches none), then the Settled Currency and Network dropdowns opened, and every "Error fetching options"
 * the page showed on the way, however briefly. Leaves a screenshot of the open Network dropdown.
 *
 * Runs as its own process (`node -r ts-node/register/transpile-only tools/ui/newNodeDropdowns.ts '<job JSON>'`),
 * since puppeteer-core is an ES module that jest's module loader cannot require; it prints one line
 * `RESULT <json>` (NewNodeSeen) and exits 0, or prints the error and exits 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { HTTPResponse } from 'puppeteer-core';

import { ensureChromium, launchChromium } from './chromium';
import { Editor } from './editor';

export interface NewNodeJob {
	n8nUrl: string;
	/** A stored workflow holding only a trigger: the TYLT node is added to it. */
	workflowId: string;
	email: string;
	password: string;
	/** The credential to attach when n8n attaches none. */
	credentialName: string;
	/** The Settled Currency option to choose before the Network dropdown is opened. */
	currencyOption: string;
	screenshot: string;
	/** A folder for Chromium's profile, removed afterwards. */
	scratch: string;
}

export interface NewNodeSeen {
	/** Whether n8n attached a credential by itself. */
	attachedByN8n: boolean;
	credential: string;
	currencies: string[];
	networks: string[];
	/** Every "Error fetching options …" the page showed. */
	optionErrors: string[];
	/** What each dropdown load answered (HTTP status and the start of the body). */
	loads: string[];
}

export const RESULT_PREFIX = 'RESULT ';

const log = (line: string) => process.stderr.write(`[editor] ${line}\n`);

/** Set up before the editor loads: records every "Error fetching options" the page shows. */
function watchForOptionErrors() {
	const seen: string[] = [];
	(window as unknown as { tyltOptionErrors: string[] }).tyltOptionErrors = seen;
	new MutationObserver(() => {
		const match = /Error fetching options[^\n]*/.exec(document.body?.innerText ?? '');
		if (match && !seen.includes(match[0])) seen.push(match[0]);
	}).observe(document, { subtree: true, childList: true, characterData: true });
}

function forgetOptionErrors() {
	(window as unknown as { tyltOptionErrors: string[] }).tyltOptionErrors.length = 0;
}

export async function seeNewNodeDropdowns(job: NewNodeJob): Promise<NewNodeSeen> {
	ensureChromium(log);
	fs.mkdirSync(job.scratch, { recursive: true });
	const browser = await launchChromium(job.scratch, { width: 1440, height: 900 });
	try {
		const page = await browser.newPage();
		await page.evaluateOnNewDocument(watchForOptionErrors);
		const loads: string[] = [];
		page.on('response', (response: HTTPResponse) => {
			if (!response.url().includes('/rest/dynamic-node-parameters/options')) return;
			response.text().then(
				(body) => loads.push(`HTTP ${response.status()}: ${body.slice(0, 300)}`),
				() => undefined,
			);
		});
		const editor = new Editor(page, job.n8nUrl);
		await editor.signIn(job);
		await editor.addNode(job.workflowId, 'TYLT', 'Create a payout');
		const attached = await editor.selectedCredential();
		if (attached !== job.credentialName) {
			await editor.chooseCredential(job.credentialName);
			// Another credential n8n chose (one an earlier test stored) answers for itself: only what follows
			// the switch is this credential's. A node that had none keeps what it showed.
			if (attached !== '') await page.evaluate(forgetOptionErrors);
		}
		const currencies = await editor.openDropdown('settledCurrency');
		await editor.chooseOption('settledCurrency', currencies.listId, job.currencyOption);
		const networks = await editor.openDropdown('networkSymbol');
		await page.screenshot({ path: job.screenshot as `${string}.png` });
		log(`screenshot of the open Network dropdown: ${job.screenshot}`);
		return {
			attachedByN8n: attached === job.credentialName,
			credential: await editor.selectedCredential(),
			currencies: currencies.options.map((option) => option.name),
			networks: networks.options.map((option) => option.name),
			optionErrors: await page.evaluate(
				() => (window as unknown as { tyltOptionErrors: string[] }).tyltOptionErrors,
			),
			loads,
		};
	} catch (error) {
		const pages = await browser.pages();
		await pages[pages.length - 1]
			?.screenshot({ path: job.screenshot.replace(/\.png$/, '-failure.png') as `${string}.png` })
			.catch(() => undefined);
		throw error;
	} finally {
		await browser.close();
		fs.rmSync(job.scratch, { recursive: true, force: true });
	}
}

if (require.main === module) {
	seeNewNodeDropdowns(JSON.parse(process.argv[2]) as NewNodeJob).then(
		(seen) => process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(seen)}\n`),
		(error: Error) => {
			process.stderr.write(`${error.stack ?? error.message}\n`);
			process.exit(1);
		},
	);
}

/** This file, for the process that runs it. */
export const NEW_NODE_DROPDOWNS_SCRIPT = path.join(__dirname, 'newNodeDropdowns.ts');
