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
	/** The same account's credential with Max Amount per 24 Hours set to DAILY_LIMIT_NEVER_REACHED. */
	credentialWithDailyLimit: { id: string; name: string };
}

/**
 * Max Amount per 24 Hours that no run reaches (the seeded history adds up to about 50 million USDT at 10,000
 * payouts): what the limit costs, with nothing refused.
 */
export const DAILY_LIMIT_NEVER_REACHED = 'USDT 1000000000';

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
