/** n8n's public API (/api/v1, API key) and internal REST API (/rest, login cookie), as the editor uses them. */
import { isFinished, isFinishedWithData, withStatus, type Execution } from './executions';
import { sleep } from './processes';

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, any>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	onError?: string;
	[setting: string]: unknown;
}

/** A workflow as createWorkflow sends it (n8n assigns the id). */
export interface WorkflowJson {
	name: string;
	nodes: WorkflowNode[];
	connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: string; index: number }>> }
	>;
	settings?: Record<string, unknown>;
	staticData?: Record<string, unknown>;
}

export interface StoredWorkflow extends WorkflowJson {
	id: string;
	active: boolean;
}

export class N8nHttpError extends Error {
	constructor(
		method: string,
		url: string,
		readonly status: number,
		readonly body: unknown,
	) {
		const shown = typeof body === 'string' ? body : JSON.stringify(body);
		super(`${method} ${url} → HTTP ${status}: ${String(shown).slice(0, 2000)}`);
		this.name = 'N8nHttpError';
	}
}

async function request(
	method: string,
	url: string,
	{
		headers = {},
		body,
		expectStatus,
	}: { headers?: Record<string, string>; body?: unknown; expectStatus?: number[] } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
	const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
	if (body !== undefined) {
		init.headers = { ...init.headers, 'content-type': 'application/json' };
		init.body = JSON.stringify(body);
	}
	const response = await fetch(url, init);
	const text = await response.text();
	let parsed: unknown = text;
	try {
		parsed = text ? JSON.parse(text) : null;
	} catch {
		// keep the text
	}
	const ok = expectStatus ? expectStatus.includes(response.status) : response.ok;
	if (!ok) throw new N8nHttpError(method, url, response.status, parsed);
	return { status: response.status, headers: response.headers, body: parsed };
}

/**
 * Creates the owner (possible only while none exists), logs in, creates a public-API key with every scope
 * the owner may grant, and returns a client. On a reused user folder pass the same email and password: it
 * logs in (and creates another API key).
 */
