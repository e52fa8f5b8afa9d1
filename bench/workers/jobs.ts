/**
 * Where each job module lives (lib/jobs.ts declares what they run). A worker loads a module only when it
 * first runs one of its jobs, so e.g. the raw baselines' processes never load n8n-core.
 */
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
