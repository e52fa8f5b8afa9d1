/** The sandbox's log of the requests a run made: how every case checks what a side really sent. */
import type { BenchJobs, RequestSummary } from './jobs';
import type { WorkerProcess } from './workerProcess';

/** Runs `work`; answers what it returned and the requests the sandbox received meanwhile, counted. */
export async function countingRequests<Result>(
	sandbox: WorkerProcess<BenchJobs>,
	work: () => Promise<Result>,
	options: { withPayouts?: boolean } = {},
): Promise<{ result: Result; requests: RequestSummary }> {
	const { index } = await sandbox.call('sandbox.mark', {});
	const result = await work();
	const requests = await sandbox.call('sandbox.summary', { since: index, ...options });
	return { result, requests };
}
