/**
 * Preloaded into every n8n process the tooling starts (NODE_OPTIONS=--require=<this file>). It runs as
 * TypeScript because the runtime's Node 24 strips erasable types natively: keep it to erasable syntax (no
 * enums, namespaces or parameter properties) and to node: imports, since nothing compiles it first.
 *
 * 1. Peer dependencies from n8n (TYLT_N8N_PEER_REDIRECT). n8n installs a community package without its peer
 *    and dev dependencies, so the package's `require('n8n-workflow')` finds n8n's own copy. Our package is a
 *    symlink to the repo and Node resolves from the real path, so it would find the repo's devDependency copy
 *    instead: two n8n-workflow instances, where `error instanceof NodeApiError` disagrees between the node and
 *    n8n. Here the package's peer dependencies resolve from n8n's install, as in production.
 *
 * 2. Parent watch (TYLT_N8N_PARENT_WATCH=1). n8n's stdin is a pipe from the process that started it; when
 *    that process dies in any way (a crashed or killed test run included), the pipe closes and n8n shuts down
 *    instead of living on. Only the n8n process itself watches: the variable is removed before n8n starts
 *    its task runner.
 */
import Module from 'node:module';
import path from 'node:path';

interface PeerRedirect {
	/** A folder inside n8n's install. */
	hostDir: string;
	/** Linked packages, by real path. */
	packages: Array<{ dir: string; peers: string[] }>;
}

type ResolveFilename = (
	request: string,
	parent: unknown,
	isMain: boolean,
	options: unknown,
) => string;
/** Node's internal resolver: the one hook that sees who is asking. */
const resolver = Module as unknown as {
	_resolveFilename: ResolveFilename;
	_nodeModulePaths(from: string): string[];
};

if (process.env.TYLT_N8N_PARENT_WATCH === '1') {
	delete process.env.TYLT_N8N_PARENT_WATCH;
	const shutDown = () => {
		// stdout/stderr were pipes to the dead parent too: writing there now fails with EPIPE, and n8n's
		// logger retrying that keeps it from ever finishing its shutdown.
		for (const stream of [process.stdout, process.stderr]) {
			stream.on('error', () => {});
			stream.write = (_chunk: unknown, encoding?: unknown, callback?: unknown) => {
				const done = typeof encoding === 'function' ? encoding : callback;
				if (typeof done === 'function') process.nextTick(done as () => void);
				return true;
			};
		}
		process.kill(process.pid, 'SIGTERM');
	};
	process.stdin.on('end', shutDown);
	process.stdin.on('error', shutDown);
	process.stdin.resume();
}

function readConfig(): PeerRedirect | null {
	try {
		return JSON.parse(process.env.TYLT_N8N_PEER_REDIRECT || 'null') as PeerRedirect | null;
	} catch {
		return null;
	}
}

const config = readConfig();
const packages = (config?.packages ?? [])
	.filter((entry) => entry?.dir && Array.isArray(entry.peers) && entry.peers.length)
	.map((entry) => ({
		prefix: entry.dir.endsWith(path.sep) ? entry.dir : entry.dir + path.sep,
		peers: new Set(entry.peers),
	}));

if (config?.hostDir && packages.length) {
	const host = new Module(path.join(config.hostDir, '__tylt_peer_host__.js'));
	host.filename = host.id;
	host.paths = resolver._nodeModulePaths(config.hostDir);
	const originalResolve = resolver._resolveFilename;

	resolver._resolveFilename = function resolveFilename(
		this: unknown,
		request,
		parent,
		isMain,
		options,
	) {
		const from = (parent as { filename?: unknown } | null)?.filename;
		const linked =
			typeof from === 'string' && packages.find((entry) => from.startsWith(entry.prefix));
		if (linked) {
			const parts = request.split('/');
			const name = request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
			if (linked.peers.has(name)) return originalResolve.call(this, request, host, isMain, options);
		}
		return originalResolve.call(this, request, parent, isMain, options);
	};
}
