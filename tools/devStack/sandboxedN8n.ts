/**
 * The TYLT sandbox and a real n8n with this package, an owner and a "TYLT sandbox" credential pointing at the
 * sandbox: what `npm run dev` and `npm run screenshots` both stand on. Each is added to `registry` as soon as
 * it runs, so a Ctrl-C at any moment stops exactly what was started.
 */
import { startSandbox, type SandboxOptions, type TyltSandbox } from '../../sandbox';
import {
	setupOwner,
	startN8n,
	type N8nClient,
	type N8nInstance,
	type ProcessRegistry,
	type StartN8nOptions,
} from '../n8n';

const SANDBOX_CREDENTIAL_NAME = 'TYLT sandbox';

export interface SandboxedN8n {
	sandbox: TyltSandbox;
	n8n: N8nInstance;
	client: N8nClient;
	credential: { id: string; name: string };
}

export async function startSandboxedN8n(
	registry: ProcessRegistry,
	options: {
		sandbox?: SandboxOptions;
		n8n?: StartN8nOptions;
		owner?: Parameters<typeof setupOwner>[1];
		/** Called between the sandbox's start and n8n's (the dev command says what comes next). */
		beforeN8n?: () => void;
	} = {},
): Promise<SandboxedN8n> {
	const sandbox = await startSandbox(options.sandbox);
	await registry.add(`TYLT sandbox (${sandbox.url})`, () => sandbox.close());
	options.beforeN8n?.();
	const n8n = await startN8n(options.n8n);
	await registry.add(`n8n (${n8n.url})`, () => n8n.stop());
	const client = await setupOwner(n8n, options.owner);
	const stored = await client.createCredential({
		name: SANDBOX_CREDENTIAL_NAME,
		type: 'tyltApi',
		data: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url },
	});
	return { sandbox, n8n, client, credential: { id: String(stored.id), name: stored.name } };
}
