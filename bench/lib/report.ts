/**
 * Turns the measurements into the results section of docs/benchmarks.md (also printed): the summary table
 * with each target and whether it was met, then the per-case details the summary is computed from.
 */
import type { Machine } from './machine';
import type { BenchOptions } from './options';
import { latencyRounds } from './options';
import type { ProfileSummary } from './profileSummary';
import type {
	CreateResult,
	CreateVariant,
	GuardDataset,
	HistoryDataset,
	LatencyResult,
	PaginationResult,
	RoundTripVariant,
	TriggerResult,
} from './results';
import { mb, median, ms, percent, perSecond, ratio, spread, thousands, us } from './stats';

export interface BenchResults {
	options: BenchOptions;
	machine: Machine;
	totalSeconds: number;
	create?: CreateResult;
	history?: HistoryDataset[];
	pagination?: PaginationResult;
	trigger?: TriggerResult;
	latency?: LatencyResult;
	guard?: GuardDataset[];
	profiles?: ProfileSummary[];
}

interface Row {
	item: string;
	node: string;
	baseline: string;
	ratio: string;
	target: string;
	met: string;
}

const YES = 'yes';
const NO = 'NO';

function table(rows: Row[]): string {
	const lines = [
		'| Case | TYLT node | Baseline | Ratio | Target | Met |',
		'| --- | ---: | ---: | ---: | --- | --- |',
		...rows.map(
			(row) =>
				`| ${row.item} | ${row.node} | ${row.baseline} | ${row.ratio} | ${row.target} | ${row.met} |`,
		),
	];
	return lines.join('\n');
}

const distinct = (values: number[]) =>
	[...new Set(values)]
		.sort((a, b) => a - b)
		.map((value) => thousands(value))
		.join(' / ');

/** A cost ratio against its target (lower is better): the row's Ratio and Met cells. */
function against(value: number, target: number): Pick<Row, 'ratio' | 'target' | 'met'> {
	// A third decimal where two would print the target itself for a ratio just above it.
	const close = ratio(value) === ratio(target) && value > target;
	return {
		ratio: ratio(value, close ? 3 : 2),
		target: `≤ ${target.toFixed(2)}×`,
		met: value <= target ? YES : `${NO} (see analysis)`,
	};
}

/** Target of the TYLT node against the HTTP Request node doing the same job in the same n8n. */
const ALTERNATIVE_TARGET = 0.8;
/** Target of the floor ratios (the node in n8n against a raw loop outside n8n). */
const FLOOR_TARGET = 1.1;
/** Target of a run against the remote API's latency alone. */
const LATENCY_TARGET = 1.05;

