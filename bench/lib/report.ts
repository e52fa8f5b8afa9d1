/**
 * Turns the measurements into the results section of docs/benchmarks.md (also printed): the summary table
 * with each target and whether it was met, then the per-case details the summary is computed from.
 */
import type { CreateResult, CreateVariant } from '../cases/create';
import type { HistoryDataset } from '../cases/history';
import type { RoundTripVariant, TriggerResult } from '../cases/trigger';
import type { Machine } from './machine';
import type { BenchOptions } from './options';
import { mb, median, ms, percent, perSecond, ratio, spread, thousands, us } from './stats';

export interface BenchResults {
	options: BenchOptions;
	machine: Machine;
	totalSeconds: number;
	create?: CreateResult;
	history?: HistoryDataset[];
	trigger?: TriggerResult;
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

function createRows(result: CreateResult): Row[] {
	const n = result.payouts;
	const times = (variant: CreateVariant) => result.runs[variant].map((run) => run.ms);
	const rawMedian = median(times('raw'));
	const rows: Row[] = [];
	for (const variant of ['guardOff', 'guardOn'] as const) {
		const value = median(times(variant)) / rawMedian;
		rows.push({
			item: `1. Create ${thousands(n)} payouts in n8n, duplicate guard ${variant === 'guardOn' ? 'on' : 'off'}: time`,
			node: spread(times(variant), ms),
			baseline: spread(times('raw'), ms),
			ratio: ratio(value),
			target: '≤ 1.10×',
			met: value <= 1.1 ? YES : `${NO} (see analysis)`,
		});
	}
	const requests = (variant: CreateVariant, key?: string) =>
		result.runs[variant].map((run) =>
			key ? (run.requests.byEndpoint[key] ?? 0) : run.requests.total,
		);
	const offTotal = requests('guardOff');
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
		const label = `2. Return All, ${thousands(dataset.records)} records, page ${dataset.pageSize}`;
		const pick = (
			variant: 'node' | 'raw',
			key: 'ms' | 'cpuMs' | 'heapPeakBytes' | 'heapRetainedBytes' | 'rssPeakBytes' | 'requests',
		) => dataset.runs[variant].map((run) => run[key]);
		const timeRatio = median(pick('node', 'ms')) / median(pick('raw', 'ms'));
		rows.push({
			item: `${label}: time`,
			node: spread(pick('node', 'ms'), ms),
			baseline: spread(pick('raw', 'ms'), ms),
			ratio: ratio(timeRatio),
			target: '≤ 1.10×',
			met: timeRatio <= 1.1 ? YES : `${NO} (see analysis)`,
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
		'| Round | n8n, guard on | n8n, guard off | raw loop |',
		'| ---: | ---: | ---: | ---: |',
	);
	result.runs.raw.forEach((_, round) => {
		lines.push(
			`| ${round + 1} | ${(['guardOn', 'guardOff', 'raw'] as const).map((variant) => ms(result.runs[variant][round].ms)).join(' | ')} |`,
		);
	});
	lines.push(
		'',
		`\`Connection\` header the sandbox received: from n8n ${connections('guardOff')}, from the raw loop ${connections('raw')} (one new connection per request on both sides).`,
	);
	const nodeBody = result.runs.guardOff[0]?.requests.sampleCreateBodies[0];
	const rawBody = result.runs.raw[0]?.requests.sampleCreateBodies[0];
	if (nodeBody && rawBody) {
		lines.push(
			'',
			'First create body sent, node then raw loop (they differ only in the reference):',
			'',
			'```',
			nodeBody,
			rawBody,
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

export function resultsMarkdown(results: BenchResults): string {
	const rows = [
		...(results.create ? createRows(results.create) : []),
		...(results.history ? historyRows(results.history) : []),
		...(results.trigger ? triggerRows(results.trigger) : []),
	];
	const parts = [
		machineSection(results),
		'### Summary',
		`Medians over ${results.options.rounds} rounds, min–max in parentheses. Ratio = node ÷ baseline (cost: lower is better).`,
		table(rows),
		'### Details',
	];
	if (results.create) parts.push(createDetails(results.create));
	if (results.history) parts.push(historyDetails(results.history));
	if (results.trigger) parts.push(triggerDetails(results.trigger));
	return parts.join('\n\n');
}
