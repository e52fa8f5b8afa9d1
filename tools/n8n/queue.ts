/**
 * n8n in queue mode on this machine: Redis and PostgreSQL (services.ts) and the three kinds of n8n process
 * queue-mode users run, all on that one database and Redis:
 *
 *   main               `n8n start`    editor, /rest, /api/v1; activates workflows, enqueues manual runs
 *   worker             `n8n worker`   runs every execution
 *   webhook processor  `n8n webhook`  production /webhook and /form requests; enqueues their executions
 *
 * Each process has a user folder of its own with the package linked into <userFolder>/.n8n/nodes/node_modules,
 * as on separate machines: every process that loads workflows needs the package installed.
 *
 * By hand: `npx ts-node --transpile-only tools/n8n/queue.ts [--install-only]` prints where everything is and
 * keeps it running until Ctrl-C.
 */
import fs from 'node:fs';
import path from 'node:path';

import { inspectPackage } from './communityPackage';
import type { EnvValues } from './env';
import { startN8nProcess, type N8nProcess, type N8nProcessOptions } from './n8nProcess';
import { ProcessRegistry } from './processes';
import { freePorts, HOST, newCacheFolder, REPO_ROOT, runtimePaths } from './runtime';
import {
	ensureQueueDependencies,
	startPostgres,
	startRedis,
	type PostgresService,
	type QueueDependencies,
	type QueueService,
} from './services';

export type QueueProcess = N8nProcess;
export type { QueueService };

export interface StartQueueModeOptions {
	/** Linked into every process's user folder; default: the repo root (must be built); null = none. */
	packageDir?: string | null;
	packageName?: string;
	/** Where main.log, worker.log, webhook.log, redis.log, postgres.log go; default: the run's folder. */
	logDir?: string;
	/** Start `n8n webhook` and let only it serve production webhooks (default true). */
	webhookProcessor?: boolean;
	/** How many workers to start (`worker`, then `worker-2`, …); default 1. */
	workers?: number;
	/** Each worker's --concurrency (default 5; addWorker can set its own). */
	concurrency?: number;
	/** Extra environment for every n8n process. */
	env?: EnvValues;
	/** apt-get install redis-server / postgresql when missing (root only); default true. */
	install?: boolean;
	log?: (line: string) => void;
}

export interface QueueMode {
	main: QueueProcess;
	/** The first worker (workers[0]). */
	worker: QueueProcess;
	/** Every worker started, addWorker's included and removeWorker's left out. */
	workers: QueueProcess[];
	/** The process serving production webhooks and forms: the webhook processor (main without one). */
	webhook: QueueProcess;
	redis: QueueService;
	postgres: PostgresService;
	/** main's URL (editor, /rest, /api/v1) */
	url: string;
	/** the webhook processor's URL (production /webhook and /form) */
	webhookUrl: string;
	folder: string;
	timings: Record<string, number>;
	dependencies: QueueDependencies;
	/** The queue-mode settings every n8n process got (on top of env.sh and its own folder and ports). */
	env: EnvValues;
	/** One more worker (scaling out) with its own folder, log and --concurrency; `packageDir: null` = without
	 *  the package, as on a machine where nobody installed it. Stopped by stop(). */
	addWorker(options?: {
		name?: string;
		packageDir?: string | null;
		concurrency?: number;
	}): Promise<QueueProcess>;
	/** Stops a worker addWorker started and takes it off `workers` (scaling back in); the first worker stays. */
	removeWorker(worker: QueueProcess): Promise<void>;
	/** Every n8n process, then PostgreSQL and Redis; removes the run's folder (kept with
	 *  TYLT_N8N_KEEP_USER_FOLDER=1). The same promise on every call. */
	stop(): Promise<{ stopMs: number }>;
}

/** Redis + PostgreSQL + n8n main, worker(s) and (by default) a webhook processor in queue mode. If it throws,
 *  what it started is already stopped. */
