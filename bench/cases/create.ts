/**
 * Case 1: Payout → Create for N input items in a real n8n: the TYLT node (its own executionTime from the run
 * data) with the duplicate guard on and off; the user's alternative, n8n's HTTP Request node with the TYLT API
 * credential and the same per-item expressions; and the floor, the raw signed loop over the same payouts
 * outside n8n. The sandbox is reset before every run and every run uses fresh references, so every payout
 * is really created.
 */
import type { BenchContext } from '../lib/context';
import { runWorkflow } from '../lib/n8nRun';
import { HTTP_NODE_FRAME, TYLT_NODE_FRAME } from '../lib/profileSummary';
import type { CreateResult, CreateRun, CreateVariant } from '../lib/results';
import { rotated } from '../lib/stats';
import {
	HTTP_NODE,
	TYLT_NODE,
	httpCreateWorkflow,
	payoutRows,
	tyltCreateWorkflow,
} from '../lib/workflows';
import type { BenchJobs } from '../workers/jobs';

const VARIANTS: CreateVariant[] = ['guardOn', 'guardOff', 'httpNode', 'raw'];

export async function runCreateCase(context: BenchContext<BenchJobs>): Promise<CreateResult> {
	const { sandbox, access, options, log } = context;
	const n8n = await context.n8n();
	const count = options.sizes.payouts;
	const rows = payoutRows(count);
	const store = async (workflow: object) => (await n8n.client.createWorkflow(workflow)).id;
	const workflows = {
		guardOn: await store(tyltCreateWorkflow('bench: create, guard on', rows, n8n.credential, true)),
		guardOff: await store(
			tyltCreateWorkflow('bench: create, guard off', rows, n8n.credential, false),
		),
		httpNode: await store(
			httpCreateWorkflow('bench: create, HTTP Request node', rows, n8n.credential, access.url),
		),
	};
	const raw = context.worker('raw create loop');

	let rawRun = 0;
	async function run(variant: CreateVariant): Promise<CreateRun> {
		await sandbox.call('sandbox.reset', {});
		const { index } = await sandbox.call('sandbox.mark', {});
		let ms: number;
		let startedAt: number | undefined;
		let n8nCpuMs: number | undefined;
		if (variant === 'raw') {
			rawRun++;
			const payouts = rows.map((row, item) => ({ ...row, ref: `raw-${rawRun}-${item}` }));
			ms = (await raw.call('create.raw', { ...access, payouts })).ms;
		} else {
			const execution = await runWorkflow(n8n, workflows[variant], `create (${variant})`);
			const nodeName = variant === 'httpNode' ? HTTP_NODE : TYLT_NODE;
			const output = execution.output(nodeName) as Array<{
				alreadySent?: boolean;
				data?: { orderId?: string };
			}>;
			const fresh = output.filter((item) =>
				variant === 'httpNode' ? Boolean(item.data?.orderId) : item.alreadySent === false,
			).length;
			if (fresh !== count)
				throw new Error(`create (${variant}): ${fresh} of ${count} payouts were new`);
			ms = execution.nodeMs[nodeName];
			startedAt = execution.nodeStartedAt[nodeName];
			n8nCpuMs = execution.n8nCpuMs;
		}
		const requests = await sandbox.call('sandbox.summary', { since: index, withPayouts: true });
		if (requests.byEndpoint.createPayout !== count || requests.payoutsStored !== count) {
			throw new Error(
				`create (${variant}): ${requests.byEndpoint.createPayout} creates sent, ${requests.payoutsStored} payouts stored, ${count} expected`,
			);
		}
		return { ms, startedAt, n8nCpuMs, requests };
	}

	log(`create: warm-up (${count} payouts each: ${VARIANTS.join(', ')})`);
	for (const variant of VARIANTS) await run(variant);

	const result: CreateResult = {
		payouts: count,
		runs: { guardOn: [], guardOff: [], httpNode: [], raw: [] },
	};
	for (let round = 0; round < options.rounds; round++) {
		for (const variant of rotated(VARIANTS, round)) {
			const measured = await run(variant);
			result.runs[variant].push(measured);
			log(
				`create: round ${round + 1}/${options.rounds} ${variant}: ${measured.ms.toFixed(0)} ms, ${measured.requests.total} requests`,
			);
		}
	}
	await context.profiled(`Create ${count}, TYLT node, guard on`, TYLT_NODE_FRAME, () =>
		run('guardOn'),
	);
	await context.profiled(`Create ${count}, TYLT node, guard off`, TYLT_NODE_FRAME, () =>
		run('guardOff'),
	);
	await context.profiled(`Create ${count}, HTTP Request node`, HTTP_NODE_FRAME, () =>
		run('httpNode'),
	);
	return result;
}
