'use strict';
/**
 * n8n in queue mode on this machine, built on n8n.js (which starts `n8n start` only): Redis and PostgreSQL,
 * throwaway and on 127.0.0.1 (free ports, no persistence), and the three n8n processes queue-mode users run,
 * all on that one database and Redis:
 *
 *   main               `n8n start`    editor, /rest, /api/v1; activates workflows, enqueues manual runs
 *   worker             `n8n worker`   runs every execution
 *   webhook processor  `n8n webhook`  production /webhook and /form requests; enqueues their executions
 *
 * Each process has a user folder of its own with this package linked into <userFolder>/.n8n/nodes/node_modules,
 * as on three machines or containers: every process that loads workflows needs the package installed.
 *
 *   const { startQueueMode } = require('./scripts/n8n/queue.js');
 *   const { setupOwner } = require('./scripts/n8n/n8n.js');
 *   const queue = await startQueueMode();            // { main, worker, webhook, redis, postgres, stop() }
 *   const client = await setupOwner(queue.main);     // the public API and /rest live on main
 *   // production URLs: queue.webhook.url + '/webhook/…'; queue.worker.logs has "Worker started execution 12"
 *   await queue.stop();                              // every process, then the database and Redis
 *
 * Redis comes from Debian's redis-server and PostgreSQL from Debian's postgresql: ensureQueueDependencies()
 * installs them with apt-get when they are missing and this process is root, and otherwise says what to install.
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user (the package creates it).
 */

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const {
	freePort,
	groupMembers,
	inspectPackage,
	killGroup,
	linkPackage,
	n8nEnv,
	runtimePaths,
	REPO_ROOT,
} = require('./n8n.js');

const HERE = __dirname;
const HOST = '127.0.0.1';
const MAX_LOG_CHARS = 4 * 1024 * 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------
// Redis and PostgreSQL binaries
// ---------------------------------------------------------------------------------------------------------

function isExecutable(file) {
	try {
		fs.accessSync(file, fs.constants.X_OK);
		return fs.statSync(file).isFile();
	} catch {
		return false;
	}
}

function pathDirs() {
	return [
		...(process.env.PATH || '').split(path.delimiter),
		'/usr/local/sbin',
		'/usr/local/bin',
		'/usr/sbin',
		'/usr/bin',
	].filter(Boolean);
}

function findRedisServer() {
	return (
		pathDirs()
			.map((dir) => path.join(dir, 'redis-server'))
			.find(isExecutable) || null
	);
}

/** The folder holding PostgreSQL's server programs (initdb, postgres): Debian keeps them in
 *  /usr/lib/postgresql/<major>/bin, off PATH; elsewhere they are on PATH. The newest major wins. */
function findPostgresBin() {
	const dirs = [];
	const debian = '/usr/lib/postgresql';
	if (fs.existsSync(debian)) {
		const majors = fs
			.readdirSync(debian)
			.filter((entry) => /^\d+(\.\d+)?$/.test(entry))
			.sort((a, b) => Number(b) - Number(a));
		dirs.push(...majors.map((major) => path.join(debian, major, 'bin')));
	}
	for (const dir of pathDirs()) {
		const initdb = path.join(dir, 'initdb');
		if (isExecutable(initdb)) dirs.push(path.dirname(fs.realpathSync(initdb)));
	}
	return (
		dirs.find(
			(dir) => isExecutable(path.join(dir, 'initdb')) && isExecutable(path.join(dir, 'postgres')),
		) || null
	);
}