function createRows(result: CreateResult): Row[] {
	const n = result.payouts;
	const times = (variant: CreateVariant) => result.runs[variant].map((run) => run.ms);
	const rows: Row[] = [];
	const guard = (variant: 'guardOn' | 'guardOff') =>
		variant === 'guardOn' ? 'duplicate guard on (the default)' : 'duplicate guard off';
	for (const variant of ['guardOn', 'guardOff'] as const) {
		rows.push({
			item: `1. Create ${thousands(n)} payouts in n8n, ${guard(variant)}: TYLT node ÷ HTTP Request node with the TYLT credential (the user's alternative)`,
			node: spread(times(variant), ms),
			baseline: spread(times('httpNode'), ms),
			...against(median(times(variant)) / median(times('httpNode')), ALTERNATIVE_TARGET),
		});
	}
	const cpu = (variant: CreateVariant) => result.runs[variant].map((run) => run.n8nCpuMs ?? NaN);
	rows.push({
		item: `1. Create ${thousands(n)} payouts, duplicate guard on: n8n's main-process CPU per execution (the whole workflow; barely moved by other load), TYLT ÷ HTTP Request`,
		node: spread(cpu('guardOn'), ms),
		baseline: spread(cpu('httpNode'), ms),
		ratio: ratio(median(cpu('guardOn')) / median(cpu('httpNode'))),
		target: `(≤ ${ALTERNATIVE_TARGET.toFixed(2)}×)`,
		met: median(cpu('guardOn')) / median(cpu('httpNode')) <= ALTERNATIVE_TARGET ? YES : NO,
	});
	for (const variant of ['guardOff', 'guardOn'] as const) {
		rows.push({
			item: `1. Floor: Create ${thousands(n)} payouts in n8n, ${guard(variant)} ÷ raw signed loop outside n8n`,
			node: spread(times(variant), ms),
			baseline: spread(times('raw'), ms),
			...against(median(times(variant)) / median(times('raw')), FLOOR_TARGET),
		});
	}
	rows.push({
		item: `1. Floor of the alternative: HTTP Request node ÷ raw signed loop`,
		node: spread(times('httpNode'), ms),
		baseline: spread(times('raw'), ms),
		ratio: ratio(median(times('httpNode')) / median(times('raw'))),
		target: '—',
		met: '',
	});
	const requests = (variant: CreateVariant, key?: string) =>
		result.runs[variant].map((run) =>
			key ? (run.requests.byEndpoint[key] ?? 0) : run.requests.total,
		);
	const offTotal = requests('guardOff');
	const httpTotal = requests('httpNode');
	rows.push({
		item: '1. Requests, HTTP Request node',
		node: distinct(httpTotal),
		baseline: distinct(requests('raw')),
		ratio: '',
		target: `exactly ${thousands(n)} (no currency list: nothing is checked)`,
		met: httpTotal.every((value) => value === n) ? YES : NO,
	});
	rows.push({
		item: '1. Requests, guard off',
		node: distinct(offTotal),
		baseline: distinct(requests('raw')),
		ratio: '',
		target: `exactly ${thousands(n + 1)} (N + 1 currency list)`,
		met: offTotal.every((value) => value === n + 1) ? YES : NO,
	});
	const onTotal = requests('guardOn');
	const onHistory = requests('guardOn', 'payoutHistory');
	const onCurrencies = requests('guardOn', 'currencies');
	const onCreates = requests('guardOn', 'createPayout');
	rows.push({
		item: '1. Requests, guard on',
		node: `${distinct(onTotal)} = ${distinct(onCreates)} creates + ${distinct(onCurrencies)} currency list + ${distinct(onHistory)} history page`,
		baseline: distinct(requests('raw')),
		ratio: '',
		target: 'N + 1 + history pages (history is empty after the reset: 1 page)',
		met:
			onTotal.every((value, index) => value === n + 1 + onHistory[index]) &&
			onCurrencies.every((value) => value === 1)
				? YES
				: NO,
	});
	return rows;
}

function historyRows(datasets: HistoryDataset[]): Row[] {
	const rows: Row[] = [];
	for (const dataset of datasets) {
		const label = `2. Floor: Return All in-process, ${thousands(dataset.records)} records, page ${dataset.pageSize}, TYLT node in n8n-core ÷ raw paging loop`;
		const pick = (
			variant: 'node' | 'raw',
			key: 'ms' | 'cpuMs' | 'heapPeakBytes' | 'heapRetainedBytes' | 'rssPeakBytes' | 'requests',
		) => dataset.runs[variant].map((run) => run[key]);
		rows.push({
			item: `${label}: time`,
			node: spread(pick('node', 'ms'), ms),
			baseline: spread(pick('raw', 'ms'), ms),
			...against(median(pick('node', 'ms')) / median(pick('raw', 'ms')), FLOOR_TARGET),
		});
		rows.push({
			item: `${label}: CPU time of the client process`,
			node: spread(pick('node', 'cpuMs'), ms),
			baseline: spread(pick('raw', 'cpuMs'), ms),
			ratio: ratio(median(pick('node', 'cpuMs')) / median(pick('raw', 'cpuMs'))),
			target: '—',
			met: '',
		});
		const expected = Math.ceil(dataset.records / dataset.pageSize);
		const nodeRequests = pick('node', 'requests');
		const exactMultiple = dataset.records % dataset.pageSize === 0;
		rows.push({
			item: `${label}: requests`,
			node: distinct(nodeRequests),
			baseline: distinct(pick('raw', 'requests')),
			ratio: '',
			target: `ceil(records / page size) = ${thousands(expected)}`,
			met: nodeRequests.every((value) => value === expected)
				? YES
				: exactMultiple && nodeRequests.every((value) => value === expected + 1)
					? `${NO}: +1 empty page, unavoidable (no total in the API)`
					: NO,
		});
		for (const [key, what] of [
			['heapPeakBytes', 'peak heap (sampled, above the heap before the run)'],
			['heapRetainedBytes', 'heap the output keeps (after GC)'],
			['rssPeakBytes', 'peak RSS above the RSS before the run'],
		] as const) {
			rows.push({
				item: `${label}: ${what}`,
				node: spread(pick('node', key), mb),
				baseline: spread(pick('raw', key), mb),
				ratio: ratio(median(pick('node', key)) / median(pick('raw', key))),
				target: '—',
				met: '',
			});
		}
	}
	return rows;
}

