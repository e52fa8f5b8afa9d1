/**
 * What the entry points in scripts/ do before they start anything: run a command with its output shown and
 * its time logged, and build the package when dist/ is missing or older than its sources.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../n8n';

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Runs `command` in the repository with its output shown; throws with `what` when it fails. */
function runStep(
	what: string,
	command: string,
	args: string[],
	log: (line: string) => void,
	env: NodeJS.ProcessEnv = {},
): void {
	const startedAt = Date.now();
	const result = spawnSync(command, args, {
		cwd: REPO_ROOT,
		stdio: 'inherit',
		env: { ...process.env, ...env },
	});
	if (result.status !== 0) {
		throw new Error(`${what} failed (${result.error?.message ?? `exit ${result.status}`})`);
	}
	log(`${what}: ${seconds(Date.now() - startedAt)}`);
}

/** What the build reads: a change to any of these makes dist/ stale. */
const BUILD_INPUTS = [
	'nodes',
	'credentials',
	'package.json',
	'tsconfig.json',
	'tsconfig.build.json',
	'gulpfile.js',
];

function newestChange(file: string): number {
	const stat = fs.statSync(file);
	if (!stat.isDirectory()) return stat.mtimeMs;
	return Math.max(0, ...fs.readdirSync(file).map((entry) => newestChange(path.join(file, entry))));
}

/** `npm run build` unless every file package.json's `n8n` section names exists and is newer than the sources. */
export function buildIfStale(log: (line: string) => void): void {
	const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
	const built = [...manifest.n8n.nodes, ...manifest.n8n.credentials].map((file: string) => {
		const output = path.join(REPO_ROOT, file);
		return fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
	});
	const sources = Math.max(
		...BUILD_INPUTS.map((input) => newestChange(path.join(REPO_ROOT, input))),
	);
	if (Math.min(...built) > sources) log('dist/ is up to date with the sources: no build');
	else runStep('npm run build', 'npm', ['run', 'build', '--silent'], log);
}
