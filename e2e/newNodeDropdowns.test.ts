/**
 * A new TYLT node in n8n's real editor, as a user meets it: a freshly loaded editor, a new workflow, the node
 * added from the node panel with no credential chosen, then its Settled Currency and Network dropdowns, which
 * must list TYLT's currencies and networks on the first try, without "Error fetching options" on the way.
 * Debian's Chromium drives the editor (tools/ui); the screenshot of the opened dropdown goes to /tmp.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, HTTPResponse, Page } from 'puppeteer-core';

import { SEEDED_CURRENCIES } from '../sandbox';
import { ensureChromium, launchChromium } from '../tools/ui/chromium';
import { Editor } from '../tools/ui/editor';
import { useE2e } from './support/context';

const e2e = useE2e();

/** Where the test leaves its screenshot, for a person to look at. */
export const SCREENSHOT = path.join(os.tmpdir(), 'tylt-new-node-dropdowns.png');

const log = (line: string) => console.log(`[editor] ${line}`);

/** Every "Error fetching options" the page ever showed, however briefly (set before the editor loads). */
function watchForOptionErrors() {
	const seen: string[] = [];
	(window as unknown as { tyltOptionErrors: string[] }).tyltOptionErrors = seen;
	new MutationObserver(() => {
		const text = document.body?.innerText ?? '';
		const match = /Error fetching options[^\n]*/.exec(text);
		if (match && !seen.includes(match[0])) seen.push(match[0]);
	}).observe(document, { subtree: true, childList: true, characterData: true });
}

describe('a new TYLT node in the editor', () => {
	let browser: Browser;
	let page: Page;
	let scratch: string;
	const loads: string[] = [];

	beforeAll(async () => {
		ensureChromium(log);
		scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tylt-editor-e2e-'));
		browser = await launchChromium(scratch, { width: 1440, height: 900 });
		page = await browser.newPage();
		await page.evaluateOnNewDocument(watchForOptionErrors);
		// What each dropdown load answered, for the failure message.
		page.on('response', (response: HTTPResponse) => {
			if (!response.url().includes('/rest/dynamic-node-parameters/options')) return;
			void response.text().then(
				(body) => loads.push(`HTTP ${response.status()}: ${body.slice(0, 200)}`),
				() => undefined,
			);
		});
	});

	afterAll(async () => {
		await browser?.close();
		if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
	});

	it('lists TYLT’s currencies and networks on the first try, once the credential is attached', async () => {
		const editor = new Editor(page, e2e.state.n8n.url);
		await editor.signIn(e2e.state.n8n);

		await editor.addNodeToNewWorkflow('TYLT', 'Create a payout');
		if ((await editor.selectedCredential()) === '') {
			// n8n had none to attach by itself: attach it the way a user does.
			await editor.chooseCredential(e2e.state.credential.name);
		}
		const currencies = await editor.openDropdown('settledCurrency');
		const usdt = SEEDED_CURRENCIES.find((currency) => currency.currencySymbol === 'USDT')!;
		await editor.chooseOption('settledCurrency', currencies.listId, `${usdt.currencyName} (USDT)`);
		const networks = await editor.openDropdown('networkSymbol');
		await page.screenshot({ path: SCREENSHOT as `${string}.png` });
		log(`screenshot of the Network dropdown: ${SCREENSHOT}`);

		const optionErrors = await page.evaluate(
			() => (window as unknown as { tyltOptionErrors: string[] }).tyltOptionErrors,
		);
		expect({ optionErrors, loads: optionErrors.length ? loads : [] }).toEqual({
			optionErrors: [],
			loads: [],
		});
		expect(await editor.selectedCredential()).toBe(e2e.state.credential.name);
		expect(currencies.options.map((option) => option.name).sort()).toEqual(
			SEEDED_CURRENCIES.map(
				(currency) => `${currency.currencyName} (${currency.currencySymbol})`,
			).sort(),
		);
		expect(networks.options.map((option) => option.name).sort()).toEqual(
			usdt.networks
				.filter((network) => network.canWithdraw === 1)
				.map((network) => `${network.networkName} (${network.networkSymbol})`)
				.sort(),
		);
		// Every request that reached TYLT was signed with the attached credential and answered.
		const requests = await e2e.sandbox.requests();
		expect(requests.length).toBeGreaterThan(0);
		expect(requests.map((request) => [request.endpoint, request.status])).toEqual(
			requests.map(() => ['currencies', 200]),
		);
	});
});
