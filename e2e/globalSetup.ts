/**
 * One real n8n and one TYLT sandbox for the whole e2e run, started in jest's main process.
 * The test files reach both over HTTP; what they need to know travels in TYLT_E2E (see support/context.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

import { startSandboxedN8n } from '../tools/devStack/sandboxedN8n';
import {
	DEFAULT_N8N_VERSION,
	DEFAULT_NODE_MAJOR,
	installedN8nVersion,
	n8nVersion,
	nodeMajor,
	ProcessRegistry,
	REPO_ROOT,
	runtimePaths,
} from '../tools/n8n';
import type { E2eState } from './support/context';

/** Distinctive, so a callback signed with anything else is recognisably forged. */
const SANDBOX_SECRET = 'e2e-sandbox-secret-3f9a1c';

/** '' for the default runtime; `-<version>` or `-<version>-node<major>` for the compat smoke's others. */
function runtimeSuffix(): string {
	const version = n8nVersion();
	if (nodeMajor() !== DEFAULT_NODE_MAJOR) return `-${version}-node${nodeMajor()}`;
	return version === DEFAULT_N8N_VERSION ? '' : `-${version}`;
}
/**
 * What a run keeps after it ends, one folder per runtime (.cache/n8n-e2e/ on the default one), so the compat
 * smoke running beside the default runtime's e2e (npm run test:all) keeps logs and files of its own.
 */
const RUN_DIR = path.join(REPO_ROOT, '.cache', `n8n-e2e${runtimeSuffix()}`);
/** n8n's log of the last run, kept after the run (the instance's own folder is deleted). */
export const N8N_LOG = path.join(RUN_DIR, 'n8n.log');
/**
 * The only folder n8n may read and write files in (N8N_RESTRICT_FILE_ACCESS_TO; n8n 2.x defaults to
 * ~/.n8n-files): examples/spreadsheet-payouts.json reads its CSV and writes the statuses here.
 */
export const FILES_DIR = path.join(RUN_DIR, 'files');

declare global {
	// What globalSetup started, for globalTeardown (the same context).
	// eslint-disable-next-line no-var
	var tyltE2e: ProcessRegistry | undefined;
}

export default async function globalSetup(): Promise<void> {
	const registry = new ProcessRegistry();
	globalThis.tyltE2e = registry;
	const started = Date.now();
	try {
		fs.mkdirSync(path.dirname(N8N_LOG), { recursive: true });
		fs.rmSync(N8N_LOG, { force: true });
		fs.rmSync(FILES_DIR, { recursive: true, force: true });
		fs.mkdirSync(FILES_DIR, { recursive: true });
		const { sandbox, n8n, client, credential } = await startSandboxedN8n(registry, {
			// Payouts settle only when a test advances the sandbox clock: no test waits on a real timer.
			sandbox: { autoSettle: false, completionDelayMs: 5000, apiSecret: SANDBOX_SECRET },
			n8n: { logFile: N8N_LOG, env: { N8N_RESTRICT_FILE_ACCESS_TO: FILES_DIR } },
		});
		const state: E2eState = {
			n8n: {
				url: client.url,
				cookie: client.cookie,
				apiKey: client.apiKey,
				email: client.email,
				password: client.password,
				logFile: N8N_LOG,
			},
			sandbox: { url: sandbox.url, apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret },
			credential: { id: credential.id, name: credential.name },
			filesDir: FILES_DIR,
		};
		process.env.TYLT_E2E = JSON.stringify(state);
		console.log(
			`\n[e2e] n8n ${installedN8nVersion(runtimePaths())} ${n8n.url} (ready in ${n8n.readyMs} ms, log ${N8N_LOG}), ` +
				`sandbox ${sandbox.url}; setup ${Date.now() - started} ms`,
		);
	} catch (error) {
		// globalTeardown does not run when globalSetup fails: stop here what was started.
		await registry.stopAll();
		throw error;
	}
}
