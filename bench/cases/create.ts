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
import type { PayoutInput } from '../lib/workflows';

/** The TYLT node (guard on, off), n8n's HTTP Request node, and the raw signed loop. */
export type CreateVariant = 'guardOn' | 'guardOff' | 'httpNode' | 'raw';
export const CREATE_VARIANTS: CreateVariant[] = ['guardOn', 'guardOff', 'httpNode', 'raw'];

export interface CreateRun extends TimedRun {
	requests: RequestSummary;
}

export type CreateResult = Awaited<ReturnType<typeof runCreateCase>>;

/**
 * The ways to create `rows` (workflows stored in n8n, the raw loop's process), named after `name`; each run
 * is checked: every payout created, new and stored (beside `alreadyStored` payouts the sandbox was seeded
 * with), every answer 200. The caller resets the sandbox before each run.
 */
export async function createSides(context: BenchContext, name: string, rows: PayoutInput[]) {
	const { sandbox, access } = context;
	const n8n = await context.n8n();
	const count = rows.length;
	const workflows = await storeWorkflows(n8n, {
		guardOn: tyltCreateWorkflow(`bench: ${name}, guard on`, rows, n8n.credential, true),
		guardOff: tyltCreateWorkflow(`bench: ${name}, guard off`, rows, n8n.credential, false),
		httpNode: httpCreateWorkflow(`bench: ${name}, HTTP Request`, rows, n8n.credential, access.url),
	});
	let raw: ReturnType<typeof context.worker> | undefined;
	let rawRun = 0;
	async function runRaw(): Promise<TimedRun> {
		raw ??= context.worker(`${name}: raw create loop`);
		rawRun++;
		const payouts = rows.map((row, item) => ({ ...row, ref: `raw-${rawRun}-${item}` }));
		return { ms: (await raw.call('create.raw', { ...access, payouts })).ms };
	}

	async function runInN8n(variant: Exclude<CreateVariant, 'raw'>): Promise<TimedRun> {
		const execution = await runWorkflow(n8n, workflows[variant], `${name} (${variant})`);
		const nodeName = variant === 'httpNode' ? HTTP_NODE : TYLT_NODE;
		const output = execution.output(nodeName) as Array<{
			alreadySent?: boolean;
			data?: { orderId?: string };
		}>;
		const fresh = output.filter((item) =>
			variant === 'httpNode' ? Boolean(item.data?.orderId) : item.alreadySent === false,
		).length;
		if (fresh !== count || output.length !== count) {
			throw new Error(`${name} (${variant}): ${fresh} of ${count} payouts were new`);
		}
		return execution.timed(nodeName);
	}

	return async function run(variant: CreateVariant, alreadyStored = 0): Promise<CreateRun> {
		const { result, requests } = await countingRequests(
			sandbox,
			() => (variant === 'raw' ? runRaw() : runInN8n(variant)),
			{ withPayouts: true },
		);
		const stored = requests.payoutsStored - alreadyStored;
		if (requests.byEndpoint.createPayout !== count || stored !== count) {
			throw new Error(
				`${name} (${variant}): ${requests.byEndpoint.createPayout} creates sent, ${stored} payouts stored, ${count} expected`,
			);
		}
		if (requests.byStatus['200'] !== requests.total) {
			throw new Error(`${name} (${variant}): answers ${JSON.stringify(requests.byStatus)}`);
		}
		return { ...result, requests };
	};
}

export async function runCreateCase(context: BenchContext) {
	const { sandbox, options, log } = context;
	const count = options.sizes.payouts;
	const create = await createSides(context, 'create', payoutRows(count));
	const run = async (variant: CreateVariant) => {
		await sandbox.call('sandbox.reset', {});
		return await create(variant);
	};

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