function isRoot() {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Finds redis-server and PostgreSQL's server programs; installs the Debian packages that are missing with
 * apt-get when allowed (`install`, default true) and running as root. `apt-get update` runs only when the
 * first install attempt fails (stale or missing package lists on a fresh machine).
 * @returns {{redisServer:string, postgresBin:string, installed:string[], installMs:number}}
 */
function ensureQueueDependencies({ install = true, log = () => {} } = {}) {
	let redisServer = findRedisServer();
	let postgresBin = findPostgresBin();
	const missing = [];
	if (!redisServer) missing.push('redis-server');
	if (!postgresBin) missing.push('postgresql');
	if (!missing.length) return { redisServer, postgresBin, installed: [], installMs: 0 };

	const hasApt = pathDirs().some((dir) => isExecutable(path.join(dir, 'apt-get')));
	if (!install || !isRoot() || !hasApt) {
		throw new Error(
			`n8n queue mode needs ${missing.join(' and ')}, not found on this machine: ` +
				`install ${missing.join(' ')} (Debian: apt-get install ${missing.join(' ')})` +
				(install && !isRoot() ? ', or run as root to have it installed' : ''),
		);
	}
	const started = Date.now();
	const apt = (args) =>
		spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
		});
	const installArgs = ['install', '-y', '--no-install-recommends', ...missing];
	log(`installing ${missing.join(', ')} with apt-get`);
	let result = apt(installArgs);
	if (result.status !== 0) {
		log('apt-get install failed; apt-get update, then again');
		apt(['update']);
		result = apt(installArgs);
	}
	if (result.status !== 0) {
		throw new Error(
			`apt-get ${installArgs.join(' ')} failed (${result.status}):\n${tail(`${result.stdout}\n${result.stderr}`)}`,
		);
	}
	redisServer = findRedisServer();
	postgresBin = findPostgresBin();
	if (!redisServer || !postgresBin) {
		throw new Error(
			`apt-get installed ${missing.join(' ')} but redis-server or initdb is still missing`,
		);
	}
	const installMs = Date.now() - started;
	log(`installed ${missing.join(', ')} in ${installMs} ms`);
	return { redisServer, postgresBin, installed: missing, installMs };
}

// ---------------------------------------------------------------------------------------------------------
// Processes: own process group, log kept in memory and in a file, stopped as a group
// ---------------------------------------------------------------------------------------------------------

const liveGroups = new Set();
let exitHookInstalled = false;
function installExitHook() {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// Last resort when the caller forgets stop() or throws: leave nothing running.
	process.on('exit', () => {
		for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
	});
}

/**
 * Runs a server program in a process group of its own, stdin a pipe from this process. With
 * `watchParent: 'wrapper'` a small bash wrapper ends the program (SIGTERM) when that pipe closes, i.e. when
 * this process died without stopping it; n8n processes watch the pipe themselves (n8n-preload.js).
 */
function spawnService(
	name,
	file,
	args,
	{ env, cwd, uid, gid, logFile, watchParent, stopSignal = 'SIGTERM' },
) {
	fs.mkdirSync(path.dirname(logFile), { recursive: true });
	const logStream = fs.createWriteStream(logFile, { flags: 'a' });
	let logs = '';
	const appendLog = (chunk) => {
		logs += chunk.toString('utf8');
		if (logs.length > MAX_LOG_CHARS) logs = logs.slice(logs.length - MAX_LOG_CHARS);
		if (!logStream.writableEnded) logStream.write(chunk);
	};
	const [command, commandArgs] =
		watchParent === 'wrapper'
			? [
					'bash',
					[
						'-c',
						'exec 3<&0; "$@" & child=$!; ( cat <&3 >/dev/null; kill -TERM "$child" 2>/dev/null ) & wait "$child"',
						name,
						file,
						...args,
					],
				]
			: [file, args];
	const child = spawn(command, commandArgs, {
		cwd,
		env,
		uid,
		gid,
		detached: true,
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	child.stdin.on('error', () => {});
	child.stdout.on('data', appendLog);
	child.stderr.on('data', appendLog);
	let exitInfo = null;
	const exited = new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			exitInfo = { code, signal };
			resolve(exitInfo);
		});
		child.on('error', (error) => {
			appendLog(`spawn error: ${error.stack}\n`);
			exitInfo = exitInfo || { code: null, signal: null, error };
			resolve(exitInfo);
		});
	});
	if (child.pid) liveGroups.add(child.pid);
	installExitHook();

	let stopping = null;
	const service = {
		name,
		pid: child.pid,
		logFile,
		get logs() {
			return logs;
		},
		get exited() {
			return exitInfo !== null;
		},
		get exitInfo() {
			return exitInfo;
		},
		stop: ({ timeoutMs = 20000 } = {}) =>
			(stopping =
				stopping ||
				(async () => {
					const started = Date.now();
					if (child.pid) {
						killGroup(child.pid, stopSignal);
						const deadline = Date.now() + timeoutMs;
						while ((exitInfo === null || groupMembers(child.pid).length) && Date.now() < deadline) {
							await sleep(50);
						}
						if (exitInfo === null || groupMembers(child.pid).length) {
							appendLog(
								`[queue.js] ${name} still running ${timeoutMs} ms after ${stopSignal}: SIGKILL\n`,
							);
							killGroup(child.pid, 'SIGKILL');
							await Promise.race([exited, sleep(5000)]);
							const killDeadline = Date.now() + 5000;
							while (groupMembers(child.pid).length && Date.now() < killDeadline) await sleep(50);
						}
						liveGroups.delete(child.pid);
					}
					child.stdin.destroy();
					await new Promise((resolve) => logStream.end(resolve));
					return { ...(exitInfo || { code: null, signal: null }), stopMs: Date.now() - started };
				})()),
	};
	return service;
}

