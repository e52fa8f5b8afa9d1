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
