/**
 * A bench worker process (started by bench/lib/workerProcess.ts): runs jobs sent over IPC, one at a time,
 * and exits when its parent disconnects, so a crashed bench never leaves one behind.
 */
import type { BenchJobs } from '../lib/jobs';
import { findJob } from './jobs';

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
			const run = findJob(message.job);
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