function paginationRows(result: PaginationResult): Row[] {
	const label = `2. Return All in n8n, ${thousands(result.records)} records, page ${result.pageSize}`;
	const node = result.runs.node.map((run) => run.ms);
	const http = result.runs.httpNode.map((run) => run.ms);
	const httpAndSplit = result.runs.httpNode.map((run) => run.ms + (run.splitOutMs ?? 0));
	const requests = (variant: 'node' | 'httpNode') =>
		result.runs[variant].map((run) => run.requests);
	const pages = Math.floor(result.records / result.pageSize) + 1;
	const cpuOf = (variant: 'node' | 'httpNode') =>
		result.runs[variant].map((run) => run.n8nCpuMs ?? NaN);
	return [
		{
			item: `${label}: TYLT node ÷ HTTP Request pagination + Split Out (the user's alternative, same ${thousands(result.records)} items out)`,
			node: spread(node, ms),
			baseline: spread(httpAndSplit, ms),
			...against(median(node) / median(httpAndSplit), ALTERNATIVE_TARGET),
		},
		{
			item: `${label}: TYLT node ÷ HTTP Request pagination alone (its output: ${thousands(result.runs.httpNode[0]?.items ?? NaN)} page envelopes, not records)`,
			node: spread(node, ms),
			baseline: spread(http, ms),
			ratio: ratio(median(node) / median(http)),
			target: `(≤ ${ALTERNATIVE_TARGET.toFixed(2)}×)`,
			met: median(node) / median(http) <= ALTERNATIVE_TARGET ? YES : NO,
		},
		{
			item: `${label}: n8n's main-process CPU per execution (the whole workflow), TYLT ÷ HTTP Request + Split Out`,
			node: spread(cpuOf('node'), ms),
			baseline: spread(cpuOf('httpNode'), ms),
			ratio: ratio(median(cpuOf('node')) / median(cpuOf('httpNode'))),
			target: `(≤ ${ALTERNATIVE_TARGET.toFixed(2)}×)`,
			met: median(cpuOf('node')) / median(cpuOf('httpNode')) <= ALTERNATIVE_TARGET ? YES : NO,
		},
		{
			item: `${label}: requests`,
			node: distinct(requests('node')),
			baseline: distinct(requests('httpNode')),
			ratio: '',
			target: `the same on both sides (${thousands(pages)}: the last page is the first short one)`,
			met: [...requests('node'), ...requests('httpNode')].every((value) => value === pages)
				? YES
				: NO,
		},
	];
}

