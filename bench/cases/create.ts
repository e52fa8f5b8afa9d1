/**
 * Case 1: Payout → Create for N input items in a real n8n: the TYLT node (its own executionTime from the run
 * data) with the duplicate guard on and off; the user's alternative, n8n's HTTP Request node with the TYLT API
 * credential and the same per-item expressions; and the floor, the raw signed loop over the same payouts
 * outside n8n. The sandbox is reset before every run and every run uses fresh references, so every payout
 * is really created.
 */
import type { BenchContext } from '../lib/context';
import type { RequestSummary } from '../lib/jobs';
import type { TimedRun } from '../lib/n8nRun';
import { runWorkflow, storeWorkflows } from '../lib/n8nRun';
import { HTTP_NODE_FRAME, TYLT_NODE_FRAME } from '../lib/profileSummary';
import { countingRequests } from '../lib/requestLog';
import { alternate } from '../lib/rounds';
import {
	HTTP_NODE,
	TYLT_NODE,
	httpCreateWorkflow,
	payoutRows,
	tyltCreateWorkflow,
} from '../lib/workflows';

/** The TYLT node (guard on, off), n8n's HTTP Request node, and the raw signed loop. */
export type CreateVariant = 'guardOn' | 'guardOff' | 'httpNode' | 'raw';
export const CREATE_VARIANTS: CreateVariant[] = ['guardOn', 'guardOff', 'httpNode', 'raw'];

export interface CreateRun extends TimedRun {
	requests: RequestSummary;
}

export interface CreateResult {
	payouts: number;
	runs: Record<CreateVariant, CreateRun[]>;
}

export async function runCreateCase(context: BenchContext): Promise<CreateResult> {
	const { sandbox, access, options, log } = context;
	const n8n = await context.n8n();
	const count = options.sizes.payouts;
	const rows = payoutRows(count);
	const workflows = await storeWorkflows(n8n, {
		guardOn: tyltCreateWorkflow('bench: create, guard on', rows, n8n.credential, true),
		guardOff: tyltCreateWorkflow('bench: create, guard off', rows, n8n.credential, false),
		httpNode: httpCreateWorkflow(
			'bench: create, HTTP Request node',
			rows,
			n8n.credential,
			access.url,
		),
	});
	const raw = context.worker('raw create loop');

	let rawRun = 0;
	async function runRaw(): Promise<TimedRun> {
		rawRun++;
		const payouts = rows.map((row, item) => ({ ...row, ref: `raw-${rawRun}-${item}` }));
		return { ms: (await raw.call('create.raw', { ...access, payouts })).ms };
	}

	async function runInN8n(variant: Exclude<CreateVariant, 'raw'>): Promise<TimedRun> {
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
		return execution.timed(nodeName);
	}

	async function run(variant: CreateVariant): Promise<CreateRun> {
		await sandbox.call('sandbox.reset', {});
		const { result, requests } = await countingRequests(
			sandbox,
			() => (variant === 'raw' ? runRaw() : runInN8n(variant)),
			{ withPayouts: true },
		);
		if (requests.byEndpoint.createPayout !== count || requests.payoutsStored !== count) {
			throw new Error(
				`create (${variant}): ${requests.byEndpoint.createPayout} creates sent, ${requests.payoutsStored} payouts stored, ${count} expected`,
			);
		}
		return { ...result, requests };
	}

	const runs = await alternate({
		variants: CREATE_VARIANTS,
		rounds: options.rounds,
		label: 'create',
		log,
		run,
		describe: (measured) => `${measured.ms.toFixed(0)} ms, ${measured.requests.total} requests`,
		warmUp: true,
	});
	await context.profiled(`Create ${count}, TYLT node, guard on`, TYLT_NODE_FRAME, () =>
		run('guardOn'),
	);
	await context.profiled(`Create ${count}, TYLT node, guard off`, TYLT_NODE_FRAME, () =>
		run('guardOff'),
	);
	await context.profiled(`Create ${count}, HTTP Request node`, HTTP_NODE_FRAME, () =>
		run('httpNode'),
	);
	return { payouts: count, runs };
}