/** Polls `check` until it resolves true; fails early when the service exited, with its log. */
async function waitUntil(service, check, { timeoutMs, what }) {
	const started = Date.now();
	for (;;) {
		if (service.exited) {
			throw new Error(
				`${service.name} exited before ${what} (${JSON.stringify(service.exitInfo)}); log ${service.logFile}:\n${tail(service.logs)}`,
			);
		}
		if (await check().catch(() => false)) return Date.now() - started;
		if (Date.now() - started > timeoutMs) {
			throw new Error(
				`${service.name}: not ${what} after ${timeoutMs} ms; log ${service.logFile}:\n${tail(service.logs)}`,
			);
		}
		await sleep(100);
	}
}

function tail(text, lines = 40) {
	return String(text).split('\n').slice(-lines).join('\n');
}

/** Distinct free ports (the kernel hands them out; distinct within this call). */
async function freePorts(count) {
	const ports = new Set();
	while (ports.size < count) ports.add(await freePort());
	return [...ports];
}

// ---------------------------------------------------------------------------------------------------------
// Redis
// ---------------------------------------------------------------------------------------------------------

function redisPing(port) {
	return new Promise((resolve) => {
		const socket = net.connect({ host: HOST, port });
		let answer = '';
		socket.setTimeout(1000, () => socket.destroy());
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (chunk) => {
			answer += chunk;
			if (answer.includes('\r\n')) {
				socket.end();
				resolve(answer.startsWith('+PONG'));
			}
		});
		socket.on('error', () => resolve(false));
		socket.on('close', () => resolve(false));
	});
}