export async function setupOwner(
	n8n: { url: string },
	owner: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<N8nClient> {
	const { url } = n8n;
	const email = owner.email || 'owner@example.com';
	const password = owner.password || 'Tylt-e2e-Passw0rd!';
	const setupUrl = `${url}/rest/owner/setup`;
	const setup = await request('POST', setupUrl, {
		body: {
			email,
			password,
			firstName: owner.firstName || 'E2E',
			lastName: owner.lastName || 'Owner',
		},
		expectStatus: [200, 400],
	});
	if (setup.status === 400 && !/already/i.test(JSON.stringify(setup.body))) {
		throw new N8nHttpError('POST', setupUrl, setup.status, setup.body);
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
	const client = new N8nClient({ url, cookie, apiKey: '', scopes: [], email, password });
	client.scopes = (await client.rest<{ data: string[] }>('GET', '/api-keys/scopes')).data;
	const key = await client.rest<{ data: { rawApiKey: string } }>('POST', '/api-keys', {
		label: `e2e-${Date.now()}`,
		scopes: client.scopes,
		expiresAt: null,
	});
	client.apiKey = key.data.rawApiKey;
	return client;
}

/** What a client needs to act as the owner. */
export interface N8nSession {
	url: string;
	cookie: string;
	apiKey: string;
	scopes: string[];
	email: string;
	password: string;
}

// The session's fields, assigned whole in the constructor.
export interface N8nClient extends N8nSession {}

export class N8nClient {
	/** Set once n8n refused a status filter on executions (older 1.x). */
	private filtersStatusLocally = false;

	constructor(session: N8nSession) {
		Object.assign(this, session);
	}

	/** Public API (/api/v1, API key) → the parsed body; N8nHttpError (.status, .body) on a non-2xx answer. */
	async api<T = unknown>(method: string, apiPath: string, body?: unknown): Promise<T> {
		return await this.call(method, `/api/v1${apiPath}`, { 'x-n8n-api-key': this.apiKey }, body);
	}

	/** Internal REST API (/rest, login cookie) → the parsed body (usually `{ data }`). */
	async rest<T = unknown>(method: string, restPath: string, body?: unknown): Promise<T> {
		return await this.call(method, `/rest${restPath}`, { cookie: this.cookie }, body);
	}

	private async call(
		method: string,
		urlPath: string,
		headers: Record<string, string>,
		body?: unknown,
	) {
		return (await request(method, `${this.url}${urlPath}`, { headers, body })).body;
	}

	/** Node types the server knows (/types/nodes.json), those whose name starts with `prefix`. */
	async nodeTypes(prefix = ''): Promise<Array<{ name: string; version: number | number[] }>> {
		const types: Array<{ name: string; version: number | number[] }> = await this.call(
			'GET',
			'/types/nodes.json',
			{ cookie: this.cookie },
		);
		return types.filter((type) => type.name.startsWith(prefix));
	}

	async createCredential(credential: {
		name: string;
		type: string;
		data: Record<string, unknown>;
	}): Promise<{ id: string; name: string; type: string }> {
		try {
			return await this.api('POST', '/credentials', credential);
		} catch (error) {
			// n8n 1.x adds "Allowed HTTP Request Domains" to credentials that authenticate requests, and its public
			// API then requires allowedDomains unless that field is set. The editor stores its default, 'all'.
			if (!(error instanceof N8nHttpError && /allowedDomains/.test(JSON.stringify(error.body)))) {
				throw error;
			}
			return await this.api('POST', '/credentials', {
				...credential,
				data: { allowedHttpRequestDomains: 'all', ...credential.data },
			});
		}
	}

	/** Sends only the fields the public API accepts (`id`, `active`, tags etc. are n8n's to set). */
	async createWorkflow(workflow: WorkflowJson): Promise<StoredWorkflow> {
		const { name = 'e2e workflow', nodes, connections = {}, staticData } = workflow;
		const settings = workflow.settings ?? { executionOrder: 'v1' };
		return await this.api('POST', '/workflows', { name, nodes, connections, settings, staticData });
	}

	async getWorkflow(id: string): Promise<StoredWorkflow> {
		return await this.api('GET', `/workflows/${id}`);
	}

	/** Activates (publishes) a workflow. Its production webhooks answer ~0.2 s later: use waitForWebhook. */
	async activate(id: string): Promise<StoredWorkflow> {
		return await this.api('POST', `/workflows/${id}/activate`);
	}

	async deactivate(id: string): Promise<StoredWorkflow> {
		return await this.api('POST', `/workflows/${id}/deactivate`);
	}

	/**
	 * Resolves once a production webhook is registered, without triggering it: n8n answers a CORS preflight
	 * (OPTIONS with an Origin header) with 204 for a registered path and 404 otherwise. `webhook`: a full URL
	 * or a path such as "tylt-callback" (→ <url>/webhook/tylt-callback). → ms waited
	 */
	async waitForWebhook(
		webhook: string,
		{ method = 'POST', timeoutMs = 15000 }: { method?: string; timeoutMs?: number } = {},
	): Promise<number> {
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

	/** Executions of a workflow, newest first (follows the cursor). n8n leaves out executions still running
	 *  unless asked for status 'running'. */
	async listExecutions(
		workflowId: string,
		{
			includeData = false,
			status,
			limit = 250,
		}: { includeData?: boolean; status?: string; limit?: number } = {},
	): Promise<Execution[]> {
		const results: Execution[] = [];
		let cursor: string | undefined;
		do {
			const query = new URLSearchParams({
				workflowId,
				includeData: String(includeData),
				limit: String(Math.min(limit, 250)),
			});
			if (status && !this.filtersStatusLocally) query.set('status', status);
			if (cursor) query.set('cursor', cursor);
			let page: { data: Execution[]; nextCursor?: string };
			try {
				page = await this.api('GET', `/executions?${query}`);
			} catch (error) {
				// n8n 1.100 filters only error, success and waiting: from then on ask for all, filter here.
				if (!(status && error instanceof N8nHttpError && error.status === 400)) throw error;
				if (this.filtersStatusLocally) throw error;
				this.filtersStatusLocally = true;
				return await this.listExecutions(workflowId, { includeData, status, limit });
			}
			results.push(
				...page.data.map(withStatus).filter((execution) => !status || execution.status === status),
			);
			cursor = page.nextCursor;
		} while (cursor && results.length < limit);
		return results.slice(0, limit);
	}

	async getExecution(
		id: string,
		{ includeData = true }: { includeData?: boolean } = {},
	): Promise<Execution> {
		return withStatus(await this.api('GET', `/executions/${id}?includeData=${includeData}`));
	}

	/** Waits until the workflow has at least `count` finished executions → them, oldest first, with data. */
	async waitForExecutions(workflowId: string, count = 1, timeoutMs = 15000): Promise<Execution[]> {
		const started = Date.now();
		for (;;) {
			const executions = await this.listExecutions(workflowId, { includeData: true });
			const finished = executions.filter(isFinished);
			if (finished.length >= count) return finished.sort((a, b) => Number(a.id) - Number(b.id));
			if (Date.now() - started > timeoutMs) {
				const statuses = executions.map((execution) => execution.status).join(', ') || 'none';
				throw new Error(
					`workflow ${workflowId}: ${finished.length} of ${count} executions finished after ${timeoutMs} ms (statuses: ${statuses})`,
				);
			}
			await sleep(100);
		}
	}

	/**
	 * Runs a stored workflow once as the editor's "Execute workflow" button does (POST /rest/workflows/:id/run
	 * with `triggerToStartFrom`), waits for it to finish → the execution with its run data. It needs a Manual
	 * Trigger, or `triggerNode` naming another trigger whose data is pinned.
	 */
	async runWorkflowOnce(
		workflowId: string,
		{ triggerNode, timeoutMs = 30000 }: { triggerNode?: string; timeoutMs?: number } = {},
	): Promise<Execution> {
		const workflow = await this.getWorkflow(workflowId);
		const name =
			triggerNode ??
			workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger')?.name;
		if (!name)
			throw new Error(`workflow ${workflowId} has no Manual Trigger; pass { triggerNode }`);
		// n8n 1.x runs the workflowData the editor sends; 2.x runs the stored workflow and drops that field.
		const started = await this.rest<{ data?: { executionId?: string } }>(
			'POST',
			`/workflows/${workflowId}/run`,
			{
				workflowData: workflow,
				triggerToStartFrom: { name },
			},
		);
		const executionId = started.data?.executionId;
		if (!executionId)
			throw new Error(`workflow ${workflowId} did not start: ${JSON.stringify(started)}`);
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			try {
				const execution = await this.getExecution(executionId);
				if (isFinishedWithData(execution)) return execution;
			} catch (error) {
				if (!(error instanceof N8nHttpError && error.status === 404)) throw error;
			}
			if (Date.now() > deadline)
				throw new Error(`execution ${executionId} not finished after ${timeoutMs} ms`);
			await sleep(100);
		}
	}

	/**
	 * Runs a credential type's `test` as the editor's "Test" button does (POST /rest/credentials/test). Without
	 * `id` the data is tested as given (an unsaved credential); with `id` the stored credential, `data` (if
	 * any) replacing its stored values.
	 */
	async testCredential({
		type = 'tyltApi',
		data,
		id = '',
		name = '',
	}: { type?: string; data?: Record<string, unknown>; id?: string; name?: string } = {}): Promise<{
		status: 'OK' | 'Error';
		message: string;
	}> {
		let testData = data;
		if (id && !testData) {
			testData = (
				await this.rest<{ data: { data: Record<string, unknown> } }>(
					'GET',
					`/credentials/${id}?includeData=true`,
				)
			).data.data;
		}
		const test = async (credentials: Record<string, unknown>) =>
			(
				await this.rest<{ data: { status: 'OK' | 'Error'; message: string } }>(
					'POST',
					'/credentials/test',
					{ credentials },
				)
			).data;
		try {
			return await test({ id, name, type, data: testData ?? {} });
		} catch (error) {
			// n8n 1.x tests stored credentials only (its editor saves before testing): 403 for unsaved data. Test a
			// stored copy, then delete it.
			if (id || !(error instanceof N8nHttpError && error.status === 403)) throw error;
			const stored = await this.createCredential({
				name: `credential test ${Date.now()}`,
				type,
				data: testData ?? {},
			});
			try {
				return await test({ id: stored.id, name: stored.name, type, data: testData ?? {} });
			} finally {
				await this.api('DELETE', `/credentials/${stored.id}`);
			}
		}
	}
}
