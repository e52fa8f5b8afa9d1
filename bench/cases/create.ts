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
import { compared, distinct, fact, NO, type Row, table, TARGETS, YES } from '../lib/rows';
import { ms, thousands } from '../lib/stats';

/**
 * The TYLT node (guard on, off; guard on with 20 Concurrent Payouts instead of the default, rows sent as they are
 * checked or, with the pace as an expression, every row checked first; guard on with the credential's Max Amount
 * per 24 Hours set), n8n's HTTP Request node, and the raw signed loop.
 */
export type CreateVariant =
	| 'guardOn'
	| 'guardOn20'
	| 'guardOn20Whole'
	| 'guardOff'
	| 'dailyLimit'
	| 'httpNode'
	| 'raw';
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
		guardOn20: tyltCreateWorkflow(
			`bench: ${name}, guard on, 20 at once`,
			rows,
			n8n.credential,
			true,
			20,
		),
		guardOn20Whole: tyltCreateWorkflow(
			`bench: ${name}, guard on, 20 at once, every row checked first`,
			rows,
			n8n.credential,
			true,
			'={{ 20 }}',
		),
		guardOff: tyltCreateWorkflow(`bench: ${name}, guard off`, rows, n8n.credential, false),
		dailyLimit: tyltCreateWorkflow(
			`bench: ${name}, guard on, Max Amount per 24 Hours`,
			rows,
			n8n.credentialWithDailyLimit,
			true,
		),
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
	for (const [variant, side] of [
		['guardOn', 'TYLT node, guard on'],
		['guardOff', 'TYLT node, guard off'],
		['httpNode', 'HTTP Request node'],
	] as const) {
		const frame = variant === 'httpNode' ? HTTP_NODE_FRAME : TYLT_NODE_FRAME;
		await context.profiled(`Create ${count}, ${side}`, frame, () => run(variant));
	}
	return { payouts: count, runs };
}

const GUARD = {
	guardOn: 'duplicate guard on (the default)',
	guardOff: 'duplicate guard off',
} as const;

export function createRows({ payouts: n, runs }: CreateResult): Row[] {
	const times = (variant: CreateVariant) => runs[variant].map((run) => run.ms);
	const cpu = (variant: CreateVariant) => runs[variant].map((run) => run.n8nCpuMs ?? NaN);
	const requests = (variant: CreateVariant, endpoint?: string) =>
		runs[variant].map((run) =>
			endpoint ? (run.requests.byEndpoint[endpoint] ?? 0) : run.requests.total,
		);
	const rawRequests = distinct(requests('raw'));
	const onHistory = requests('guardOn', 'payoutHistory');
	const checked = (ok: boolean) => (ok ? YES : NO);
	return [
		...(['guardOn', 'guardOff'] as const).map((variant) =>
			compared(
				`1. Create ${thousands(n)} payouts in n8n, ${GUARD[variant]}: TYLT node ÷ HTTP Request node with the TYLT credential (the user's alternative)`,
				times(variant),
				times('httpNode'),
				TARGETS.alternative,
			),
		),
		compared(
			`1. Create ${thousands(n)} payouts, duplicate guard on: n8n's main-process CPU per execution (the whole workflow; barely moved by other load), TYLT ÷ HTTP Request`,
			cpu('guardOn'),
			cpu('httpNode'),
			TARGETS.crossCheck,
		),
		...(['guardOff', 'guardOn'] as const).map((variant) =>
			compared(
				`1. Floor: Create ${thousands(n)} payouts in n8n, ${GUARD[variant]} ÷ raw signed loop outside n8n`,
				times(variant),
				times('raw'),
				TARGETS.floor,
			),
		),
		compared(
			'1. Floor of the alternative: HTTP Request node ÷ raw signed loop',
			times('httpNode'),
			times('raw'),
		),
		fact(
			'1. Requests, HTTP Request node',
			distinct(requests('httpNode')),
			rawRequests,
			`exactly ${thousands(n)} (no currency list: nothing is checked)`,
			checked(requests('httpNode').every((value) => value === n)),
		),
		fact(
			'1. Requests, guard off',
			distinct(requests('guardOff')),
			rawRequests,
			`exactly ${thousands(n + 1)} (N + 1 currency list)`,
			checked(requests('guardOff').every((value) => value === n + 1)),
		),
		fact(
			'1. Requests, guard on',
			`${distinct(requests('guardOn'))} = ${distinct(requests('guardOn', 'createPayout'))} creates + ${distinct(requests('guardOn', 'currencies'))} currency list + ${distinct(onHistory)} history page`,
			rawRequests,
			'N + 1 + history pages (history is empty after the reset: 1 page)',
			checked(
				requests('guardOn').every((value, index) => value === n + 1 + onHistory[index]) &&
					requests('guardOn', 'currencies').every((value) => value === 1),
			),
		),
	];
}

/** Whether two JSON bodies have the same fields in the same order. */
function sameFields(first: string, second: string): boolean {
	try {
		const fields = (body: string) => Object.keys(JSON.parse(body) as object).join();
		return fields(first) === fields(second);
	} catch {
		return false;
	}
}

export function createDetails({ runs }: CreateResult): string {
	const connections = (variant: CreateVariant) =>
		[...new Set(runs[variant].flatMap((run) => Object.keys(run.requests.connection)))]
			.map((value) => `\`${value}\``)
			.join(', ');
	const parts = [
		'#### 1. Payout → Create',
		table(
			['Round', 'TYLT node, guard on', 'TYLT node, guard off', 'HTTP Request node', 'raw loop'],
			'rrrrr',
			runs.raw.map((_, round) => [
				round + 1,
				...CREATE_VARIANTS.map((variant) => ms(runs[variant][round].ms)),
			]),
		),
		`\`Connection\` header the sandbox received: from the TYLT node ${connections('guardOff')}, from the HTTP Request node ${connections('httpNode')}, from the raw loop ${connections('raw')} (one new connection per request on every side).`,
	];
	const bodies = (['guardOff', 'httpNode', 'raw'] as const).map(
		(variant) => runs[variant][0]?.requests.sampleCreateBodies[0],
	);
	if (bodies.every(Boolean)) {
		parts.push(
			`First create body sent by the TYLT node, the HTTP Request node and the raw loop. The TYLT node tags the reference in the comments, where its duplicate guard reads it; the HTTP Request node sends it as merchantOrderId, as a hand-made call would. The raw loop's fields ${sameFields(bodies[0]!, bodies[2]!) ? "are the TYLT node's, in its order" : "**differ from the TYLT node's**: update bench/workers/createJobs.ts"}:`,
			['```', ...bodies, '```'].join('\n'),
		);
	}
	return parts.join('\n\n');
}