/** Sequential requests: the least any client can take at this latency is one wait per request. */
function latencyRows(result: LatencyResult): Row[] {
	const { latencyMs } = result;
	const times = (variant: keyof LatencyResult['runs']) => result.runs[variant].map((run) => run.ms);
	const requests = (variant: keyof LatencyResult['runs']) =>
		median(result.runs[variant].map((run) => run.requests));
	/** Time not spent waiting for TYLT: the total minus one wait per request made. */
	const ownShare = (variant: keyof LatencyResult['runs']) => {
		const total = median(times(variant));
		const own = total - requests(variant) * latencyMs;
		return `${ms(own)} of ${ms(total)} = ${percent(own / total)} (${thousands(requests(variant))} requests × ${latencyMs} ms waited)`;
	};
	const rows: Row[] = [];
	const createFloor = result.payouts * latencyMs;
	const createLabel = `4. Create ${thousands(result.payouts)} payouts in n8n at ${latencyMs} ms per request, duplicate guard on`;
	rows.push({
		item: `${createLabel}: total ÷ (payouts × latency)`,
		node: spread(times('createNode'), ms),
		baseline: `${ms(createFloor)} (${thousands(result.payouts)} × ${latencyMs} ms)`,
		...against(median(times('createNode')) / createFloor, LATENCY_TARGET),
	});
	rows.push({
		item: `${createLabel}: the node's own share (time not spent waiting for TYLT), raw signed loop beside it`,
		node: ownShare('createNode'),
		baseline: ownShare('createRaw'),
		ratio: '',
		target: '—',
		met: '',
	});
	rows.push({
		item: `4. Floor at ${latencyMs} ms: raw signed loop, ${thousands(result.payouts)} creates ÷ (payouts × latency)`,
		node: spread(times('createRaw'), ms),
		baseline: ms(createFloor),
		ratio: ratio(median(times('createRaw')) / createFloor, 3),
		target: '—',
		met: '',
	});
	rows.push({
		item: `4. HTTP Request node, the same ${thousands(result.payouts)} creates at ${latencyMs} ms (it sends every item's request at once): TYLT node ÷ HTTP Request node`,
		node: spread(times('createNode'), ms),
		baseline: spread(times('createHttpNode'), ms),
		ratio: ratio(median(times('createNode')) / median(times('createHttpNode'))),
		target: '—',
		met: '',
	});
	const pages = requests('historyNode');
	const historyFloor = pages * latencyMs;
	const historyLabel = `4. Return All in n8n, ${thousands(result.records)} records, page ${result.pageSize}, at ${latencyMs} ms per request`;
	rows.push({
		item: `${historyLabel}: total ÷ (pages × latency)`,
		node: spread(times('historyNode'), ms),
		baseline: `${ms(historyFloor)} (${thousands(pages)} × ${latencyMs} ms)`,
		...against(median(times('historyNode')) / historyFloor, LATENCY_TARGET),
	});
	rows.push({
		item: `${historyLabel}: the node's own share (time not spent waiting for TYLT), raw paging loop beside it`,
		node: ownShare('historyNode'),
		baseline: ownShare('historyRaw'),
		ratio: '',
		target: '—',
		met: '',
	});
	rows.push({
		item: `4. Floor at ${latencyMs} ms: raw paging loop ÷ (pages × latency)`,
		node: spread(times('historyRaw'), ms),
		baseline: ms(requests('historyRaw') * latencyMs),
		ratio: ratio(median(times('historyRaw')) / (requests('historyRaw') * latencyMs), 3),
		target: '—',
		met: '',
	});
	return rows;
}

function guardRows(datasets: GuardDataset[]): Row[] {
	const rows: Row[] = [];
	for (const dataset of datasets) {
		const times = (variant: 'guardOn' | 'guardOff') => dataset.runs[variant].map((run) => run.ms);
		const requests = (variant: 'guardOn' | 'guardOff', key?: string) =>
			dataset.runs[variant].map((run) =>
				key ? (run.requests.byEndpoint[key] ?? 0) : run.requests.total,
			);
		const label = `5. One payout per execution (a form), ${thousands(dataset.history)} payouts in the look-back window`;
		rows.push({
			item: `${label}: time, guard on ÷ guard off`,
			node: spread(times('guardOn'), ms),
			baseline: spread(times('guardOff'), ms),
			ratio: ratio(median(times('guardOn')) / median(times('guardOff'))),
			target: '—',
			met: '',
		});
		rows.push({
			item: `${label}: requests, guard on (history pages) against guard off`,
			node: `${distinct(requests('guardOn'))} (${distinct(requests('guardOn', 'payoutHistory'))} history)`,
			baseline: distinct(requests('guardOff')),
			ratio: '',
			target: '—',
			met: '',
		});
	}
	return rows;
}

