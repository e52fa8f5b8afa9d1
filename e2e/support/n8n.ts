/**
 * scripts/n8n/n8n.js (plain CommonJS, shared with `npm run dev`), typed for the parts this suite uses.
 */
export interface NodeExecutionRun {
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
	error?: { message: string };
}

export interface Execution {
	id: string;
	status: 'success' | 'error' | 'crashed' | 'canceled' | 'running' | 'waiting' | 'new';
	mode: string;
	workflowId: string;
	data?: {
		resultData: {
			runData: Record<string, NodeExecutionRun[]>;
			error?: { message: string; description?: string; node?: { name: string } };
			lastNodeExecuted?: string;
		};
	};
}

export interface WorkflowJson {
	name: string;
	nodes: Array<{
		id: string;
		name: string;
		type: string;
		typeVersion: number;
		position: [number, number];
		parameters: Record<string, any>;
		credentials?: Record<string, { id: string; name: string }>;
		webhookId?: string;
		onError?: string;
	}>;
	connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: string; index: number }>> }
	>;
	settings?: Record<string, unknown>;
}

export interface StoredWorkflow extends WorkflowJson {
	id: string;
	active: boolean;
}

export interface N8nClient {
	url: string;
	apiKey: string;
	cookie: string;
	email: string;
	password: string;
	createCredential(credential: {
		name: string;
		type: string;
		data: Record<string, string | number | boolean>;
	}): Promise<{ id: string; name: string; type: string }>;
	/** Node types the server knows (/types/nodes.json), optionally those whose name starts with `prefix`. */
	nodeTypes(prefix?: string): Promise<Array<{ name: string; version: number | number[] }>>;
	createWorkflow(workflow: WorkflowJson): Promise<StoredWorkflow>;
	getWorkflow(id: string): Promise<StoredWorkflow>;
	activate(id: string): Promise<StoredWorkflow>;
	deactivate(id: string): Promise<StoredWorkflow>;
	waitForWebhook(
		urlOrPath: string,
		options?: { method?: string; timeoutMs?: number },
	): Promise<number>;
	listExecutions(
		workflowId: string,
		options?: { includeData?: boolean; status?: string; limit?: number },
	): Promise<Execution[]>;
	waitForExecutions(workflowId: string, count: number, timeoutMs?: number): Promise<Execution[]>;
	runWorkflowOnce(
		workflowId: string,
		options?: { triggerNode?: string; timeoutMs?: number },
	): Promise<Execution>;
	testCredential(credential: {
		type?: string;
		data?: Record<string, string>;
		id?: string;
		name?: string;
	}): Promise<{ status: 'OK' | 'Error'; message: string }>;
}

export interface N8nInstance {
	url: string;
	port: number;
	userFolder: string;
	logFile: string;
	readyMs: number;
	readonly logs: string;
	readonly exited: boolean;
	stop(options?: { timeoutMs?: number; keepUserFolder?: boolean }): Promise<{ stopMs: number }>;
}

interface N8nLibrary {
	startN8n(options?: {
		userFolder?: string;
		port?: number;
		packageDir?: string | null;
		logFile?: string;
		env?: Record<string, string>;
	}): Promise<N8nInstance>;
	setupOwner(
		n8n: { url: string },
		owner?: { email?: string; password?: string },
	): Promise<N8nClient>;
	N8nClient: new (options: {
		url: string;
		cookie: string;
		apiKey: string;
		scopes: string[];
		email: string;
		password: string;
	}) => N8nClient;
	nodeOutput(
		execution: Execution,
		nodeName: string,
		options?: { run?: number; output?: number },
	): Array<Record<string, any>>;
	REPO_ROOT: string;
}

// The library is plain JavaScript without declarations, so it is required and typed here once.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const n8nLibrary = require('../../scripts/n8n/n8n.js') as N8nLibrary;
export const { startN8n, setupOwner, nodeOutput, REPO_ROOT } = n8nLibrary;
