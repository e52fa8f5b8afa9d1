/**
 * Programs the tooling needs from Debian (Redis and PostgreSQL for queue mode, Chromium for the screenshots):
 * found on PATH or in the system folders, installed with apt-get when missing and this process is root.
 * The machines this runs on reach Debian's package mirror but no vendor download site.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function isExecutable(file: string): boolean {
	try {
		fs.accessSync(file, fs.constants.X_OK);
		return fs.statSync(file).isFile();
	} catch {
		return false;
	}
}

// Root's sbin folders are often missing from a non-login PATH, and redis-server lives there on Debian.
const SYSTEM_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin'];

/** The full path of `program` when it is on PATH or in a system folder. */
export const onPath = (program: string): string | undefined =>
	[...(process.env.PATH || '').split(path.delimiter), ...SYSTEM_DIRS]
		.filter(Boolean)
		.map((dir) => path.join(dir, program))
		.find(isExecutable);

export const isRoot = () => process.getuid?.() === 0;

/**
 * Installs `packages` with apt-get (no recommends, non-interactive, waiting up to 5 min for dpkg's lock);
 * `apt-get update` only when the first try fails (stale or missing package lists on a fresh machine).
 * Throws, naming what to install by hand, when this process may not: `allowed` false, not root, or no apt-get.
 * `purpose` says who needs them, for those messages. Answers the time taken.
 */
export function installDebianPackages(
	packages: string[],
	{
		purpose,
		allowed = true,
		log,
	}: { purpose: string; allowed?: boolean; log: (line: string) => void },
): number {
	const byHand = `apt-get install ${packages.join(' ')}`;
	if (!allowed || !isRoot() || !onPath('apt-get')) {
		throw new Error(
			`${purpose} needs ${packages.join(' and ')}, not found on this machine: install it (Debian: ${byHand})` +
				(allowed && !isRoot() ? ', or run as root to have it installed' : ''),
		);
	}
	const startedAt = Date.now();
	const apt = (args: string[]) =>
		spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
		});
	const installArgs = ['install', '-y', '--no-install-recommends', ...packages];
	log(`installing ${packages.join(', ')} with apt-get`);
	let result = apt(installArgs);
	if (result.status !== 0) {
		log('apt-get install failed; apt-get update, then again');
		apt(['update']);
		result = apt(installArgs);
	}
	if (result.status !== 0) {
		const output = `${result.stdout}\n${result.stderr}`.split('\n').slice(-40).join('\n');
		throw new Error(`apt-get ${installArgs.join(' ')} failed (${result.status}):\n${output}`);
	}
	const ms = Date.now() - startedAt;
	log(`installed ${packages.join(', ')} in ${ms} ms`);
	return ms;
}
