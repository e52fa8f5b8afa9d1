/**
 * `npm run screenshots`: the TYLT nodes in n8n's real editor, seen by a real (headless) browser.
 *
 * Provisions the n8n runtime (reused when present), builds the package when dist/ is stale, installs Debian's
 * Chromium when /usr/bin/chromium is missing, starts the sandbox and a fresh n8n on free loopback ports
 * (tools/ui/screenshots/stage.ts), signs in through the editor, opens the nodes' panels by double-clicking
 * them on the canvas and checks what a user sees (payoutPanel.ts, payoutGetPanel.ts, triggerPanel.ts,
 * pollingTriggerPanel.ts), runs Payout → Create in the editor (outputPanels.ts: a payout sent beside a skipped
 * repeat, a dry run) and opens the TYLT API credential (credentialForm.ts). It writes docs/screenshots/*.png.
 *
 * A failed check ends the run with exit code 1, the reason, and a screenshot of the page at that moment
 * (kept in a temp folder, with n8n's log). Everything started is stopped, also on failure and on Ctrl-C.
 * puppeteer-core 25 needs Node ≥ 22.12: under an older Node this re-runs itself with the runtime's Node 24.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';

import { ProcessRegistry, REPO_ROOT, StopRequested, provision, runtimePaths } from '../tools/n8n';
import { buildIfStale, seconds } from '../tools/devStack/steps';
import { ensureChromium, launchChromium } from '../tools/ui/chromium';
import { Editor } from '../tools/ui/editor';
import * as browserTab from '../tools/ui/screenshots/browserTab';
import { CheckFailed, Checks } from '../tools/ui/screenshots/checks';
import { credentialForm } from '../tools/ui/screenshots/credentialForm';
import { dryRunOutputPanel, payoutOutputPanel } from '../tools/ui/screenshots/outputPanels';
import { payoutGetPanel } from '../tools/ui/screenshots/payoutGetPanel';
import { payoutPanel } from '../tools/ui/screenshots/payoutPanel';
import { pollingTriggerPanel } from '../tools/ui/screenshots/pollingTriggerPanel';
import { setUpStage } from '../tools/ui/screenshots/stage';
import { triggerPanel } from '../tools/ui/screenshots/triggerPanel';

const VIEWPORT = { width: 1440, height: 900 };
const STARTED_AT = Number(process.env.TYLT_UI_STARTED_AT) || Date.now();
const log = (line: string) => console.log(`[screenshots] ${line}`);

/** This script again under the runtime's Node 24, with this process's exit code. */
function rerunWithNode24(): void {
	const { nodeBin } = runtimePaths();
	log(`Node ${process.versions.node} is too old for puppeteer-core 25: continuing with ${nodeBin}`);
	const child = spawn(nodeBin, ['--require', 'ts-node/register/transpile-only', __filename], {
		cwd: REPO_ROOT,
		stdio: 'inherit',
		env: { ...process.env, TYLT_UI_PROVISIONED: '1', TYLT_UI_STARTED_AT: String(STARTED_AT) },
	});
	for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
	child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function main(): Promise<void> {
	if (!process.env.TYLT_UI_PROVISIONED) provision();
	if (Number(process.versions.node.split('.')[0]) < 22) return rerunWithNode24();
	buildIfStale(log);
	ensureChromium(log);

	const registry = new ProcessRegistry({ log });
	registry.stopOnSignals();
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tylt-screenshots-'));
	let keepScratch = false; // a failure's page and n8n's log stay for reading
	await registry.add(`temp folder ${scratch}`, async () => {
		if (!keepScratch) fs.rmSync(scratch, { recursive: true, force: true });
	});
	const checks = new Checks(log);
	let page: Page | undefined;
	try {
		const stage = await setUpStage(registry, scratch, log);
		fs.mkdirSync(browserTab.SHOTS_DIR, { recursive: true });
		const browserStartedAt = Date.now();
		const browser = await launchChromium(scratch, VIEWPORT);
		await registry.add('Chromium', () => browser.close());
		const outside = new Set<string>();
		const openTab = async () => {
			const previous = page;
			page = await browserTab.newTab(browser, outside, log);
			await previous?.close();
			return new Editor(page, stage.n8n.url);
		};
		const signedIn = await openTab();
		await signedIn.signIn(stage.client);
		checks.check(true, `signed in through the editor's sign-in form as ${stage.client.email}`);
		// A fresh tab per panel: leaving the edited, unsaved payout workflow would stop at "leave this page?".
		for (const panel of [
			payoutPanel,
			payoutOutputPanel,
			dryRunOutputPanel,
			credentialForm,
			payoutGetPanel,
			triggerPanel,
			pollingTriggerPanel,
		]) {
			const editor = await openTab();
			const saveScreenshot = (name: string) => browserTab.saveScreenshot(editor.page, name, log);
			await panel({ editor, stage, checks, saveScreenshot });
		}
		log(`browser part: ${seconds(Date.now() - browserStartedAt)}`);
		log(
			outside.size
				? `note: the editor tried to reach ${[...outside].join(', ')} (unreachable here)`
				: 'the editor requested nothing outside 127.0.0.1',
		);
	} catch (error) {
		if (error instanceof StopRequested) return;
		keepScratch = true;
		const failureShot = path.join(scratch, 'failure.png');
		if (page)
			await browserTab.captureFailure(page, failureShot, path.join(scratch, 'failure.html'), log);
		console.error(
			`\n[screenshots] FAILED: ${error instanceof CheckFailed ? '' : `${(error as Error).name}: `}${(error as Error).message}` +
				(page ? `\n[screenshots] the page at that moment: ${failureShot} (+ failure.html)` : '') +
				`\n[screenshots] n8n's log: ${path.join(scratch, 'n8n.log')}` +
				`\n[screenshots] ${checks.passed.length} checks passed before this one`,
		);
		process.exitCode = 1;
	} finally {
		await registry.stopAll();
	}
	if (keepScratch) return;
	log(
		`${checks.passed.length} checks passed; screenshots in ${path.relative(REPO_ROOT, browserTab.SHOTS_DIR)}/`,
	);
	log(`total ${seconds(Date.now() - STARTED_AT)}`);
}

main().catch((error) => {
	console.error(`[screenshots] ${error.message}`);
	process.exit(1);
});
