/**
 * Case 2: Payout → Get Many with Return All over seeded history, in-process through n8n-core's real
 * ExecuteContext (bench/workers/historyJobs.ts), against a raw paging loop; each in a process of its own,
 * so the heap and RSS of each run belong to it alone.
 */
import type { BenchContext } from '../lib/context';
import type { HistoryDataset, HistoryRun, HistoryVariant } from '../lib/results';
import { rotated } from '../lib/stats';
import type { BenchJobs } from '../workers/jobs';

export async function runHistoryCase(context: BenchContext<BenchJobs>): Promise<HistoryDataset[]> {
	const { sandbox, access, options, log } = context;
	const pageSize = options.sizes.pageSize;
	const workers = {
		node: context.worker('history: TYLT node in n8n-core'),
		raw: context.worker('history: raw paging loop'),
	};
	const datasets: HistoryDataset[] = [];

	for (const records of options.sizes.historyRecords) {
		await sandbox.call('sandbox.reset', { seed: records });

		const run = async (variant: HistoryVariant): Promise<HistoryRun> => {
			const { index } = await sandbox.call('sandbox.mark', {});
			const job = variant === 'node' ? 'history.node' : 'history.raw';
			const measured = await workers[variant].call(job, { ...access, pageSize });
			const requests = await sandbox.call('sandbox.summary', { since: index });
			if (measured.records !== records) {
				throw new Error(`history (${variant}): read ${measured.records} of ${records} records`);
			}
			if (requests.byStatus['200'] !== requests.total) {
				throw new Error(`history (${variant}): answers ${JSON.stringify(requests.byStatus)}`);
			}
			const { value: _value, ...rest } = measured;
			return { ...rest, requests: requests.total };
		};

		log(`history: ${records} records, warm-up (node, raw)`);
		await run('node');
		await run('raw');
		const dataset: HistoryDataset = { records, pageSize, runs: { node: [], raw: [] } };
		for (let round = 0; round < options.rounds; round++) {
			for (const variant of rotated<HistoryVariant>(['node', 'raw'], round)) {
				const measured = await run(variant);
				dataset.runs[variant].push(measured);
				log(
					`history: ${records} records, round ${round + 1}/${options.rounds} ${variant}: ${measured.ms.toFixed(0)} ms, ${measured.requests} requests, heap peak +${(measured.heapPeakBytes / 1048576).toFixed(1)} MB`,
				);
			}
		}
		datasets.push(dataset);
	}
	return datasets;
}