/** redis-server on 127.0.0.1, a free port, no RDB snapshots, no append-only file. */
async function startRedis({ redisServer, dir, logFile, timeoutMs = 30000 }) {
	const port = await freePort();
	fs.mkdirSync(dir, { recursive: true });
	const settings = {
		bind: HOST,
		port,
		save: '', // no RDB snapshots
		appendonly: 'no',
		dir,
		daemonize: 'no',
		'protected-mode': 'yes',
		logfile: '', // stdout, into the log file
	};
	const args = Object.entries(settings).flatMap(([name, value]) => [`--${name}`, String(value)]);
	const service = spawnService('redis', redisServer, args, {
		env: process.env,
		cwd: dir,
		logFile,
		watchParent: 'wrapper',
	});
	try {
		const readyMs = await waitUntil(service, () => redisPing(port), {
			timeoutMs,
			what: 'answering PING',
		});
		return Object.assign(service, { host: HOST, port, readyMs });
	} catch (error) {
		await service.stop();
		throw error;
	}
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------------------------------------

function postgresAccount() {
	if (!isRoot()) return {};
	const result = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
	const groups = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
	if (result.status !== 0 || groups.status !== 0) {
		throw new Error(
			'PostgreSQL cannot run as root and there is no "postgres" user (apt-get install postgresql creates it)',
		);
	}
	return { uid: Number(result.stdout.trim()), gid: Number(groups.stdout.trim()) };
}

/**
 * A new PostgreSQL cluster in a temporary folder (removed by stop()), on 127.0.0.1 and a free port, trust
 * authentication for loopback, fsync off: fast and disposable. Database `n8n`, user `n8n`.
 */
async function startPostgres({ postgresBin, logFile, timeoutMs = 60000 }) {
	const account = postgresAccount();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tylt-n8n-pg-'));
	if (account.uid !== undefined) fs.chownSync(dir, account.uid, account.gid);
	const dataDir = path.join(dir, 'data');
	const env = {
		PATH: process.env.PATH || '/usr/bin:/bin',
		HOME: dir,
		LANG: 'C.UTF-8',
		LC_ALL: 'C.UTF-8',
	};
	const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });

	const started = Date.now();
	const init = spawnSync(
		path.join(postgresBin, 'initdb'),
		[
			'-D',
			dataDir,
			'-U',
			'n8n',
			'--auth=trust',
			'--encoding=UTF8',
			'--locale=C.UTF-8',
			'--no-sync',
		],
		{ cwd: dir, env, ...account, encoding: 'utf8' },
	);
	if (init.status !== 0) {
		removeDir();
		throw new Error(`initdb failed (${init.status}):\n${tail(`${init.stdout}\n${init.stderr}`)}`);
	}
	const initMs = Date.now() - started;
	const port = await freePort();
	const settings = {
		port,
		listen_addresses: HOST,
		unix_socket_directories: dir, // not /var/run/postgresql
		fsync: 'off', // a throwaway cluster: speed over durability
		synchronous_commit: 'off',
		full_page_writes: 'off',
		max_connections: 100,
	};
	const args = [
		'-D',
		dataDir,
		...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
	];
	const service = spawnService('postgres', path.join(postgresBin, 'postgres'), args, {
		env,
		cwd: dir,
		...account,
		logFile,
		watchParent: 'wrapper',
		stopSignal: 'SIGINT', // fast shutdown: n8n is gone by then
	});
	try {
		await waitUntil(service, async () => /ready to accept connections/.test(service.logs), {
			timeoutMs,
			what: 'ready to accept connections',
		});
	} catch (error) {
		await service.stop();
		removeDir();
		throw error;
	}
	// A database of its own, as n8n's docs set it up (the new cluster has only "postgres").
	const created = spawnSync(
		path.join(postgresBin, 'createdb'),
		['-h', HOST, '-p', String(port), '-U', 'n8n', 'n8n'],
		{ cwd: dir, env: { ...env, PGCONNECT_TIMEOUT: '10' }, encoding: 'utf8' },
	);
	if (created.status !== 0) {
		await service.stop();
		removeDir();
		throw new Error(
			`createdb n8n failed (${created.status}):\n${tail(`${created.stdout}\n${created.stderr}`)}`,
		);
	}
	const stopService = service.stop;
	return Object.assign(service, {
		host: HOST,
		port,
		database: 'n8n',
		user: 'n8n',
		password: 'n8n',
		initMs,
		readyMs: Date.now() - started,
		stop: async (options) => {
			const result = await stopService(options);
			removeDir();
			return result;
		},
	});
}

// ---------------------------------------------------------------------------------------------------------
// n8n processes
// ---------------------------------------------------------------------------------------------------------

/** NODE_OPTIONS and settings for n8n-preload.js, as n8n.js sets them for `n8n start` (see n8n-preload.js):
 *  the linked package's peer dependencies resolve from n8n's install; n8n stops when this process dies. */