function roundTripMedians(result: TriggerResult, variant: RoundTripVariant): number[] {
	return result.roundTrips.latenciesMs[variant].map((latencies) => median(latencies));
}

function triggerRows(result: TriggerResult): Row[] {
	const n = result.callbacks;
	const rates = (values: number[]) => values.map((value) => (n / value) * 1000);
	const nodeRate = median(rates(result.nodeMs));
	const nodeCostUs = (median(result.nodeMs) * 1000) / n;
	const rows: Row[] = [
		{
			item: `3. Trigger in-process, ${thousands(n)} callbacks: throughput`,
			node: spread(rates(result.nodeMs), perSecond),
			baseline: spread(rates(result.hmacMs), perSecond),
			ratio: ratio(median(result.nodeMs) / median(result.hmacMs)) + ' cost',
			target: '≥ 50,000/s',
			met: nodeRate >= 50_000 ? YES : NO,
		},
		{
			item: '3. Trigger in-process: wall time per callback',
			node: us(nodeCostUs),
			baseline: us((median(result.hmacMs) * 1000) / n),
			ratio: '',
			target: '—',
			met: '',
		},
		{
			item: '3. Trigger in-process: callbacks per CPU second (what an idle core would do)',
			node: spread(rates(result.nodeCpuMs), perSecond),
			baseline: spread(rates(result.hmacCpuMs), perSecond),
			ratio: ratio(median(result.nodeCpuMs) / median(result.hmacCpuMs)) + ' cost',
			target: '(≥ 50,000/s)',
			met: median(rates(result.nodeCpuMs)) >= 50_000 ? YES : NO,
		},
	];
	const trigger = roundTripMedians(result, 'trigger');
	const floor = roundTripMedians(result, 'webhookNode');
	const share = nodeCostUs / 1000 / median(trigger);
	rows.push({
		item: '3. One callback through n8n (round trip from the client, median)',
		node: spread(trigger, ms),
		baseline: `${spread(floor, ms)} (n8n Webhook node)`,
		ratio: ratio(median(trigger) / median(floor)),
		target: '—',
		met: '',
	});
	rows.push({
		item: "3. Trigger's share of the round trip (in-process cost / round trip median)",
		node: percent(share),
		baseline: '',
		ratio: '',
		target: '< 5 %',
		met: share < 0.05 ? YES : NO,
	});
	return rows;
}

const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');

function machineSection(results: BenchResults): string {
	const m = results.machine;
	const dirty = m.uncommittedNodeFiles.length
		? ` with uncommitted changes to ${m.uncommittedNodeFiles.map((file) => `\`${file}\``).join(', ')}`
		: '';
	return [
		`Measured ${m.date}, commit \`${m.commit}\`${dirty}: \`npm run bench -- --rounds ${results.options.rounds}${results.options.quick ? ' --quick' : ''}\`, ${Math.round(results.totalSeconds)} s in all.`,
		'',
		'| Machine | |',
		'| --- | --- |',
		`| CPU | ${m.cpuModel}, ${m.cores} cores |`,
		`| RAM | ${m.ramGb.toFixed(1)} GB |`,
		`| OS | ${m.kernel} |`,
		`| Node running n8n, the sandbox and every measured loop | ${m.workerNode} |`,
		`| Node running the bench coordinator (\`npm run bench\`) | ${m.benchNode} |`,
		`| n8n | ${m.n8nVersion} (n8n-core in the in-process harness: ${m.n8nCoreInHarness}) |`,
		`| Load average (1, 5, 15 min) at start / end | ${loads(m.loadAtStart)} / ${loads(m.loadAtEnd)} |`,
	].join('\n');
}

/** Whether two JSON bodies have the same fields in the same order. */
function sameFields(first: string, second: string): boolean {
	try {
		return (
			Object.keys(JSON.parse(first) as object).join() ===
			Object.keys(JSON.parse(second) as object).join()
		);
	} catch {
		return false;
	}
}

