/** One n8n process (`n8n start`, `worker` or `webhook`) under the runtime's Node 24, with a package linked. */
import fs from 'node:fs';
import path from 'node:path';

import { linkPackage, type LinkedPackage } from './communityPackage';
import { n8nEnv, preloadEnv, type EnvValues } from './env';
import { spawnProcess, waitUntil, type RunningProcess } from './processes';
import { HOST, type RuntimePaths } from './runtime';

/** What `n8n start` prints once it serves the editor, the APIs and the active workflows. */
const EDITOR_READY = 'Editor is now accessible via';

export type N8nCommand = 'start' | 'worker' | 'webhook';

export interface N8nProcess extends RunningProcess {
	command: N8nCommand;
	url: string;
	port: number;
	brokerPort: number;
	userFolder: string;
	/** The linked package, null when started without one. */
	package: LinkedPackage | null;
	env: Record<string, string>;
	readyMs: number;
}

export interface N8nProcessOptions {
	runtime: RuntimePaths;
	/** Shown in errors and the log ('n8n', 'main', 'worker-2', …). */
	name: string;
	userFolder: string;
	port: number;
	brokerPort: number;
	/** Package installed as a community package; null = none. */
	packageDir: string | null;
	packageName?: string;
	env?: EnvValues;
	/** What every process of a queue-mode stack must give out instead of its own URL (see below). */
	publicUrls?: { webhookUrl: string; editorUrl: string };
	logFile: string;
	args?: string[];
	readyTimeoutMs: number;
	stopTimeoutMs: number;
}

/** Starts the process and resolves once GET <url>/healthz/readiness answers 200 (a worker's health server,
 *  enabled here); if that fails, the process is stopped and the error names its log. */
export async function startN8nProcess(
	command: N8nCommand,
	options: N8nProcessOptions,
): Promise<N8nProcess> {
	const { runtime, userFolder, port, brokerPort } = options;
	fs.mkdirSync(path.join(userFolder, 'tmp'), { recursive: true });
	const linked = options.packageDir
		? linkPackage(userFolder, options.packageDir, options.packageName)
		: null;
	const env = n8nEnv({
		...preloadEnv(userFolder, runtime),
		...options.env,
		...(command === 'worker'
			? {
					QUEUE_HEALTH_CHECK_ACTIVE: true,
					QUEUE_HEALTH_CHECK_PORT: port,
					N8N_WORKER_SERVER_ADDRESS: HOST,
				}
			: {}),
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: port,
		N8N_RUNNERS_BROKER_PORT: brokerPort,
		TYLT_N8N_CACHE: runtime.cache,
	});
	if (options.publicUrls) {
		// env.sh derives these from each process's own port; in queue mode every process must give out the
		// webhook processor's URL (production webhooks and forms) and main's (editor links).
		env.N8N_WEBHOOK_URL = env.WEBHOOK_URL = `${options.publicUrls.webhookUrl}/`;
		env.N8N_EDITOR_BASE_URL = `${options.publicUrls.editorUrl}/`;
	}
	const started = Date.now();
	const running = spawnProcess(
		options.name,
		runtime.nodeBin,
		[runtime.n8nBin, command, ...(options.args ?? [])],
		{
			env,
			cwd: userFolder,
			logFile: options.logFile,
			watchParent: 'preload',
			stopTimeoutMs: options.stopTimeoutMs,
		},
	);
	const url = `http://${HOST}:${port}`;
	const readiness = `${url}/healthz/readiness`;
	// n8n 1.x answers readiness 200 once its database is migrated, before its REST API and active workflows
	// are up; `n8n start` prints EDITOR_READY after both, in 1.x and 2.x alike.
	const awaitsEditorLine = command === 'start';
	await waitUntil(
		running,
		async () =>
			(!awaitsEditorLine || running.logs.includes(EDITOR_READY)) &&
			(await fetch(readiness, { signal: AbortSignal.timeout(2000) })).status === 200,
		{
			timeoutMs: options.readyTimeoutMs,
			what: `ready (${readiness}${awaitsEditorLine ? ` and "${EDITOR_READY}" logged` : ''})`,
		},
	);
	return Object.assign(running, {
		command,
		url,
		port,
		brokerPort,
		userFolder,
		package: linked,
		env,
		readyMs: Date.now() - started,
	});
}
