/**
 * Case 4: what users wait for. The sandbox answers every API request after a set delay (150 ms, a remote
 * API), and the same n8n runs Payout → Create of N payouts (duplicate guard on, the default) and Return All
 * of the seeded history. Each against its floor: requests × latency, since the node sends one request after
 * another; the raw loops at the same latency show what transport and sandbox add on top of the waits.
 * The HTTP Request node's creates are timed too: it sends all items' requests at once.
 */
import type { BenchContext } from '../lib/context';
import type { TimedRun } from '../lib/n8nRun';
import { runWorkflow, storeWorkflows } from '../lib/n8nRun';
import { latencyRounds } from '../lib/options';
import { TYLT_NODE_FRAME } from '../lib/profileSummary';
import { countingRequests } from '../lib/requestLog';
import { alternate } from '../lib/rounds';
import {
	HTTP_NODE,
	TYLT_NODE,
	httpCreateWorkflow,
	payoutRows,
	tyltCreateWorkflow,
	tyltReturnAllWorkflow,
} from '../lib/workflows';

const CREATE_VARIANTS = ['createNode', 'createRaw', 'createHttpNode'] as const;
const HISTORY_VARIANTS = ['historyNode', 'historyRaw'] as const;
export type LatencyVariant = (typeof CREATE_VARIANTS)[number] | (typeof HISTORY_VARIANTS)[number];

export interface LatencyRun extends TimedRun {
	requests: number;
}

/** The sandbox answering every request after `latencyMs`. */
export interface LatencyResult {
	latencyMs: number;
	payouts: number;
	records: number;
	pageSize: number;
	runs: Record<LatencyVariant, LatencyRun[]>;
}

export async function runLatencyCase(context: BenchContext): Promise<LatencyResult> {
	const { sandbox, access, options, log } = context;
	const n8n = await context.n8n();
	const { latencyMs, latencyPayouts: payouts, latencyRecords: records, pageSize } = options.sizes;
	// Each run waits 15 s and the waits barely vary: two rounds keep the full bench near 7 minutes.
	const rounds = latencyRounds(options.rounds);
	const rows = payoutRows(payouts);
	const workflows = await storeWorkflows(n8n, {
		createNode: tyltCreateWorkflow('bench: latency, create, guard on', rows, n8n.credential, true),
		createHttpNode: httpCreateWorkflow(
			'bench: latency, create, HTTP Request',
			rows,
			n8n.credential,
			access.url,
		),
		historyNode: tyltReturnAllWorkflow('bench: latency, Return All', n8n.credential, pageSize),
	});
	const raw = context.worker('latency: raw loops');
	let rawRun = 0;

	/** The variant's run, and how many payouts it created or records it read. */
	async function timed(variant: LatencyVariant): Promise<TimedRun & { done: number }> {
		if (variant === 'createRaw') {
			rawRun++;
			const batch = rows.map((row, item) => ({ ...row, ref: `latency-${rawRun}-${item}` }));
			const answer = await raw.call('create.raw', { ...access, payouts: batch });
			return { ms: answer.ms, done: answer.created };
		}
		if (variant === 'historyRaw') {
			const answer = await raw.call('history.raw', { ...access, pageSize });
			return { ms: answer.ms, done: answer.records };
		}
		const execution = await runWorkflow(n8n, workflows[variant], `latency (${variant})`);
		const nodeName = variant === 'createHttpNode' ? HTTP_NODE : TYLT_NODE;
		return { ...execution.timed(nodeName), done: execution.output(nodeName).length };
	}

	async function run(variant: LatencyVariant): Promise<LatencyRun> {
		const history = variant.startsWith('history');
		await sandbox.call('sandbox.reset', { latencyMs, seed: history ? records : 0 });
		const {
			result: { done, ...measured },
			requests,
		} = await countingRequests(sandbox, () => timed(variant), { withPayouts: !history });
		const expected = history ? records : payouts;
		if (done !== expected || (!history && requests.byEndpoint.createPayout !== payouts)) {
			throw new Error(
				`latency (${variant}): ${done} of ${expected} done, ${requests.byEndpoint.createPayout ?? 0} creates sent`,
			);
		}
		if (requests.byStatus['200'] !== requests.total) {
			throw new Error(`latency (${variant}): answers ${JSON.stringify(requests.byStatus)}`);
		}
		return { ...measured, requests: requests.total };
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
