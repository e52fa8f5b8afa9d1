/**
 * Case 5 (issue #10): what the duplicate guard costs when each execution creates one payout (a form
 * submission). Payout → Create of one item in n8n with Duplicate Guard on and off, with 0, 2,000 and
 * 10,000 payouts in the look-back window (seeded 1 s apart, newest first, before every run): requests and
 * the TYLT node's executionTime per execution.
 */
import type { BenchContext } from '../lib/context';
import { runWorkflow } from '../lib/n8nRun';
import { TYLT_NODE_FRAME } from '../lib/profileSummary';
import type { GuardDataset, GuardRun, GuardVariant } from '../lib/results';
import { rotated } from '../lib/stats';
import { TYLT_NODE, payoutRows, tyltCreateWorkflow } from '../lib/workflows';
import type { BenchJobs } from '../workers/jobs';

export async function runGuardCase(context: BenchContext<BenchJobs>): Promise<GuardDataset[]> {
	const { sandbox, options, log } = context;
	const n8n = await context.n8n();
	const rows = payoutRows(1);
	const workflows: Record<GuardVariant, string> = {
		guardOn: (
			await n8n.client.createWorkflow(
				tyltCreateWorkflow('bench: one payout, guard on', rows, n8n.credential, true),
			)
		).id,
		guardOff: (
			await n8n.client.createWorkflow(
				tyltCreateWorkflow('bench: one payout, guard off', rows, n8n.credential, false),
			)
		).id,
	};

	async function run(variant: GuardVariant, history: number): Promise<GuardRun> {
		// Seeded afresh every run: each run adds its own payout to the book.
		await sandbox.call('sandbox.reset', { seed: history });
		const { index } = await sandbox.call('sandbox.mark', {});
		const execution = await runWorkflow(n8n, workflows[variant], `guard (${variant}, ${history})`);
		const output = execution.output(TYLT_NODE) as Array<{ alreadySent?: boolean }>;
		const requests = await sandbox.call('sandbox.summary', { since: index, withPayouts: true });
		if (
			output.length !== 1 ||
			output[0].alreadySent !== false ||
			requests.byEndpoint.createPayout !== 1
		) {
			throw new Error(
				`guard (${variant}, ${history}): ${requests.byEndpoint.createPayout ?? 0} creates, output ${JSON.stringify(output).slice(0, 200)}`,
			);
		}
		return {
			ms: execution.nodeMs[TYLT_NODE],
			startedAt: execution.nodeStartedAt[TYLT_NODE],
			requests,
		};
	}

	const variants: GuardVariant[] = ['guardOn', 'guardOff'];
	const datasets: GuardDataset[] = [];
	log(`guard: warm-up (one payout, guard on and off)`);
	for (const variant of variants) await run(variant, 0);
	for (const history of options.sizes.guardHistory) {
		const dataset: GuardDataset = { history, runs: { guardOn: [], guardOff: [] } };
		for (let round = 0; round < options.rounds; round++) {
			for (const variant of rotated(variants, round)) {
				const measured = await run(variant, history);
				dataset.runs[variant].push(measured);
				log(
					`guard: ${history} payouts in the window, round ${round + 1}/${options.rounds} ${variant}: ${measured.ms.toFixed(0)} ms, ${measured.requests.total} requests`,
				);
			}
		}
		datasets.push(dataset);
	}
	const most = Math.max(...options.sizes.guardHistory);
	await context.profiled(`One payout, guard on, ${most} in the window`, TYLT_NODE_FRAME, () =>
		run('guardOn', most),
	);
	return datasets;
}
