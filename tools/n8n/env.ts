/** The environment of an n8n process: env.sh (the one place for the N8N_* settings) plus the preload's. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { linkedPackages } from './communityPackage';
import type { RuntimePaths } from './runtime';

const ENV_SH = path.join(__dirname, 'env.sh');
export const PRELOAD = path.join(__dirname, 'preload.ts');

export type EnvValues = Record<string, string | number | boolean | null | undefined>;

export function stringValues(values: EnvValues = {}): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(values)) {
		if (value !== undefined && value !== null) out[key] = String(value);
	}
	return out;
}

/**
 * This process's environment without what a test runner adds (NODE_ENV=test switches n8n into its own test
 * mode, NODE_OPTIONS may preload ts-node or jest hooks), then `overrides`, then env.sh on top (which keeps
 * per-instance values that are already set).
 */
export function n8nEnv(overrides: EnvValues = {}): Record<string, string> {
	const base: NodeJS.ProcessEnv = { ...process.env };
	for (const key of ['NODE_ENV', 'NODE_OPTIONS', 'NODE_PATH']) delete base[key];
	for (const key of Object.keys(base)) if (key.startsWith('npm_')) delete base[key];
	Object.assign(base, stringValues(overrides));
	const result = spawnSync('bash', ['-c', 'set -e; source "$1"; env -0', 'env.sh', ENV_SH], {
		env: base,
		encoding: 'utf8',
		maxBuffer: 16 * 1024 * 1024,
	});
	if (result.status !== 0) {
		throw new Error(`sourcing ${ENV_SH} failed (${result.status}): ${result.stderr}`);
	}
	const env: Record<string, string> = {};
	for (const entry of result.stdout.split('\0')) {
		const eq = entry.indexOf('=');
		if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
	}
	return env;
}

/** NODE_OPTIONS and settings for preload.ts (see there): peers from n8n's install, stop with this process. */
export function preloadEnv(userFolder: string, runtime: RuntimePaths): Record<string, string> {
	return {
		NODE_OPTIONS: `--require=${JSON.stringify(PRELOAD)}`,
		TYLT_N8N_PEER_REDIRECT: JSON.stringify({
			hostDir: runtime.n8nPackageDir,
			packages: linkedPackages(userFolder),
		}),
		TYLT_N8N_PARENT_WATCH: '1',
	};
}
