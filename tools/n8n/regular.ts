/** `n8n start` alone: one process, SQLite, what `npm run dev` and the e2e suite's regular project use. */
import fs from 'node:fs';
import path from 'node:path';

import { inspectPackage } from './communityPackage';
import { stringValues, type EnvValues } from './env';
import { startN8nProcess, type N8nProcess } from './n8nProcess';
import type { StopResult } from './processes';
import {
	assertPortFree,
	cacheDir,
	freePort,
	newCacheFolder,
	REPO_ROOT,
	runtimePaths,
} from './runtime';

export interface StartN8nOptions {
	/** N8N_USER_FOLDER (state in <userFolder>/.n8n); default: a new folder under .cache/n8n-instances/, removed
	 *  by stop() unless TYLT_N8N_KEEP_USER_FOLDER is set. */
	userFolder?: string;
	/** HTTP port; default: a free one. */
	port?: number;
	/** Task-broker port; default: a free one. */
	brokerPort?: number;
	/** Package installed as a community package; default: the repo root (must be built); null = none. */
	packageDir?: string | null;
	/** Name of the link; default: package.json's name. */
	packageName?: string;
	/** Extra or overriding environment variables (on top of env.sh's). */
	env?: EnvValues;
	/** Default 120000. */
	readyTimeoutMs?: number;
	/** n8n's output also goes there; default <userFolder>/n8n.log. */
	logFile?: string;
}

export interface N8nInstance extends Omit<N8nProcess, 'stop'> {
	/** SIGTERM to n8n's process group, SIGKILL after timeoutMs (15 s); resolves when none of it is left. */
	stop(options?: { timeoutMs?: number; keepUserFolder?: boolean }): Promise<StopResult>;
}

/** Starts `n8n start` and resolves once it is ready. If it throws, what it started is already stopped. */
export async function startN8n(options: StartN8nOptions = {}): Promise<N8nInstance> {
	const runtime = runtimePaths(cacheDir({ ...process.env, ...stringValues(options.env) }));
	const packageDir = options.packageDir === undefined ? REPO_ROOT : options.packageDir;
	if (packageDir) inspectPackage(packageDir, options.packageName);
	const port = options.port || (await freePort());
	let brokerPort = options.brokerPort || (await freePort());
	while (brokerPort === port) brokerPort = await freePort();
	await assertPortFree(port, 'n8n HTTP');
	await assertPortFree(brokerPort, 'n8n task broker');

	const ownFolder = !options.userFolder;
	const userFolder = options.userFolder
		? path.resolve(options.userFolder)
		: newCacheFolder('n8n-instances', 'n8n-');
	const n8n = await startN8nProcess('start', {
		runtime,
		name: 'n8n',
		userFolder,
		port,
		brokerPort,
		packageDir,
		packageName: options.packageName,
		env: options.env,
		logFile: options.logFile || path.join(userFolder, 'n8n.log'),
		readyTimeoutMs: options.readyTimeoutMs || 120000,
		stopTimeoutMs: 15000,
	});
	const stopProcess = n8n.stop;
	return Object.assign(n8n, {
		stop: async ({
			timeoutMs,
			keepUserFolder = false,
		}: { timeoutMs?: number; keepUserFolder?: boolean } = {}) => {
			const result = await stopProcess({ timeoutMs });
			if (ownFolder && !keepUserFolder && !process.env.TYLT_N8N_KEEP_USER_FOLDER) {
				fs.rmSync(userFolder, { recursive: true, force: true });
			}
			return result;
		},
	});
}