function preloadEnv(userFolder, runtime) {
	const packages = [];
	const modulesDir = path.join(userFolder, '.n8n', 'nodes', 'node_modules');
	const names = [];
	for (const entry of fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir) : []) {
		if (entry.startsWith('@')) {
			for (const scoped of fs.readdirSync(path.join(modulesDir, entry)))
				names.push(path.join(entry, scoped));
		} else {
			names.push(entry);
		}
	}
	for (const name of names) {
		const link = path.join(modulesDir, name);
		if (!fs.lstatSync(link).isSymbolicLink()) continue;
		try {
			const dir = fs.realpathSync(link);
			const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
			packages.push({ dir, peers: Object.keys(manifest.peerDependencies || {}) });
		} catch {
			// dangling link: n8n reports the package itself
		}
	}
	return {
		NODE_OPTIONS: `--require=${JSON.stringify(path.join(HERE, 'n8n-preload.js'))}`,
		TYLT_N8N_PEER_REDIRECT: JSON.stringify({ hostDir: runtime.n8nPackageDir, packages }),
		TYLT_N8N_PARENT_WATCH: '1',
	};
}

/**
 * Starts one n8n process (`start`, `worker` or `webhook`) on its own user folder with the package linked,
 * and resolves once GET <url>/healthz/readiness answers 200 (for a worker: its health server, enabled here).
 */
async function startN8nProcess(
	command,
	{
		runtime,
		userFolder,
		port,
		brokerPort,
		packageDir,
		packageName,
		env,
		webhookUrl,
		editorUrl,
		logFile,
		args = [],
		timeoutMs = 180000,
	},
) {
	fs.mkdirSync(path.join(userFolder, 'tmp'), { recursive: true });
	const linked = packageDir ? linkPackage(userFolder, packageDir, packageName) : null;
	const processEnv = n8nEnv({
		...preloadEnv(userFolder, runtime),
		...env,
		...(command === 'worker'
			? {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: port,
					N8N_WORKER_SERVER_ADDRESS: HOST,
				}
			: {}),
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: port,
		N8N_RUNNERS_BROKER_PORT: brokerPort,
		TYLT_N8N_CACHE: runtime.cache,
	});
	// env.sh derives these from each process's own port; in queue mode every process must give out the
	// webhook processor's URL (production webhooks and forms) and the main's (editor links).
	processEnv.N8N_WEBHOOK_URL = `${webhookUrl}/`;
	processEnv.WEBHOOK_URL = `${webhookUrl}/`;
	processEnv.N8N_EDITOR_BASE_URL = `${editorUrl}/`;
	const service = spawnService(
		command === 'start' ? 'main' : command,
		runtime.nodeBin,
		[runtime.n8nBin, command, ...args],
		{
			env: processEnv,
			cwd: userFolder,
			logFile,
		},
	);
	const url = `http://${HOST}:${port}`;
	const started = Date.now();
	try {
		await waitUntil(
			service,
			async () =>
				(await fetch(`${url}/healthz/readiness`, { signal: AbortSignal.timeout(2000) })).status ===
				200,
			{ timeoutMs, what: `ready (${url}/healthz/readiness)` },
		);
	} catch (error) {
		await service.stop();
		throw error;
	}
	return Object.assign(service, {
		command,
		url,
		port,
		brokerPort,
		userFolder,
		package: linked,
		env: processEnv,
		readyMs: Date.now() - started,
	});
}

/**
 * Redis + PostgreSQL + n8n main, worker and (by default) webhook processor in queue mode.
 *
 * @param {object}  [options]
 * @param {string|null} [options.packageDir]   package linked into every process's user folder (default: the
 *                                             repo root; must be built); null = none
 * @param {string}  [options.packageName]
 * @param {string}  [options.logDir]           where the five logs go (main.log, worker.log, webhook.log,
 *                                             redis.log, postgres.log); default: the run's folder
 * @param {boolean} [options.webhookProcessor=true]  start `n8n webhook` and let only it serve production
 *                                             webhooks (N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true)
 * @param {number}  [options.workers=1]       how many workers to start (`worker`, then `worker-2`, …)
 * @param {number}  [options.concurrency=5]   each worker's --concurrency (addWorker can set its own)
 * @param {object}  [options.env]              extra environment for all three n8n processes
 * @param {boolean} [options.install=true]     apt-get install redis-server / postgresql when missing (root only)
 * @param {(line:string)=>void} [options.log]
 * @returns {Promise<{main, worker, workers, webhook, redis, postgres, url:string, webhookUrl:string,
 *   folder:string, timings:object, addWorker, stop:()=>Promise<object>}>}  `worker` is workers[0];
 *   main/worker/webhook: { url, port, userFolder, logs, logFile,
 *   pid, readyMs, exited, stop() }. stop() ends the n8n processes, then PostgreSQL and Redis, and removes the
 *   run's folder (kept with TYLT_N8N_KEEP_USER_FOLDER=1); it is safe to call twice.
 */
