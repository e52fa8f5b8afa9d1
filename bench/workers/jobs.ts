/**
 * Every job a bench worker process can run, by name (`<module>.<job>`). A worker loads a job module only
 * when it first runs one of its jobs, so e.g. the raw baselines' processes never load n8n-core.
 */
import type { createJobs } from './createJobs';
import type { historyJobs } from './historyJobs';
import type { profileJobs } from './profileJobs';
import type { sandboxJobs } from './sandboxJobs';
import type { triggerJobs } from './triggerJobs';

/** Every job by name: the type parameter of the coordinator's WorkerProcess and BenchContext. */
export type BenchJobs = typeof sandboxJobs &
	typeof createJobs &
	typeof historyJobs &
	typeof triggerJobs &
	typeof profileJobs;

type JobTable = Record<string, (params: unknown) => Promise<unknown>>;

/* eslint-disable @typescript-eslint/no-require-imports */
const MODULES: Record<string, () => JobTable> = {
	sandbox: () => require('./sandboxJobs').sandboxJobs,
	create: () => require('./createJobs').createJobs,
	history: () => require('./historyJobs').historyJobs,
	trigger: () => require('./triggerJobs').triggerJobs,
	profile: () => require('./profileJobs').profileJobs,
};

export function findJob(name: string): ((params: unknown) => Promise<unknown>) | undefined {
	const load = MODULES[name.split('.')[0]];
	return load?.()[name];
}
