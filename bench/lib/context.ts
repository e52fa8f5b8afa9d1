/** What every case gets: options, the sandbox, worker processes and (started on first use) a real n8n. */
import type { N8nClient, N8nInstance } from '../../tools/n8n';
import type { BenchJobs, SandboxAccess } from './jobs';
import type { BenchOptions } from './options';
import type { NodeFrame, ProfileSummary } from './profileSummary';
import type { WorkerProcess } from './workerProcess';

export interface N8nHandle {
	instance: N8nInstance;
	client: N8nClient;
	/** The TYLT credential pointing at the sandbox. */
	credential: { id: string; name: string };
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
