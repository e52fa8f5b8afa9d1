/** Case 4 in the results: each run against the waits its requests cannot avoid. */
import type { Row } from '../lib/rows';
import { compared, distinct, fact, LATENCY_TARGET, measured, table } from '../lib/rows';
import { median, ms, percent, spread, thousands } from '../lib/stats';
import type { LatencyResult, LatencyVariant } from './latency';

/** Sequential requests: the least any client can take at this latency is one wait per request. */
export function latencyRows(result: LatencyResult): Row[] {
	const { latencyMs, payouts, records, pageSize } = result;
	const times = (variant: LatencyVariant) => result.runs[variant].map((run) => run.ms);
	const requests = (variant: LatencyVariant) =>
		median(result.runs[variant].map((run) => run.requests));
	const waits = (variant: LatencyVariant) => requests(variant) * latencyMs;
	/** Time not spent waiting for TYLT: the total minus one wait per request made. */
	const ownShare = (variant: LatencyVariant) => {
		const total = median(times(variant));
		const own = total - waits(variant);
		return `${ms(own)} of ${ms(total)} = ${percent(own / total)} (${thousands(requests(variant))} requests × ${latencyMs} ms waited)`;
	};
	const createFloor = payouts * latencyMs;
	const pages = requests('historyNode');
	const createLabel = `4. Create ${thousands(payouts)} payouts in n8n at ${latencyMs} ms per request, duplicate guard on`;
	const historyLabel = `4. Return All in n8n, ${thousands(records)} records, page ${pageSize}, at ${latencyMs} ms per request`;
	return [
		measured(
			`${createLabel}: total ÷ (payouts × latency)`,
			spread(times('createNode'), ms),
			`${ms(createFloor)} (${thousands(payouts)} × ${latencyMs} ms)`,
			median(times('createNode')) / createFloor,
			LATENCY_TARGET,
		),
		fact(
			`${createLabel}: the node's own share (time not spent waiting for TYLT), raw signed loop beside it`,
			ownShare('createNode'),
			ownShare('createRaw'),
		),
		measured(
			`4. Floor at ${latencyMs} ms: raw signed loop, ${thousands(payouts)} creates ÷ (payouts × latency)`,
			spread(times('createRaw'), ms),
			ms(createFloor),
			median(times('createRaw')) / createFloor,
			undefined,
			3,
		),
		compared(
			`4. HTTP Request node, the same ${thousands(payouts)} creates at ${latencyMs} ms (it sends every item's request at once): TYLT node ÷ HTTP Request node`,
			times('createNode'),
			times('createHttpNode'),
		),
		measured(
			`${historyLabel}: total ÷ (pages × latency)`,
			spread(times('historyNode'), ms),
			`${ms(waits('historyNode'))} (${thousands(pages)} × ${latencyMs} ms)`,
			median(times('historyNode')) / waits('historyNode'),
			LATENCY_TARGET,
		),
		fact(
			`${historyLabel}: the node's own share (time not spent waiting for TYLT), raw paging loop beside it`,
			ownShare('historyNode'),
			ownShare('historyRaw'),
		),
		measured(
			`4. Floor at ${latencyMs} ms: raw paging loop ÷ (pages × latency)`,
			spread(times('historyRaw'), ms),
			ms(waits('historyRaw')),
			median(times('historyRaw')) / waits('historyRaw'),
			undefined,
			3,
		),
	];
}

export function latencyDetails(result: LatencyResult): string {
	const { payouts, records } = result;
	const names: Record<LatencyVariant, string> = {
		createNode: `TYLT node, Create ${thousands(payouts)}, guard on`,
		createRaw: `raw signed loop, ${thousands(payouts)} creates`,
		createHttpNode: `HTTP Request node, ${thousands(payouts)} creates`,
		historyNode: `TYLT node, Return All of ${thousands(records)}`,
		historyRaw: `raw paging loop, ${thousands(records)} records`,
	};
	return [
		`#### 4. At ${result.latencyMs} ms per request`,
		'The sandbox holds every API request for the latency before handling it (`latencyMs`). Rounds alternate within the creates and within the Return Alls; no warm-up runs.',
		table(
			['Variant', 'requests', 'rounds', 'median'],
			'lrlr',
			(Object.keys(names) as LatencyVariant[]).map((variant) => {
				const runs = result.runs[variant];
				const times = runs.map((run) => run.ms);
				return [
					names[variant],
					distinct(runs.map((run) => run.requests)),
					times.map(ms).join(', '),
					ms(median(times)),
				];
			}),
		),
	].join('\n\n');
}
