/**
 * Case 4: what users wait for. The sandbox answers every API request after a set delay (150 ms, a remote
 * API), and the same n8n runs Payout → Create of N payouts (duplicate guard on, the default) and Return All
 * of the seeded history. Each against its floor: requests × latency, since the node sends one request after
 * another; the raw loops at the same latency show what transport and sandbox add on top of the waits.
 * The HTTP Request node's creates are timed too: it sends all items' requests at once.
 */
import type { BenchContext } from '../lib/context';
import { runWorkflow } from '../lib/n8nRun';
import { TYLT_NODE_FRAME } from '../lib/profileSummary';
import type { LatencyResult, LatencyRun, LatencyVariant } from '../lib/results';
import { latencyRounds } from '../lib/options';
import { rotated } from '../lib/stats';
import {
	HTTP_NODE,
	TYLT_NODE,
	httpCreateWorkflow,
	payoutRows,
	tyltCreateWorkflow,
	tyltReturnAllWorkflow,
} from '../lib/workflows';
import type { BenchJobs } from '../workers/jobs';

const CREATE_VARIANTS: LatencyVariant[] = ['createNode', 'createRaw', 'createHttpNode'];
const HISTORY_VARIANTS: LatencyVariant[] = ['historyNode', 'historyRaw'];

export async function runLatencyCase(context: BenchContext<BenchJobs>): Promise<LatencyResult> {
	const { sandbox, access, options, log } = context;
	const n8n = await context.n8n();
	const { latencyMs, latencyPayouts: payouts, latencyRecords: records, pageSize } = options.sizes;
	// Each run waits 15 s and the waits barely vary: two rounds keep the full bench near 7 minutes.
	const rounds = latencyRounds(options.rounds);
	const rows = payoutRows(payouts);
	const store = async (workflow: object) => (await n8n.client.createWorkflow(workflow)).id;
	const workflows = {
		createNode: await store(
			tyltCreateWorkflow('bench: latency, create, guard on', rows, n8n.credential, true),
		),
		createHttpNode: await store(
			httpCreateWorkflow('bench: latency, create, HTTP Request', rows, n8n.credential, access.url),
		),
		historyNode: await store(
			tyltReturnAllWorkflow('bench: latency, Return All', n8n.credential, pageSize),
		),
	};
	const raw = context.worker('latency: raw loops');
	let rawRun = 0;

	async function run(variant: LatencyVariant): Promise<LatencyRun> {
		const history = variant.startsWith('history');
		await sandbox.call('sandbox.reset', { latencyMs, seed: history ? records : 0 });
		const { index } = await sandbox.call('sandbox.mark', {});
		let ms: number;
		let done: number;
		let startedAt: number | undefined;
		if (variant === 'createRaw') {
			rawRun++;
			const batch = rows.map((row, item) => ({ ...row, ref: `latency-${rawRun}-${item}` }));
			const answer = await raw.call('create.raw', { ...access, payouts: batch });
			ms = answer.ms;
			done = answer.created;
		} else if (variant === 'historyRaw') {
			const answer = await raw.call('history.raw', { ...access, pageSize });
			ms = answer.ms;
			done = answer.records;
		} else {
			const execution = await runWorkflow(n8n, workflows[variant], `latency (${variant})`);
			const nodeName = variant === 'createHttpNode' ? HTTP_NODE : TYLT_NODE;
			ms = execution.nodeMs[nodeName];
			startedAt = execution.nodeStartedAt[nodeName];
			done = execution.output(nodeName).length;
		}
		const summary = await sandbox.call('sandbox.summary', { since: index, withPayouts: !history });
		const expected = history ? records : payouts;
		if (done !== expected || (!history && summary.byEndpoint.createPayout !== payouts)) {
			throw new Error(
				`latency (${variant}): ${done} of ${expected} done, ${summary.byEndpoint.createPayout ?? 0} creates sent`,
			);
		}
		if (summary.byStatus['200'] !== summary.total) {
			throw new Error(`latency (${variant}): answers ${JSON.stringify(summary.byStatus)}`);
		}
		return { ms, startedAt, requests: summary.total };
	}

	const result: LatencyResult = {
		latencyMs,
		payouts,
		records,
		pageSize,
		runs: { createNode: [], createRaw: [], createHttpNode: [], historyNode: [], historyRaw: [] },
	};
	// No warm-up runs (each would cost 15 s of waiting): the waits dominate, the rounds are few, and in a full
	// run the cases before this one have already run every node involved in this n8n.
	for (const group of [CREATE_VARIANTS, HISTORY_VARIANTS]) {
		for (let round = 0; round < rounds; round++) {
			for (const variant of rotated(group, round)) {
				const measured = await run(variant);
				result.runs[variant].push(measured);
				log(
					`latency ${latencyMs} ms: round ${round + 1}/${rounds} ${variant}: ${measured.ms.toFixed(0)} ms, ${measured.requests} requests`,
				);
			}
		}
	}
	await context.profiled(`Create ${payouts} at ${latencyMs} ms, TYLT node`, TYLT_NODE_FRAME, () =>
		run('createNode'),
	);
	await context.profiled(
		`Return All ${records} at ${latencyMs} ms, TYLT node`,
		TYLT_NODE_FRAME,
		() => run('historyNode'),
	);
	await sandbox.call('sandbox.reset', {});
	return result;
}
