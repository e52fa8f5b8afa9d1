/**
 * Case 4: what users wait for. The sandbox answers every API request after a set delay (150 ms, a remote
 * API), and the same n8n runs Payout → Create of N payouts (duplicate guard on, the default) with the default
 * Concurrent Payouts and with 20, and Return All of the seeded history. Creates against their floor: the
 * set-up reads plus ⌈N ÷ concurrency⌉ waits; beside them the HTTP Request node, which sends every item's
 * request at once. Return All against requests × latency (pages are read one after another), with the raw
 * paging loop at the same latency showing what transport and sandbox add on top of the waits.
 */
import { DEFAULT_CONCURRENT_PAYOUTS } from '../../nodes/Tylt/actions/payout/create.options';
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

const CREATE_VARIANTS = ['createNode', 'createNode20', 'createNode20Whole', 'createHttpNode'] as const;
const HISTORY_VARIANTS = ['historyNode', 'historyRaw'] as const;
export type LatencyVariant = (typeof CREATE_VARIANTS)[number] | (typeof HISTORY_VARIANTS)[number];

export interface LatencyRun extends TimedRun {
	requests: number;
	/** Requests that were not creates: the reads before the first payout (currency list, history). */
	setUpRequests: number;
}

export type LatencyResult = Awaited<ReturnType<typeof runLatencyCase>>;

/** The create case's and the pagination case's side each variant runs. */
const SIDE = {
	createNode: 'guardOn',
	createNode20: 'guardOn20',
	createNode20Whole: 'guardOn20Whole',
	createHttpNode: 'httpNode',
	historyNode: 'node',
	historyRaw: 'raw',
} as const;

export async function runLatencyCase(context: BenchContext) {
	const { sandbox, options, log } = context;
	const { latencyMs, latencyPayouts: payouts, latencyRecords: records, pageSize } = options.sizes;
	// Each run waits 8–30 s and the waits barely vary: two rounds are enough.
	const rounds = latencyRounds(options.rounds);
	const create = await createSides(context, 'latency, create', payoutRows(payouts));
	const returnAll = await returnAllSides(context, 'latency, Return All', records);

	async function run(variant: LatencyVariant): Promise<LatencyRun> {
		if (variant === 'historyNode' || variant === 'historyRaw') {
			await sandbox.call('sandbox.reset', { latencyMs, seed: records });
			return { ...(await returnAll(SIDE[variant])), setUpRequests: 0 };
		}
		await sandbox.call('sandbox.reset', { latencyMs, seed: 0 });
		const measured = await create(SIDE[variant]);
		return {
			...measured,
			requests: measured.requests.total,
			setUpRequests: measured.requests.total - (measured.requests.byEndpoint.createPayout ?? 0),
		};
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

/**
 * Creates: the least the node can take is its set-up reads and one wait per round of creates in flight
 * together. Return All: pages are read one after another, one wait per request.
 */
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
	const createRow = (variant: 'createNode' | 'createNode20', concurrency: number) => {
		const setUp = median(result.runs[variant].map((run) => run.setUpRequests));
		const rounds = Math.ceil(payouts / concurrency);
		const floor = (setUp + rounds) * latencyMs;
		const which =
			concurrency === DEFAULT_CONCURRENT_PAYOUTS
				? `Concurrent Payouts ${concurrency} (the default)`
				: `Concurrent Payouts ${concurrency}`;
		return measured(
			`4. Create ${thousands(payouts)} payouts in n8n at ${latencyMs} ms per request, duplicate guard on, ${which}: total ÷ (set-up reads + ⌈N ÷ ${concurrency}⌉ × latency)`,
			spread(times(variant), ms),
			`${ms(floor)} ((${setUp} + ${rounds}) × ${latencyMs} ms)`,
			median(times(variant)) / floor,
			TARGETS.concurrentCreates,
		);
	};
	const pages = requests('historyNode');
	const historyLabel = `4. Return All in n8n, ${thousands(records)} records, page ${pageSize}, at ${latencyMs} ms per request`;
	return [
		createRow('createNode', DEFAULT_CONCURRENT_PAYOUTS),
		createRow('createNode20', 20),
		compared(
			`4. HTTP Request node, the same ${thousands(payouts)} creates at ${latencyMs} ms (it sends every item's request at once): TYLT node (Concurrent Payouts ${DEFAULT_CONCURRENT_PAYOUTS}) ÷ HTTP Request node`,
			times('createNode'),
			times('createHttpNode'),
		),
		compared(
			`4. The same at Concurrent Payouts 20: rows sent as they are checked ÷ every row checked before the first create (the pace as an expression)`,
			times('createNode20'),
			times('createNode20Whole'),
		),
		compared(
			`4. The same: TYLT node (Concurrent Payouts 20) ÷ HTTP Request node`,
			times('createNode20'),
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
		createNode: `TYLT node, Create ${thousands(payouts)}, guard on, Concurrent Payouts ${DEFAULT_CONCURRENT_PAYOUTS}`,
		createNode20: `TYLT node, Create ${thousands(payouts)}, guard on, Concurrent Payouts 20`,
		createNode20Whole: `TYLT node, the same, every row checked before the first create`,
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