function createDetails(result: CreateResult): string {
	const lines = ['#### 1. Payout → Create', ''];
	const connections = (variant: CreateVariant) => {
		const seen: Record<string, number> = {};
		for (const run of result.runs[variant]) {
			for (const [value, count] of Object.entries(run.requests.connection))
				seen[value] = (seen[value] ?? 0) + count;
		}
		return Object.keys(seen)
			.map((value) => `\`${value}\``)
			.join(', ');
	};
	lines.push(
		'| Round | TYLT node, guard on | TYLT node, guard off | HTTP Request node | raw loop |',
		'| ---: | ---: | ---: | ---: | ---: |',
	);
	result.runs.raw.forEach((_, round) => {
		lines.push(
			`| ${round + 1} | ${(['guardOn', 'guardOff', 'httpNode', 'raw'] as const).map((variant) => ms(result.runs[variant][round].ms)).join(' | ')} |`,
		);
	});
	lines.push(
		'',
		`\`Connection\` header the sandbox received: from the TYLT node ${connections('guardOff')}, from the HTTP Request node ${connections('httpNode')}, from the raw loop ${connections('raw')} (one new connection per request on every side).`,
	);
	const bodies = (['guardOff', 'httpNode', 'raw'] as const).map(
		(variant) => result.runs[variant][0]?.requests.sampleCreateBodies[0],
	);
	if (bodies.every(Boolean)) {
		lines.push(
			'',
			`First create body sent by the TYLT node, the HTTP Request node and the raw loop. The TYLT node tags the reference in the comments, where its duplicate guard reads it; the HTTP Request node sends it as merchantOrderId, as a hand-made call would. The raw loop's fields ${sameFields(bodies[0]!, bodies[2]!) ? "are the TYLT node's, in its order" : "**differ from the TYLT node's**: update bench/workers/createJobs.ts"}:`,
			'',
			'```',
			...bodies,
			'```',
		);
	}
	return lines.join('\n');
}

function historyDetails(datasets: HistoryDataset[]): string {
	const lines = ['#### 2. Payout → Get Many, Return All', ''];
	lines.push(
		'| Records | Round | node time | raw time | node CPU | raw CPU | node peak heap | raw peak heap | node peak RSS | raw peak RSS |',
		'| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
	);
	for (const dataset of datasets) {
		dataset.runs.node.forEach((node, round) => {
			const raw = dataset.runs.raw[round];
			lines.push(
				`| ${thousands(dataset.records)} | ${round + 1} | ${ms(node.ms)} | ${ms(raw.ms)} | ${ms(node.cpuMs)} | ${ms(raw.cpuMs)} | ${mb(node.heapPeakBytes)} | ${mb(raw.heapPeakBytes)} | ${mb(node.rssPeakBytes)} | ${mb(raw.rssPeakBytes)} |`,
			);
		});
	}
	const absolute = datasets.flatMap((dataset) => [
		`${thousands(dataset.records)} records: node process ${mb(median(dataset.runs.node.map((run) => run.rssPeakAbsoluteBytes)))}, raw process ${mb(median(dataset.runs.raw.map((run) => run.rssPeakAbsoluteBytes)))}`,
	]);
	lines.push(
		'',
		`Absolute peak RSS of the working process (the node's process has n8n-core loaded): ${absolute.join('; ')}.`,
	);
	return lines.join('\n');
}

function paginationDetails(result: PaginationResult): string {
	const lines = [
		'#### 2. Return All in n8n: TYLT node against HTTP Request pagination',
		'',
		`${thousands(result.records)} records, ${result.pageSize} per page. HTTP Request: GET history, query \`rows\` = \`{{ ${result.pageSize} }}\`, pagination "Update a Parameter in Each Request" \`page\` = \`{{ $pageCount + 1 }}\`, complete when \`{{ $response.body.data.length < ${result.pageSize} }}\`; then Split Out on \`data\`.`,
		'',
		'| Round | TYLT node | HTTP Request node | Split Out | HTTP Request + Split Out |',
		'| ---: | ---: | ---: | ---: | ---: |',
	];
	result.runs.node.forEach((node, round) => {
		const http = result.runs.httpNode[round];
		lines.push(
			`| ${round + 1} | ${ms(node.ms)} | ${ms(http.ms)} | ${ms(http.splitOutMs ?? NaN)} | ${ms(http.ms + (http.splitOutMs ?? 0))} |`,
		);
	});
	return lines.join('\n');
}