async function startQueueMode(options = {}) {
	const log = options.log || (() => {});
	const timings = {};
	let started = Date.now();
	const deps = ensureQueueDependencies({ install: options.install !== false, log });
	timings.dependenciesMs = Date.now() - started;
	const runtime = runtimePaths();
	const packageDir = options.packageDir === undefined ? REPO_ROOT : options.packageDir;
	if (packageDir) inspectPackage(packageDir, options.packageName);
	const webhookProcessor = options.webhookProcessor !== false;

	const root = path.join(REPO_ROOT, '.cache', 'n8n-queue');
	fs.mkdirSync(root, { recursive: true });
	const folder = fs.mkdtempSync(path.join(root, 'run-'));
	const logDir = options.logDir || folder;
	fs.mkdirSync(logDir, { recursive: true });
	const logFile = (name) => {
		const file = path.join(logDir, `${name}.log`);
		fs.rmSync(file, { force: true });
		return file;
	};

	const workerCount = options.workers === undefined ? 1 : options.workers;
	if (!Number.isInteger(workerCount) || workerCount < 1) {
		throw new Error(`options.workers must be a whole number >= 1, got ${options.workers}`);
	}
	/** Every worker started so far, the first one also as stack.worker. */
	const stack = { folder, timings, dependencies: deps, workers: [] };
	let stopping = null;
	stack.stop = () =>
		(stopping =
			stopping ||
			(async () => {
				const stopStarted = Date.now();
				const n8nProcesses = [stack.webhook, ...stack.workers, stack.main].filter(Boolean);
				await Promise.allSettled(n8nProcesses.map((each) => each.stop()));
				await Promise.allSettled(
					[stack.postgres, stack.redis].filter(Boolean).map((each) => each.stop()),
				);
				if (!process.env.TYLT_N8N_KEEP_USER_FOLDER)
					fs.rmSync(folder, { recursive: true, force: true });
				return { stopMs: Date.now() - stopStarted };
			})());

	try {
		started = Date.now();
		[stack.redis, stack.postgres] = await Promise.all([
			startRedis({
				redisServer: deps.redisServer,
				dir: path.join(folder, 'redis'),
				logFile: logFile('redis'),
			}),
			startPostgres({ postgresBin: deps.postgresBin, logFile: logFile('postgres') }),
		]);
		timings.redisAndPostgresMs = Date.now() - started;

		const [mainPort, webhookPort, ...brokerPorts] = await freePorts(4);
		const url = `http://${HOST}:${mainPort}`;
		const webhookUrl = webhookProcessor ? `http://${HOST}:${webhookPort}` : url;
		const shared = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: HOST,
			QUEUE_BULL_REDIS_PORT: stack.redis.port,
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: HOST,
			DB_POSTGRESDB_PORT: stack.postgres.port,
			DB_POSTGRESDB_DATABASE: stack.postgres.database,
			DB_POSTGRESDB_USER: stack.postgres.user,
			DB_POSTGRESDB_PASSWORD: stack.postgres.password,
			// Manual runs (the editor's Execute button, POST /rest/workflows/:id/run) go to the workers too, as
			// they always will from n8n 3 on.
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_DISABLE_PRODUCTION_MAIN_PROCESS: webhookProcessor ? 'true' : 'false',
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
			...options.env,
		};
		const common = {
			runtime,
			packageDir,
			packageName: options.packageName,
			env: shared,
			webhookUrl,
			editorUrl: url,
		};

		// Main first: it runs the database migrations and seeds the instance identity the others read.
		started = Date.now();
		stack.main = await startN8nProcess('start', {
			...common,
			userFolder: path.join(folder, 'main'),
			port: mainPort,
			brokerPort: brokerPorts[0],
			logFile: logFile('main'),
		});
		timings.mainMs = Date.now() - started;

		/**
		 * One more worker (scaling out), with its own user folder, name (`worker`, `worker-2`, …: its folder and
		 * log) and --concurrency; `packageDir: null` starts one without the package, as a worker on a machine
		 * where nobody installed it. stop() stops it too.
		 */
		const addWorker = async ({
			name = stack.workers.length === 0 ? 'worker' : `worker-${stack.workers.length + 1}`,
			packageDir: workerPackage = packageDir,
			concurrency = options.concurrency || 5,
		} = {}) => {
			const [port, brokerPort] = await freePorts(2);
			const worker = await startN8nProcess('worker', {
				...common,
				packageDir: workerPackage,
				userFolder: path.join(folder, name),
				port,
				brokerPort,
				logFile: logFile(name),
				args: [`--concurrency=${concurrency}`],
			});
			stack.workers.push(worker);
			return worker;
		};

		started = Date.now();
		// One after another: each names itself after the workers before it (and two n8n boots at once on a
		// small machine take as long as one after the other).
		const workers = (async () => {
			for (let count = 0; count < workerCount; count++) await addWorker();
			stack.worker = stack.workers[0];
		})();
		const webhook = webhookProcessor
			? startN8nProcess('webhook', {
					...common,
					userFolder: path.join(folder, 'webhook'),
					port: webhookPort,
					brokerPort: brokerPorts[1],
					logFile: logFile('webhook'),
				}).then((each) => (stack.webhook = each))
			: Promise.resolve(null);
		const results = await Promise.allSettled([workers, webhook]);
		const failed = results.find((result) => result.status === 'rejected');
		if (failed) throw failed.reason;
		timings.workersAndWebhookMs = Date.now() - started;

		stack.url = url;
		stack.webhookUrl = webhookUrl;
		/** The queue-mode settings every n8n process got (on top of env.sh and its own folder and ports). */
		stack.env = shared;
		stack.addWorker = addWorker;
		return stack;
	} catch (error) {
		await stack.stop();
		throw error;
	}
}

