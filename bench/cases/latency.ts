/**
 * Case 4: what users wait for. The sandbox answers every API request after a set delay (150 ms, a remote
 * API), and the same n8n runs Payout → Create of N payouts (duplicate guard on, the default) and Return All
 * of the seeded history. Each against its floor: requests × latency, since the node sends one request after
 * another; the raw loops at the same latency show what transport and sandbox add on top of the waits.
 * The HTTP Request node's creates are timed too: it sends all items' requests at once.
 */
import type { BenchContext } from '../lib/context';
import type { TimedRun } from '../lib/n8nRun';
import { latencyRounds } from '../lib/options';
import { TYLT_NODE_FRAME } from '../lib/profileSummary';
import { alternate } from '../lib/rounds';
import { payoutRows } from '../lib/workflows';
import { createSides } from './create';
import { returnAllSides } from './pagination';
import { compared, distinct, fact, measured, type Row, table, TARGETS } from '../lib/rows';
import { median, ms, percent, spread, thousands } from '../lib/stats';

const CREATE_VARIANTS = ['createNode', 'createRaw', 'createHttpNode'] as const;
const HISTORY_VARIANTS = ['historyNode', 'historyRaw'] as const;
export type LatencyVariant = (typeof CREATE_VARIANTS)[number] | (typeof HISTORY_VARIANTS)[number];

export interface LatencyRun extends TimedRun {
	requests: number;
}

export type LatencyResult = Awaited<ReturnType<typeof runLatencyCase>>;

/** The create case's and the pagination case's side each variant runs. */
const SIDE = {
	createNode: 'guardOn',
	createRaw: 'raw',
	createHttpNode: 'httpNode',
	historyNode: 'node',
	historyRaw: 'raw',
} as const;

export async function runLatencyCase(context: BenchContext) {
	const { sandbox, options, log } = context;
	const { latencyMs, latencyPayouts: payouts, latencyRecords: records, pageSize } = options.sizes;
	// Each run waits 15 s and the waits barely vary: two rounds keep the full bench near 7 minutes.
	const rounds = latencyRounds(options.rounds);
	const create = await createSides(context, 'latency, create', payoutRows(payouts));
	const returnAll = await returnAllSides(context, 'latency, Return All', records);

	async function run(variant: LatencyVariant): Promise<LatencyRun> {
		if (variant === 'historyNode' || variant === 'historyRaw') {
			await sandbox.call('sandbox.reset', { latencyMs, seed: records });
			return await returnAll(SIDE[variant]);
		}
		await sandbox.call('sandbox.reset', { latencyMs, seed: 0 });
		const measured = await create(SIDE[variant]);
		return { ...measured, requests: measured.requests.total };
	}

	// No warm-up runs (each would cost 15 s of waiting): the waits dominate, the rounds are few, and in a full
	// run the cases before this one have already run every node involved in this n8n.
	const inRounds = <Variant extends LatencyVariant>(variants: readonly Variant[]) =>
		alternate({
			variants,
			rounds,
			label: `latency ${latencyMs} ms`,
			log,
			run,
			describe: (measured) => `${measured.ms.toFixed(0)} ms, ${measured.requests} requests`,
			warmUp: false,
		});
	const runs = { ...(await inRounds(CREATE_VARIANTS)), ...(await inRounds(HISTORY_VARIANTS)) };
	await context.profiled(`Create ${payouts} at ${latencyMs} ms, TYLT node`, TYLT_NODE_FRAME, () =>
		run('createNode'),
	);
	await context.profiled(
		`Return All ${records} at ${latencyMs} ms, TYLT node`,
		TYLT_NODE_FRAME,
		() => run('historyNode'),
	);
	await sandbox.call('sandbox.reset', {});
	return { latencyMs, payouts, records, pageSize, runs };
}

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
			TARGETS.latency,
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
			TARGETS.latency,
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
