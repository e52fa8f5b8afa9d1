/**
 * Case 2: Payout → Get Many with Return All over seeded history, in-process through n8n-core's real
 * ExecuteContext (the worker job `history.node`), against a raw paging loop; each in a process of its own,
 * so the heap and RSS of each run belong to it alone.
 */
import type { BenchContext } from '../lib/context';
import type { MemoryRun } from '../lib/jobs';
import { countingRequests } from '../lib/requestLog';
import { alternate } from '../lib/rounds';

/** The node in n8n-core against the raw paging loop. */
export type HistoryVariant = 'node' | 'raw';

export interface HistoryRun extends MemoryRun {
	records: number;
	requests: number;
}

export type HistoryDataset = Awaited<ReturnType<typeof runHistoryCase>>[number];

export async function runHistoryCase(context: BenchContext) {
	const { sandbox, access, options, log } = context;
	const pageSize = options.sizes.pageSize;
	const workers = {
		node: context.worker('history: TYLT node in n8n-core'),
		raw: context.worker('history: raw paging loop'),
	};
	const datasets = [];

	for (const records of options.sizes.historyRecords) {
		await sandbox.call('sandbox.reset', { seed: records });

		const run = async (variant: HistoryVariant): Promise<HistoryRun> => {
			const job = variant === 'node' ? 'history.node' : 'history.raw';
			const { result, requests } = await countingRequests(sandbox, () =>
				workers[variant].call(job, { ...access, pageSize }),
			);
			if (result.records !== records) {
				throw new Error(`history (${variant}): read ${result.records} of ${records} records`);
			}
			if (requests.byStatus['200'] !== requests.total) {
				throw new Error(`history (${variant}): answers ${JSON.stringify(requests.byStatus)}`);
			}
			return { ...result, requests: requests.total };
		};

		const runs = await alternate({
			variants: ['node', 'raw'],
			rounds: options.rounds,
			label: `history: ${records} records`,
			log,
			run,
			describe: (measured) =>
				`${measured.ms.toFixed(0)} ms, ${measured.requests} requests, heap peak +${(measured.heapPeakBytes / 1048576).toFixed(1)} MB`,
			warmUp: true,
		});
		datasets.push({ records, pageSize, runs });
	}
	return datasets;
}
