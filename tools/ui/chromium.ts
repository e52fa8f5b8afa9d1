/**
 * Debian's Chromium for driving n8n's editor offline: installed with apt when missing (the machine reaches
 * Debian's packages but no browser download site), launched with puppeteer-core in a throwaway profile and a
 * throwaway HOME, because Chromium writes crash reports and dconf caches under HOME even with --user-data-dir.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';

import { installDebianPackages } from '../system/debianPackages';

const CHROMIUM = '/usr/bin/chromium';
const APT_PACKAGES = ['chromium', 'fonts-dejavu-core'];

// Headless, no GPU, no network of its own (updates, sync, field trials, QUIC): the only pages are n8n's.
const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--disable-dev-shm-usage',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
];

/** Makes sure /usr/bin/chromium exists (apt-get install when it does not); logs its version. */
export function ensureChromium(log: (line: string) => void): void {
	if (!fs.existsSync(CHROMIUM)) {
		log(`${CHROMIUM} is missing`);
		installDebianPackages(APT_PACKAGES, {
			purpose: 'npm run screenshots and the e2e editor check (e2e/newNodeLists.test.ts)',
			log,
		});
		if (!fs.existsSync(CHROMIUM))
			throw new Error(`apt installed chromium but ${CHROMIUM} is still missing`);
	}
	log(`using ${spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
}

/** Launches Chromium through puppeteer-core with a fresh profile and HOME under `scratchDir`. */
export async function launchChromium(
	scratchDir: string,
	{ width, height }: { width: number; height: number },
): Promise<Browser> {
	// puppeteer-core 25 is an ES module: required here, under Node ≥ 22.12, not when this file loads.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const puppeteer = require('puppeteer-core') as typeof import('puppeteer-core');
	const home = path.join(scratchDir, 'home');
	const profile = path.join(scratchDir, 'profile');
	for (const dir of [profile, path.join(home, '.config'), path.join(home, '.cache')]) {
		fs.mkdirSync(dir, { recursive: true });
	}
	return await puppeteer.launch({
		executablePath: CHROMIUM,
		headless: true,
		userDataDir: profile,
		args: [...CHROMIUM_FLAGS, `--window-size=${width},${height}`],
		defaultViewport: { width, height },
		// A step that hangs (a blocked page) fails after 30 s rather than puppeteer's default 180 s.
		protocolTimeout: 30000,
		env: {
			...process.env,
			HOME: home,
			XDG_CONFIG_HOME: path.join(home, '.config'),
			XDG_CACHE_HOME: path.join(home, '.cache'),
		},
	});
}
