/**
 * Case 5 (issue #10): what the duplicate guard costs when each execution creates one payout (a form
 * submission). Payout → Create of one item in n8n with Duplicate Guard on and off, with 0, 2,000 and
 * 10,000 payouts in the look-back window (seeded 1 s apart, newest first, before every run): requests and
 * the TYLT node's executionTime per execution.
 */
import type { BenchContext } from '../lib/context';
import { TYLT_NODE_FRAME } from '../lib/profileSummary';
import { alternate } from '../lib/rounds';
import { payoutRows } from '../lib/workflows';
import type { CreateRun } from './create';
import { createSides } from './create';
import type { Row } from '../lib/rows';
import { compared, distinct, fact, table } from '../lib/rows';
import { median, ms, thousands } from '../lib/stats';

export type GuardVariant = 'guardOn' | 'guardOff';

/** Per history size (payouts seeded inside the look-back window before each execution): the rounds. */
export type GuardDataset = Awaited<ReturnType<typeof runGuardCase>>[number];

export async function runGuardCase(context: BenchContext) {
	const { sandbox, options, log } = context;
	const create = await createSides(context, 'one payout', payoutRows(1));
	async function run(variant: GuardVariant, history: number): Promise<CreateRun> {
		// Seeded afresh every run: each run adds its own payout to the book.
		await sandbox.call('sandbox.reset', { seed: history });
		return await create(variant, history);
	}

	const variants: GuardVariant[] = ['guardOn', 'guardOff'];
	log(`guard: warm-up (one payout, guard on and off)`);
	for (const variant of variants) await run(variant, 0);
	const datasets = [];
	for (const history of options.sizes.guardHistory) {
		const runs = await alternate({
			variants,
			rounds: options.rounds,
			label: `guard: ${history} payouts in the window`,
			log,
			run: (variant) => run(variant, history),
			describe: (measured) => `${measured.ms.toFixed(0)} ms, ${measured.requests.total} requests`,
			warmUp: false,
		});
		datasets.push({ history, runs });
	}
	const most = Math.max(...options.sizes.guardHistory);
	await context.profiled(`One payout, guard on, ${most} in the window`, TYLT_NODE_FRAME, () =>
		run('guardOn', most),
	);
	return datasets;
}

/** The latency case's: what the guard's requests would cost against a remote API. */
const REMOTE_LATENCY_MS = 150;

function datasetRows({ history, runs }: GuardDataset): Row[] {
	const label = `5. One payout per execution (a form), ${thousands(history)} payouts in the look-back window`;
	const times = (variant: GuardVariant) => runs[variant].map((run) => run.ms);
	const requests = (variant: GuardVariant) => runs[variant].map((run) => run.requests.total);
	const historyPages = runs.guardOn.map((run) => run.requests.byEndpoint.payoutHistory ?? 0);
	return [
		compared(`${label}: time, guard on ÷ guard off`, times('guardOn'), times('guardOff')),
		fact(
			`${label}: requests, guard on (history pages) against guard off`,
			`${distinct(requests('guardOn'))} (${distinct(historyPages)} history)`,
			distinct(requests('guardOff')),
		),
	];
}

export const guardRows = (datasets: GuardDataset[]) => datasets.flatMap(datasetRows);

export function guardDetails(datasets: GuardDataset[]): string {
	return [
		'#### 5. Duplicate guard, one payout per execution',
		`Manual Trigger → Code (one row) → TYLT Payout → Create, Duplicate Guard on (look-back: the default 168 hours) and off. Before every run the sandbox is reset and the history seeded afresh (1 s apart, newest first: all inside the window). "At ${REMOTE_LATENCY_MS} ms" is derived: requests × ${REMOTE_LATENCY_MS} ms, since every request waits for the one before.`,
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
			datasets.flatMap(({ history, runs }) =>
				(['guardOn', 'guardOff'] as const).map((variant) => {
					const endpoints = Object.entries(runs[variant][0]?.requests.byEndpoint ?? {})
						.map(([endpoint, count]) => `${endpoint} ${count}`)
						.join(', ');
					const total = median(runs[variant].map((run) => run.requests.total));
					const times = runs[variant].map((run) => run.ms);
					return [
						thousands(history),
						variant === 'guardOn' ? 'on' : 'off',
						`${thousands(total)} (${endpoints})`,
						ms(median(times)),
						times.map(ms).join(', '),
						`≈ ${ms(total * REMOTE_LATENCY_MS)}`,
					];
				}),
			),
		),
	].join('\n\n');
}
