/**
 * Case 5 (issue #10): what the duplicate guard costs when each execution creates one payout (a form
 * submission). Payout → Create of one item in n8n with Duplicate Guard on and off, with 0, 2,000 and
 * 10,000 payouts in the look-back window (seeded 1 s apart, newest first, before every run): requests and
 * the TYLT node's executionTime per execution.
 */
import type { BenchContext } from '../lib/context';
import { runWorkflow, storeWorkflows } from '../lib/n8nRun';
import { TYLT_NODE_FRAME } from '../lib/profileSummary';
import { countingRequests } from '../lib/requestLog';
import { alternate } from '../lib/rounds';
import { TYLT_NODE, payoutRows, tyltCreateWorkflow } from '../lib/workflows';
import type { CreateRun } from './create';

export type GuardVariant = 'guardOn' | 'guardOff';

export interface GuardDataset {
	/** Payouts seeded inside the look-back window before each execution. */
	history: number;
	runs: Record<GuardVariant, CreateRun[]>;
}

export async function runGuardCase(context: BenchContext): Promise<GuardDataset[]> {
	const { sandbox, options, log } = context;
	const n8n = await context.n8n();
	const rows = payoutRows(1);
	const workflows = await storeWorkflows(n8n, {
		guardOn: tyltCreateWorkflow('bench: one payout, guard on', rows, n8n.credential, true),
		guardOff: tyltCreateWorkflow('bench: one payout, guard off', rows, n8n.credential, false),
	});

	async function run(variant: GuardVariant, history: number): Promise<CreateRun> {
		// Seeded afresh every run: each run adds its own payout to the book.
		await sandbox.call('sandbox.reset', { seed: history });
		const { result: execution, requests } = await countingRequests(
			sandbox,
			() => runWorkflow(n8n, workflows[variant], `guard (${variant}, ${history})`),
			{ withPayouts: true },
		);
		const output = execution.output(TYLT_NODE) as Array<{ alreadySent?: boolean }>;
		if (
			output.length !== 1 ||
			output[0].alreadySent !== false ||
			requests.byEndpoint.createPayout !== 1
		) {
			throw new Error(
				`guard (${variant}, ${history}): ${requests.byEndpoint.createPayout ?? 0} creates, output ${JSON.stringify(output).slice(0, 200)}`,
			);
		}
		return { ...execution.timed(TYLT_NODE), requests };
	}

	const variants: GuardVariant[] = ['guardOn', 'guardOff'];
	log(`guard: warm-up (one payout, guard on and off)`);
	for (const variant of variants) await run(variant, 0);
	const datasets: GuardDataset[] = [];
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
