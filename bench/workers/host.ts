/**
 * A bench worker process (started by bench/lib/workerProcess.ts): runs jobs sent over IPC, one at a time,
 * and exits when its parent disconnects, so a crashed bench never leaves one behind.
 */
import type { BenchJobs } from '../lib/jobs';

type JobTable = Record<string, (params: unknown) => Promise<unknown>>;

// Each job module (lib/jobs.ts declares what they run) is loaded when the worker first runs one of its
// jobs, so e.g. the raw baselines' processes never load n8n-core.
/* eslint-disable @typescript-eslint/no-require-imports */
const MODULES: Record<string, () => JobTable> = {
	sandbox: () => require('./sandboxJobs').sandboxJobs,
	create: () => require('./createJobs').createJobs,
	history: () => require('./historyJobs').historyJobs,
	trigger: () => require('./triggerJobs').triggerJobs,
	profile: () => require('./profileJobs').profileJobs,
	dailyLimit: () => require('./dailyLimitJobs').dailyLimitJobs,
};

interface JobMessage {
	id: number;
	job: keyof BenchJobs;
	params: unknown;
}

if (!process.send) throw new Error('bench/workers/host.ts runs as a child of npm run bench');

let queue = Promise.resolve();
process.on('message', (message: JobMessage) => {
	queue = queue.then(async () => {
		try {
			const run = MODULES[message.job.split('.')[0]]?.()[message.job];
			if (!run) throw new Error(`unknown job ${message.job}`);
			const result = await run(message.params);
			process.send!({ id: message.id, result });
		} catch (error) {
			process.send!({ id: message.id, error: (error as Error).stack ?? String(error) });
		}
	});
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
