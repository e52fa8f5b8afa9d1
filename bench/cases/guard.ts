/**
 * Case 5 (issues #10, #18): what the duplicate guard costs when each execution creates one payout (a form
 * submission). Payout → Create of one item in n8n with Duplicate Guard on and off, with 0, 2,000 and 10,000
 * payouts in the look-back window (seeded 1 s apart, newest first, once per size): the first execution reads
 * the window in full, later ones only what is new since (the history cache). Measured: the first execution,
 * then the steady state (requests and the TYLT node's executionTime per execution).
 */
import type { BenchContext } from '../lib/context';
import { TYLT_NODE_FRAME } from '../lib/profileSummary';
import { alternate } from '../lib/rounds';
import { payoutRows } from '../lib/workflows';
import type { CreateRun } from './create';
import { createSides } from './create';
import type { Row } from '../lib/rows';
import { compared, distinct, fact, NO, table, TARGETS, YES } from '../lib/rows';
import { median, ms, thousands } from '../lib/stats';

export type GuardVariant = 'guardOn' | 'guardOff';

/** Per history size (payouts in the look-back window): the first execution and the steady-state rounds. */
export type GuardDataset = Awaited<ReturnType<typeof runGuardCase>>[number];

/** The default Duplicate Look-Back, 168 hours: the window the seeded payouts are spread over. */
const LOOK_BACK_MS = 168 * 3_600_000;

/** Steady state: at most this many requests per execution (currency list, one history page, the create). */
const STEADY_REQUESTS_MAX = 3;

export async function runGuardCase(context: BenchContext) {
	const { sandbox, options, log } = context;
	const create = await createSides(context, 'one payout', payoutRows(1));
	const variants: GuardVariant[] = ['guardOn', 'guardOff'];
	let stored = 0;
	async function run(variant: GuardVariant): Promise<CreateRun> {
		const measured = await create(variant, stored);
		stored++;
		return measured;
	}
	/**
	 * Seeds the window so that it holds `history` payouts when the last execution reads it (the cap is 10,000),
	 * spread evenly over the default look-back as an account paying steadily has them (10,000 in 168 hours is
	 * one a minute). How far an execution reads below the newest payout depends on how many were made in the
	 * late-arrival margin, not on the window's size (docs/money-safety.md: History cache).
	 */
	async function seed(history: number) {
		const executions = 2 + 2 * options.rounds;
		stored = Math.max(0, history - executions);
		const seedSpacingMs =
			stored === 0
				? undefined
				: Math.max(1000, Math.floor(LOOK_BACK_MS / (stored + 1) / 1000) * 1000);
		await sandbox.call('sandbox.reset', { seed: stored, seedSpacingMs });
	}

	log(`guard: warm-up (one payout, guard on and off)`);
	await seed(0);
	for (const variant of variants) await run(variant);
	const datasets = [];
	for (const history of options.sizes.guardHistory) {
		await seed(history);
		// The first execution after the seeding reads the whole window (a new history for the cache).
		const first = await run('guardOn');
		await run('guardOff');
		log(
			`guard: ${history} payouts, first execution: ${first.ms.toFixed(0)} ms, ${first.requests.total} requests`,
		);
		const runs = await alternate({
			variants,
			rounds: options.rounds,
			label: `guard: ${history} payouts in the window, steady state`,
			log,
			run,
			describe: (measured) => `${measured.ms.toFixed(0)} ms, ${measured.requests.total} requests`,
			warmUp: false,
		});
		datasets.push({ history, first, runs });
	}
	const most = Math.max(...options.sizes.guardHistory);
	await context.profiled(
		`One payout, guard on, ${most} in the window, steady state`,
		TYLT_NODE_FRAME,
		() => run('guardOn'),
	);
	return datasets;
}

/** The latency case's: what the guard's requests would cost against a remote API. */
const REMOTE_LATENCY_MS = 150;

function datasetRows({ history, first, runs }: GuardDataset): Row[] {
	const label = `5. One payout per execution (a form), ${thousands(history)} payouts in the look-back window`;
	const times = (variant: GuardVariant) => runs[variant].map((run) => run.ms);
	const requests = (variant: GuardVariant) => runs[variant].map((run) => run.requests.total);
	const historyPages = runs.guardOn.map((run) => run.requests.byEndpoint.payoutHistory ?? 0);
	return [
		compared(
			`${label}, steady state: time, guard on ÷ guard off`,
			times('guardOn'),
			times('guardOff'),
			TARGETS.guardSteady,
		),
		fact(
			`${label}, steady state: requests per execution, guard on (history pages) against guard off`,
			`${distinct(requests('guardOn'))} (${distinct(historyPages)} history)`,
			distinct(requests('guardOff')),
			`≤ ${STEADY_REQUESTS_MAX}`,
			requests('guardOn').every((value) => value <= STEADY_REQUESTS_MAX)
				? YES
				: `${NO} (see analysis)`,
		),
		fact(
			`${label}: the first execution in the process (reads the window in full), requests`,
			`${first.requests.total} (${first.requests.byEndpoint.payoutHistory ?? 0} history)`,
			distinct(requests('guardOff')),
		),
	];
}

export const guardRows = (datasets: GuardDataset[]) => datasets.flatMap(datasetRows);

export function guardDetails(datasets: GuardDataset[]): string {
	return [
		'#### 5. Duplicate guard, one payout per execution',
		`Manual Trigger → Code (one row) → TYLT Payout → Create, Duplicate Guard on (look-back: the default 168 hours) and off, in one n8n process. Per size the sandbox is reset and seeded once (1 s apart, newest first: all inside the window; a few fewer than the size, so that the window holds the size when the last run reads it), one execution with the guard on reads the window in full, then the rounds run in steady state: each execution reads only what is new since (the history cache). "At ${REMOTE_LATENCY_MS} ms" is derived: requests × ${REMOTE_LATENCY_MS} ms, since every request waits for the one before.`,
		table(
			[
				'Payouts in the window',
				'guard',
				'requests (by endpoint)',
				'median time',
				'rounds',
				`at ${REMOTE_LATENCY_MS} ms per request`,
			],
			'rllrlr',
			datasets.flatMap(({ history, first, runs }) => [
				[
					thousands(history),
					'on, first execution',
					`${thousands(first.requests.total)} (${Object.entries(first.requests.byEndpoint)
						.map(([endpoint, count]) => `${endpoint} ${count}`)
						.join(', ')})`,
					ms(first.ms),
					'1',
					`≈ ${ms(first.requests.total * REMOTE_LATENCY_MS)}`,
				],
				...(['guardOn', 'guardOff'] as const).map((variant) => {
					const endpoints = Object.entries(runs[variant][0]?.requests.byEndpoint ?? {})
						.map(([endpoint, count]) => `${endpoint} ${count}`)
						.join(', ');
					const total = median(runs[variant].map((run) => run.requests.total));
					const times = runs[variant].map((run) => run.ms);
					return [
						thousands(history),
						variant === 'guardOn' ? 'on, steady state' : 'off',
						`${thousands(total)} (${endpoints})`,
						ms(median(times)),
						times.map(ms).join(', '),
						`≈ ${ms(total * REMOTE_LATENCY_MS)}`,
					];
				}),
			]),
		),
	].join('\n\n');
}
