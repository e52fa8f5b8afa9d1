/** What every case gets: options, the sandbox, worker processes and (started on first use) a real n8n. */
import type { BenchJobs, SandboxAccess } from './jobs';
import type { BenchOptions } from './options';
import type { NodeFrame, ProfileSummary } from './profileSummary';
import type { WorkerProcess } from './workerProcess';

/** scripts/n8n/n8n.js is plain CommonJS; these are the parts the bench uses. */
export interface N8nClient {
	api(method: string, path: string, body?: unknown): Promise<unknown>;
	createCredential(credential: {
		name: string;
		type: string;
		data: object;
	}): Promise<{ id: string; name: string }>;
	createWorkflow(workflow: object): Promise<{ id: string }>;
	getWorkflow(id: string): Promise<{ id: string; staticData?: Record<string, unknown> }>;
	activate(id: string): Promise<unknown>;
	waitForWebhook(path: string): Promise<number>;
	runWorkflowOnce(id: string, options?: { timeoutMs?: number }): Promise<unknown>;
	/** n8n's internal REST API (/rest), with the owner's session. */
	rest(method: string, path: string, body?: unknown): Promise<unknown>;
	getExecution(id: string, options?: { includeData?: boolean }): Promise<unknown>;
	listExecutions(workflowId: string, options?: { limit?: number }): Promise<unknown[]>;
}

export interface N8nHandle {
	instance: { url: string; pid: number; readyMs: number; stop(): Promise<unknown> };
	client: N8nClient;
	/** The TYLT credential pointing at the sandbox. */
	credential: { id: string; name: string };
	nodeOutput(execution: unknown, nodeName: string): unknown[];
}

export interface BenchContext {
	options: BenchOptions;
	/** The process running the sandbox (jobs `sandbox.*`). */
	sandbox: WorkerProcess<BenchJobs>;
	access: SandboxAccess;
	log(message: string): void;
	/** A new worker process, stopped when the bench ends. */
	worker(role: string): WorkerProcess<BenchJobs>;
	n8n(): Promise<N8nHandle>;
	/**
	 * With --profile: runs `run` once more under a CPU profiler attached to n8n's main process and keeps the
	 * summary (never a measured run: profiling slows it). Without --profile: does nothing.
	 */
	profiled(
		label: string,
		node: NodeFrame,
		run: () => Promise<{ ms: number; startedAt?: number }>,
	): Promise<void>;
	profiles: ProfileSummary[];
}