module.exports = {
	startQueueMode,
	ensureQueueDependencies,
	startRedis,
	startPostgres,
	startN8nProcess,
	findRedisServer,
	findPostgresBin,
};

if (require.main === module) {
	// node scripts/n8n/queue.js [--install-only]: installs what queue mode needs, or starts the stack, prints
	// where everything is and keeps it running until Ctrl-C.
	(async () => {
		if (process.argv.includes('--install-only')) {
			const deps = ensureQueueDependencies({ log: (line) => console.log(`[queue] ${line}`) });
			console.log(`[queue] redis-server ${deps.redisServer}, PostgreSQL ${deps.postgresBin}`);
			return;
		}
		const queue = await startQueueMode({ log: (line) => console.log(`[queue] ${line}`) });
		console.log(
			`[queue] main ${queue.main.url}  worker ${queue.worker.url}  webhook ${queue.webhookUrl}`,
		);
		console.log(
			`[queue] redis ${queue.redis.port}  postgres ${queue.postgres.port}  ${JSON.stringify(queue.timings)}`,
		);
		console.log(`[queue] logs in ${path.dirname(queue.main.logFile)}; Ctrl-C stops everything`);
		for (const signal of ['SIGINT', 'SIGTERM']) {
			process.on(signal, () => void queue.stop().then(() => process.exit(0)));
		}
	})().catch((error) => {
		console.error(`[queue] ${error.stack || error.message}`);
		process.exit(1);
	});
}