function latencyDetails(result: LatencyResult): string {
	const names: Record<keyof LatencyResult['runs'], string> = {
		createNode: `TYLT node, Create ${thousands(result.payouts)}, guard on`,
		createRaw: `raw signed loop, ${thousands(result.payouts)} creates`,
		createHttpNode: `HTTP Request node, ${thousands(result.payouts)} creates`,
		historyNode: `TYLT node, Return All of ${thousands(result.records)}`,
		historyRaw: `raw paging loop, ${thousands(result.records)} records`,
	};
	const lines = [
		`#### 4. At ${result.latencyMs} ms per request`,
		'',
		'The sandbox holds every API request for the latency before handling it (`latencyMs`). Rounds alternate within the creates and within the Return Alls; no warm-up runs.',
		'',
		'| Variant | requests | rounds | median |',
		'| --- | ---: | --- | ---: |',
	];
	for (const variant of Object.keys(names) as Array<keyof LatencyResult['runs']>) {
		const runs = result.runs[variant];
		lines.push(
			`| ${names[variant]} | ${distinct(runs.map((run) => run.requests))} | ${runs.map((run) => ms(run.ms)).join(', ')} | ${ms(median(runs.map((run) => run.ms)))} |`,
		);
	}
	return lines.join('\n');
}

function guardDetails(datasets: GuardDataset[]): string {
	const lines = [
		'#### 5. Duplicate guard, one payout per execution',
		'',
		'Manual Trigger → Code (one row) → TYLT Payout → Create, Duplicate Guard on (look-back: the default 168 hours) and off. Before every run the sandbox is reset and the history seeded afresh (1 s apart, newest first: all inside the window). "At 150 ms" is derived: requests × 150 ms, since every request waits for the one before.',
		'',
		'| Payouts in the window | guard | requests (by endpoint) | median time | rounds | at 150 ms per request |',
		'| ---: | --- | --- | ---: | --- | ---: |',
	];
	for (const dataset of datasets) {
		for (const variant of ['guardOn', 'guardOff'] as const) {
			const runs = dataset.runs[variant];
			const endpoints = runs[0]
				? Object.entries(runs[0].requests.byEndpoint)
						.map(([endpoint, count]) => `${endpoint} ${count}`)
						.join(', ')
				: '';
			const total = median(runs.map((run) => run.requests.total));
			lines.push(
				`| ${thousands(dataset.history)} | ${variant === 'guardOn' ? 'on' : 'off'} | ${thousands(total)} (${endpoints}) | ${ms(median(runs.map((run) => run.ms)))} | ${runs.map((run) => ms(run.ms)).join(', ')} | ≈ ${ms(total * 150)} |`,
			);
		}
	}
	return lines.join('\n');
}

