/**
 * Case 2: Payout → Get Many with Return All over seeded history, in-process through n8n-core's real
 * ExecuteContext (the worker job `history.node`), against a raw paging loop; each in a process of its own,
 * so the heap and RSS of each run belong to it alone.
 */
import type { BenchContext } from '../lib/context';
import type { MemoryRun } from '../lib/jobs';
import { countingRequests } from '../lib/requestLog';
import { alternate } from '../lib/rounds';
import { compared, distinct, fact, NO, type Row, table, TARGETS, YES } from '../lib/rows';
import { mb, median, ms, thousands } from '../lib/stats';

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

type Measure = Exclude<keyof HistoryRun, 'rssPeakIsolated'>;

const MEMORY: Array<[Measure, string]> = [
	['heapPeakBytes', 'peak heap (sampled, above the heap before the run)'],
	['heapRetainedBytes', 'heap the output keeps (after GC)'],
	['rssPeakBytes', 'peak RSS above the RSS before the run'],
];

function datasetRows({ records, pageSize, runs }: HistoryDataset): Row[] {
	const label = `2. Floor: Return All in-process, ${thousands(records)} records, page ${pageSize}, TYLT node in n8n-core ÷ raw paging loop`;
	const pick = (variant: 'node' | 'raw', key: Measure) => runs[variant].map((run) => run[key]);
	const side = (key: Measure, what: string, format: (value: number) => string) =>
		compared(`${label}: ${what}`, pick('node', key), pick('raw', key), undefined, format);
	// A last page shorter than the pages before it ends the read; only a history that fills its last page needs
	// the empty page after it (no total in the API).
	const exactMultiple = records % pageSize === 0;
	const expected = Math.ceil(records / pageSize) + (exactMultiple ? 1 : 0);
	const nodeRequests = pick('node', 'requests');
	return [
		compared(`${label}: time`, pick('node', 'ms'), pick('raw', 'ms'), TARGETS.floor),
		side('cpuMs', 'CPU time of the client process', ms),
		fact(
			`${label}: requests`,
			distinct(nodeRequests),
			distinct(pick('raw', 'requests')),
			`ceil(records / page size)${exactMultiple ? ' + 1 (an exact multiple: the empty page)' : ''} = ${thousands(expected)}`,
			nodeRequests.every((value) => value === expected) ? YES : NO,
		),
		...MEMORY.map(([key, what]) => side(key, what, mb)),
	];
}

export const historyRows = (datasets: HistoryDataset[]) => datasets.flatMap(datasetRows);

/** The per-round table's measures, each a node column and a raw column. */
const PER_ROUND: Array<[string, Measure, (value: number) => string]> = [
	['time', 'ms', ms],
	['CPU', 'cpuMs', ms],
	['peak heap', 'heapPeakBytes', mb],
	['peak RSS', 'rssPeakBytes', mb],
];

export function historyDetails(datasets: HistoryDataset[]): string {
	const absolute = datasets.map(({ records, runs }) => {
		const peak = (variant: 'node' | 'raw') =>
			mb(median(runs[variant].map((run) => run.rssPeakAbsoluteBytes)));
		return `${thousands(records)} records: node process ${peak('node')}, raw process ${peak('raw')}`;
	});
	return [
		'#### 2. Payout → Get Many, Return All',
		table(
			['Records', 'Round', ...PER_ROUND.flatMap(([what]) => [`node ${what}`, `raw ${what}`])],
			'r'.repeat(2 + 2 * PER_ROUND.length),
			datasets.flatMap(({ records, runs }) =>
				runs.node.map((node, round) => [
					thousands(records),
					round + 1,
					...PER_ROUND.flatMap(([, key, format]) => [
						format(node[key]),
						format(runs.raw[round][key]),
					]),
				]),
			),
		),
		`Absolute peak RSS of the working process (the node's process has n8n-core loaded): ${absolute.join('; ')}.`,
	].join('\n\n');
}
