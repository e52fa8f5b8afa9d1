/**
 * One real n8n and one TYLT sandbox for the whole e2e run, started in jest's main process.
 * The test files reach both over HTTP; what they need to know travels in TYLT_E2E (see support/context.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

import { startSandbox } from '../sandbox';
import type { TyltSandbox } from '../sandbox';
import type { E2eState } from './support/context';
import { REPO_ROOT, setupOwner, startN8n, type N8nInstance } from '../tools/n8n';

/** Distinctive, so a callback signed with anything else is recognisably forged. */
const SANDBOX_SECRET = 'e2e-sandbox-secret-3f9a1c';
export const CREDENTIAL_NAME = 'TYLT sandbox';
/** n8n's log of the last run, kept after the run (the instance's own folder is deleted). */
export const N8N_LOG = path.join(REPO_ROOT, '.cache', 'n8n-e2e', 'n8n.log');
/**
 * The only folder n8n may read and write files in (N8N_RESTRICT_FILE_ACCESS_TO; n8n 2.x defaults to
 * ~/.n8n-files): examples/spreadsheet-payouts.json reads its CSV and writes the statuses here.
 */
export const FILES_DIR = path.join(REPO_ROOT, '.cache', 'n8n-e2e', 'files');

interface Running {
	n8n?: N8nInstance;
	sandbox?: TyltSandbox;
}

declare global {
	// Shared with globalTeardown, which runs in the same context.
	// eslint-disable-next-line no-var
	var tyltE2e: Running | undefined;
}

export async function stopAll(running: Running | undefined): Promise<void> {
	await Promise.allSettled([running?.n8n?.stop(), running?.sandbox?.close()]);
}

export default async function globalSetup(): Promise<void> {
	const running: Running = {};
	globalThis.tyltE2e = running;
	const started = Date.now();
	try {
		// Payouts settle only when a test advances the sandbox clock: no test waits on a real timer.
		running.sandbox = await startSandbox({
			autoSettle: false,
			completionDelayMs: 5000,
			apiSecret: SANDBOX_SECRET,
		});
		fs.mkdirSync(path.dirname(N8N_LOG), { recursive: true });
		fs.rmSync(N8N_LOG, { force: true });
		fs.rmSync(FILES_DIR, { recursive: true, force: true });
		fs.mkdirSync(FILES_DIR, { recursive: true });
		running.n8n = await startN8n({
			logFile: N8N_LOG,
			env: { N8N_RESTRICT_FILE_ACCESS_TO: FILES_DIR },
		});
		const client = await setupOwner(running.n8n);
		const credential = await client.createCredential({
			name: CREDENTIAL_NAME,
			type: 'tyltApi',
			data: {
				apiKey: running.sandbox.apiKey,
				apiSecret: running.sandbox.apiSecret,
				baseUrl: running.sandbox.url,
			},
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
			sandbox: {
				url: running.sandbox.url,
				apiKey: running.sandbox.apiKey,
				apiSecret: running.sandbox.apiSecret,
			},
			credential: { id: credential.id, name: credential.name },
			filesDir: FILES_DIR,
		};
		process.env.TYLT_E2E = JSON.stringify(state);
		console.log(
			`\n[e2e] n8n ${running.n8n.url} (ready in ${running.n8n.readyMs} ms, log ${N8N_LOG}), ` +
				`sandbox ${running.sandbox.url}; setup ${Date.now() - started} ms`,
		);
	} catch (error) {
		// globalTeardown does not run when globalSetup fails: stop here what was started.
		await stopAll(running);
		throw error;
	}
}