function triggerDetails(result: TriggerResult): string {
	const n = result.callbacks;
	const lines = ['#### 3. TYLT Trigger', ''];
	lines.push(
		'| Round | trigger, callbacks/s | bare HMAC verify, callbacks/s | trigger, per CPU second | HMAC, per CPU second |',
		'| ---: | ---: | ---: | ---: | ---: |',
	);
	const rate = (value: number) => thousands((n / value) * 1000);
	result.nodeMs.forEach((nodeMs, round) => {
		lines.push(
			`| ${round + 1} | ${rate(nodeMs)} | ${rate(result.hmacMs[round])} | ${rate(result.nodeCpuMs[round])} | ${rate(result.hmacCpuMs[round])} |`,
		);
	});
	lines.push(
		'',
		'Each stage alone (µs per callback, same callbacks, dedupe memory full):',
		'',
		'| Stage | µs |',
		'| --- | ---: |',
	);
	for (const [stage, value] of Object.entries(result.stages))
		lines.push(`| ${stage} | ${value.toFixed(2)} |`);
	lines.push(
		'',
		`Round trips through n8n's webhook server: ${result.roundTrips.perVariant} sequential callbacks per variant per round, ${result.roundTrips.gapMs} ms apart, each on a new connection; median of each round, then the median of those.`,
		'',
		'| Workflow | median | p90 (all rounds) | rounds |',
		'| --- | ---: | ---: | --- |',
	);
	const names: Record<RoundTripVariant, string> = {
		trigger: 'TYLT Trigger, defaults (duplicates ignored; memory full: 1,000 callbacks)',
		triggerNoDedupe: 'TYLT Trigger, Ignore Duplicates off',
		webhookNode: "n8n's Webhook node (POST, respond immediately)",
	};
	for (const variant of Object.keys(names) as RoundTripVariant[]) {
		const all = result.roundTrips.latenciesMs[variant].flat().sort((a, b) => a - b);
		const p90 = all[Math.min(all.length - 1, Math.floor(all.length * 0.9))];
		lines.push(
			`| ${names[variant]} | ${ms(median(roundTripMedians(result, variant)))} | ${ms(p90)} | ${roundTripMedians(
				result,
				variant,
			)
				.map((value) => value.toFixed(2))
				.join(', ')} |`,
		);
	}
	const trigger = median(roundTripMedians(result, 'trigger'));
	const floor = median(roundTripMedians(result, 'webhookNode'));
	lines.push(
		'',
		`Cross-check from the outside: (TYLT Trigger − Webhook node) / TYLT Trigger = ${percent(Math.max(0, trigger - floor) / trigger)} of the round trip.`,
	);
	return lines.join('\n');
}

function profileDetails(profiles: ProfileSummary[]): string {
	const lines = [
		"#### Where n8n's main thread spends a node's run (--profile: one extra, unmeasured run each)",
		'',
		"A CPU profile of n8n's main process (sampled every 0.2 ms) over the node's run as n8n's run data gives it; each busy sample is classified by what is on its stack, first match in the order the buckets are defined (`bench/lib/profileSummary.ts`). Busy = not idle; the rest of the window the thread waits (for TYLT, or for sockets).",
	];
	for (const summary of profiles) {
		lines.push(
			'',
			`**${summary.label}**: ${ms(summary.busyMs)} busy of ${ms(summary.wallMs)}.`,
			'',
			'| Busy with | ms | share of busy |',
			'| --- | ---: | ---: |',
			...summary.buckets.map(
				(entry) => `| ${entry.bucket} | ${ms(entry.ms)} | ${percent(entry.ms / summary.busyMs)} |`,
			),
		);
	}
	return lines.join('\n');
}

export function resultsMarkdown(results: BenchResults): string {
	const rows = [
		...(results.create ? createRows(results.create) : []),
		...(results.history ? historyRows(results.history) : []),
		...(results.pagination ? paginationRows(results.pagination) : []),
		...(results.trigger ? triggerRows(results.trigger) : []),
		...(results.latency ? latencyRows(results.latency) : []),
		...(results.guard ? guardRows(results.guard) : []),
	];
	const parts = [
		machineSection(results),
		'### Summary',
		`Medians over ${results.options.rounds} rounds (the latency case: ${latencyRounds(results.options.rounds)}), min–max in parentheses. Ratio = node ÷ baseline (cost: lower is better). "Floor" rows compare with a raw loop outside n8n: the least any client could take, not what a user would pick instead.`,
		table(rows),
		'### Details',
	];
	if (results.create) parts.push(createDetails(results.create));
	if (results.history) parts.push(historyDetails(results.history));
	if (results.pagination) parts.push(paginationDetails(results.pagination));
	if (results.trigger) parts.push(triggerDetails(results.trigger));
	if (results.latency) parts.push(latencyDetails(results.latency));
	if (results.guard) parts.push(guardDetails(results.guard));
	if (results.profiles?.length) parts.push(profileDetails(results.profiles));
	return parts.join('\n\n');
}
