'use strict';
/**
 * Debian's Chromium for driving n8n's editor offline: installed with apt when missing (the machine reaches
 * Debian's packages but no browser download site), launched with puppeteer-core in a throwaway profile and a
 * throwaway HOME, because Chromium writes crash reports and dconf caches under HOME even with --user-data-dir.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const CHROMIUM = '/usr/bin/chromium';
const APT_PACKAGES = ['chromium', 'fonts-dejavu-core'];

// Headless, no GPU, no network of its own (updates, sync, field trials): the only pages are n8n's.
const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-dev-shm-usage',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
];

function seconds(ms) {
	return `${(ms / 1000).toFixed(1)} s`;
}

/** Runs one apt command with its output shown; throws with the command on failure. */
function apt(args, log) {
	const command = ['apt-get', ...args];
	log(`$ ${command.join(' ')}`);
	const startedAt = Date.now();
	const result = spawnSync(command[0], command.slice(1), {
		stdio: 'inherit',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
	});
	if (result.status !== 0) {
		throw new Error(
			`${command.join(' ')} failed (${result.error ? result.error.message : `exit ${result.status}`})`,
		);
	}
	const ms = Date.now() - startedAt;
	log(`  ${seconds(ms)}`);
	return ms;
}

/**
 * Makes sure /usr/bin/chromium exists, installing Debian's package when it does not.
 * @returns {{installed:boolean, updateMs?:number, installMs?:number, version:string}}
 */
function ensureChromium(log = console.log) {
	let timings = { installed: false };
	if (!fs.existsSync(CHROMIUM)) {
		log(`${CHROMIUM} is missing: installing ${APT_PACKAGES.join(' ')} from Debian`);
		const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
		if (!hasApt) {
			throw new Error(
				`${CHROMIUM} is missing and apt-get is not available: install Chromium so that ${CHROMIUM} exists`,
			);
		}
		if (typeof process.getuid === 'function' && process.getuid() !== 0) {
			throw new Error(
				`${CHROMIUM} is missing and installing it needs root: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${APT_PACKAGES.join(' ')}`,
			);
		}
		const updateMs = apt(['update'], log);
		const installMs = apt(['install', '-y', '--no-install-recommends', ...APT_PACKAGES], log);
		if (!fs.existsSync(CHROMIUM))
			throw new Error(`apt installed chromium but ${CHROMIUM} is still missing`);
		timings = { installed: true, updateMs, installMs };
	}
	const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
	return { ...timings, version };
}

/**
 * Launches Chromium through puppeteer-core with a fresh profile and HOME under `scratchDir`.
 * @returns {Promise<import('puppeteer-core').Browser>}
 */
async function launchChromium(scratchDir, { width, height }) {
	const puppeteer = require('puppeteer-core');
	const home = path.join(scratchDir, 'home');
	const profile = path.join(scratchDir, 'profile');
	for (const dir of [home, profile, path.join(home, '.config'), path.join(home, '.cache')]) {
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

function scratchDir(prefix) {
	return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

module.exports = { ensureChromium, launchChromium, scratchDir, CHROMIUM };