export async function startQueueMode(options: StartQueueModeOptions = {}): Promise<QueueMode> {
	const log = options.log ?? (() => {});
	const timings: Record<string, number> = {};
	let started = Date.now();
	const dependencies = ensureQueueDependencies({ install: options.install !== false, log });
	timings.dependenciesMs = Date.now() - started;
	const runtime = runtimePaths();
	const packageDir = options.packageDir === undefined ? REPO_ROOT : options.packageDir;
	if (packageDir) inspectPackage(packageDir, options.packageName);
	const workerCount = options.workers ?? 1;
	if (!Number.isInteger(workerCount) || workerCount < 1) {
		throw new Error(`options.workers must be a whole number >= 1, got ${options.workers}`);
	}

	const folder = newCacheFolder('n8n-queue', 'run-');
	const logDir = options.logDir || folder;
	fs.mkdirSync(logDir, { recursive: true });
	const logFile = (name: string) => {
		const file = path.join(logDir, `${name}.log`);
		fs.rmSync(file, { force: true });
		return file;
	};
	const parts = new ProcessRegistry({ log });
	await parts.add('queue folder', async () => {
		if (!process.env.TYLT_N8N_KEEP_USER_FOLDER) fs.rmSync(folder, { recursive: true, force: true });
	});
	let stopping: Promise<{ stopMs: number }> | undefined;
	const stop = () =>
		(stopping ??= (async () => {
			const stopStarted = Date.now();
			await parts.stopAll();
			return { stopMs: Date.now() - stopStarted };
		})());
	/** Starts the part and registers it; rejects only after every part started alongside has settled. */
	const startAll = async <T extends { name: string; stop(): Promise<unknown> }>(
		starts: Array<Promise<T>>,
	) => {
		const results = await Promise.allSettled(
			starts.map(async (start) => {
				const part = await start;
				await parts.add(part.name, () => part.stop());
				return part;
			}),
		);
		const failed = results.find((result) => result.status === 'rejected');
		if (failed) throw failed.reason;
		return results.map((result) => (result as PromiseFulfilledResult<T>).value);
	};

	try {
		started = Date.now();
		const [redis, postgres] = await startAll<QueueService>([
			startRedis({
				redisServer: dependencies.redisServer,
				dir: path.join(folder, 'redis'),
				logFile: logFile('redis'),
			}),
			startPostgres({ postgresBin: dependencies.postgresBin, logFile: logFile('postgres') }),
		]);
		timings.redisAndPostgresMs = Date.now() - started;

		const [mainPort, webhookPort, ...brokerPorts] = await freePorts(4);
		const url = `http://${HOST}:${mainPort}`;
		const webhookProcessor = options.webhookProcessor !== false;
		const webhookUrl = webhookProcessor ? `http://${HOST}:${webhookPort}` : url;
		const pg = postgres as PostgresService;
		const env: EnvValues = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: HOST,
			QUEUE_BULL_REDIS_PORT: redis.port,
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: HOST,
			DB_POSTGRESDB_PORT: pg.port,
			DB_POSTGRESDB_DATABASE: pg.database,
			DB_POSTGRESDB_USER: pg.user,
			DB_POSTGRESDB_PASSWORD: pg.password,
			// Manual runs (the editor's Execute button, POST /rest/workflows/:id/run) go to the workers too, as
			// they always will from n8n 3 on.
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: true,
			N8N_DISABLE_PRODUCTION_MAIN_PROCESS: webhookProcessor,
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: 10,
			...options.env,
		};
		const n8nProcess = (
			command: 'start' | 'worker' | 'webhook',
			name: string,
			settings: Pick<N8nProcessOptions, 'port' | 'brokerPort'> & Partial<N8nProcessOptions>,
		) =>
			startN8nProcess(command, {
				runtime,
				name,
				userFolder: path.join(folder, name),
				packageDir,
				packageName: options.packageName,
				env,
				publicUrls: { webhookUrl, editorUrl: url },
				logFile: logFile(name),
				readyTimeoutMs: 180000,
				stopTimeoutMs: 20000,
				...settings,
			});

		// Main first: it runs the database migrations and seeds the instance identity the others read.
		started = Date.now();
		const [main] = await startAll([
			n8nProcess('start', 'main', { port: mainPort, brokerPort: brokerPorts[0] }),
		]);
		timings.mainMs = Date.now() - started;

		const workers: QueueProcess[] = [];
		// Default names count every worker ever added: one removed leaves its name (and its folder) taken.
		let workersAdded = 0;
		const addWorker: QueueMode['addWorker'] = async ({
			name = workersAdded === 0 ? 'worker' : `worker-${workersAdded + 1}`,
			packageDir: workerPackage = packageDir,
			concurrency = options.concurrency || 5,
		} = {}) => {
			workersAdded++;
			const [port, brokerPort] = await freePorts(2);
			const [worker] = await startAll([
				n8nProcess('worker', name, {
					port,
					brokerPort,
					packageDir: workerPackage,
					args: [`--concurrency=${concurrency}`],
				}),
			]);
			workers.push(worker);
			return worker;
		};
		const removeWorker: QueueMode['removeWorker'] = async (worker) => {
			const index = workers.indexOf(worker);
			if (index < 1) {
				throw new Error(
					`removeWorker: ${worker.name} is ${index === 0 ? 'the first worker' : 'not a running worker'}`,
				);
			}
			await worker.stop();
			workers.splice(index, 1);
		};

		started = Date.now();
		// Workers one after another: each names itself after the ones before it (and two n8n boots at once on a
		// small machine take as long as one after the other).
		const [startedWorkers, startedWebhook] = await Promise.allSettled([
			(async () => {
				for (let count = 0; count < workerCount; count++) await addWorker();
			})(),
			webhookProcessor
				? startAll([
						n8nProcess('webhook', 'webhook', { port: webhookPort, brokerPort: brokerPorts[1] }),
					])
				: [main],
		]);
		if (startedWorkers.status === 'rejected') throw startedWorkers.reason;
		if (startedWebhook.status === 'rejected') throw startedWebhook.reason;
		timings.workersAndWebhookMs = Date.now() - started;
		return {
			main,
			worker: workers[0],
			workers,
			webhook: startedWebhook.value[0],
			redis,
			postgres: pg,
			url,
			webhookUrl,
			folder,
			timings,
			dependencies,
			env,
			addWorker,
			removeWorker,
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

if (require.main === module) {
	const log = (line: string) => console.log(`[queue] ${line}`);
	(async () => {
		if (process.argv.includes('--install-only')) {
			const { redisServer, postgresBin } = ensureQueueDependencies({ log });
			log(`redis-server ${redisServer}, PostgreSQL ${postgresBin}`);
			return;
		}
		const running = new ProcessRegistry({ log });
		running.stopOnSignals();
		const queue = await startQueueMode({ log });
		await running.add('queue mode', queue.stop);
		log(
			`main ${queue.url}  workers ${queue.workers.map((each) => each.url).join(' ')}  webhook ${queue.webhookUrl}`,
		);
		log(
			`redis ${queue.redis.port}  postgres ${queue.postgres.port}  ${JSON.stringify(queue.timings)}`,
		);
		log(`logs in ${path.dirname(queue.main.logFile)}; Ctrl-C stops everything`);
	})().catch((error: Error) => {
		console.error(`[queue] ${error.stack ?? error.message}`);
		process.exit(1);
	});
}
