'use strict';
/**
 * Preloaded into every n8n process that n8n.js starts (NODE_OPTIONS=--require=<this file>). Two jobs:
 *
 * 1. Peer dependencies from n8n (TYLT_N8N_PEER_REDIRECT). n8n installs a community package without its peer
 *    and dev dependencies, so the package's `require('n8n-workflow')` finds n8n's own copy. Our package is a
 *    symlink to the repo and Node resolves from the real path, so it would find the repo's devDependency copy
 *    instead: two n8n-workflow instances, where `error instanceof NodeApiError` disagrees between the node and
 *    n8n. Here the package's peer dependencies resolve from n8n's install, as in production.
 *    Config: { hostDir: a folder inside n8n's install, packages: [{ dir: real path, peers: [names] }] }.
 *
 * 2. Parent watch (TYLT_N8N_PARENT_WATCH=1). n8n.js gives n8n a stdin pipe; when the process that started
 *    n8n dies in any way (a crashed or killed test run included), the pipe closes and n8n shuts down
 *    instead of living on. Only the n8n main process watches: the variable is removed before n8n starts its
 *    task runner.
 */
const Module = require('node:module');
const path = require('node:path');

if (process.env.TYLT_N8N_PARENT_WATCH === '1') {
	delete process.env.TYLT_N8N_PARENT_WATCH;
	const shutDown = () => {
		// stdout/stderr were pipes to the dead parent too: writing there now fails with EPIPE, and n8n's
		// logger retrying that keeps it from ever finishing its shutdown.
		for (const stream of [process.stdout, process.stderr]) {
			stream.on('error', () => {});
			stream.write = (_chunk, encoding, callback) => {
				const done = typeof encoding === 'function' ? encoding : callback;
				if (typeof done === 'function') process.nextTick(done);
				return true;
			};
		}
		process.kill(process.pid, 'SIGTERM');
	};
	process.stdin.on('end', shutDown);
	process.stdin.on('error', shutDown);
	process.stdin.resume();
}

const config = (() => {
	try {
		return JSON.parse(process.env.TYLT_N8N_PEER_REDIRECT || 'null');
	} catch {
		return null;
	}
})();

const packages = ((config && config.packages) || [])
	.filter((entry) => entry && entry.dir && Array.isArray(entry.peers) && entry.peers.length)
	.map((entry) => ({
		prefix: entry.dir.endsWith(path.sep) ? entry.dir : entry.dir + path.sep,
		peers: new Set(entry.peers),
	}));

if (packages.length && config.hostDir) {
	const host = new Module(path.join(config.hostDir, '__tylt_peer_host__.js'), null);
	host.filename = host.id;
	host.paths = Module._nodeModulePaths(config.hostDir);
	const originalResolve = Module._resolveFilename;

	Module._resolveFilename = function resolveFilename(request, parent, isMain, options) {
		const from = parent && typeof parent.filename === 'string' ? parent.filename : '';
		const linked = from && packages.find((entry) => from.startsWith(entry.prefix));
		if (linked) {
			const parts = request.split('/');
			const name = request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
			if (linked.peers.has(name)) return originalResolve.call(this, request, host, isMain, options);
		}
		return originalResolve.call(this, request, parent, isMain, options);
	};
}
