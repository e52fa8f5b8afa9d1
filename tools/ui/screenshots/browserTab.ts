/** The browser tab the panels are captured in, its screenshots, and what it shows when a check fails. */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';

import { REPO_ROOT } from '../../n8n';

export const SHOTS_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');

/** A tab that adds to `outside` every host other than loopback it tries to reach, and accepts any dialog. */
export async function newTab(
	browser: Browser,
	outside: Set<string>,
	log: (line: string) => void,
): Promise<Page> {
	const page = await browser.newPage();
	page.on('request', (request) => {
		const url = request.url();
		const { hostname } = new URL(url);
		if (/^https?:/.test(url) && hostname !== '127.0.0.1' && hostname !== 'localhost') {
			outside.add(hostname);
		}
	});
	page.on('pageerror', (error) => log(`page error: ${(error as Error).message.split('\n')[0]}`));
	page.on('dialog', (dialog) => {
		log(`dialog "${dialog.message()}": accepted`);
		void dialog.accept();
	});
	return page;
}

/** Writes docs/screenshots/<name> from the tab as it is now. */
export async function saveScreenshot(
	page: Page,
	name: string,
	log: (line: string) => void,
): Promise<void> {
	const file = path.join(SHOTS_DIR, name);
	await page.screenshot({ path: file as `${string}.png` });
	log(`wrote ${path.relative(REPO_ROOT, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
}

/** Screenshot and HTML of the page as it was when a check failed; never hangs the failure report. */
export async function captureFailure(
	page: Page,
	pngFile: string,
	htmlFile: string,
	log: (line: string) => void,
) {
	const within = <T>(promise: Promise<T>) =>
		Promise.race([
			promise,
			new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 10000)),
		]);
	try {
		await within(page.screenshot({ path: pngFile as `${string}.png` }));
		await fs.promises.writeFile(htmlFile, await within(page.content()));
	} catch (error) {
		log(`could not capture the page: ${(error as Error).message}`);
	}
}
