/**
 * Case 6 (issue #18): Payout → Get for many items in one execution. (a) 100 items looked up against 2,000
 * payouts in history, by reference and by TYLT order ID: requests per execution. (b) Wait Until Final for 20
 * items whose payouts settle one after another over 30 s: total time against the slowest item's wait.
 */
import { WAIT_POLICY } from '../../nodes/Tylt/actions/payout/get.operation';
import { ORDER_ID_CALLS_MAX } from '../../nodes/Tylt/payout/lookup';
import type { BenchContext } from '../lib/context';
import type { RequestSummary } from '../lib/jobs';
import { runWorkflow, storeWorkflows } from '../lib/n8nRun';
import { waitRounds } from '../lib/options';
import { countingRequests } from '../lib/requestLog';
import { alternate } from '../lib/rounds';
import { distinct, fact, measured, NO, type Row, table, TARGETS, YES } from '../lib/rows';
import { median, ms, thousands } from '../lib/stats';
import { payoutRows, TYLT_NODE, tyltGetWorkflow } from '../lib/workflows';

/** The most requests one execution of 100 lookups may make (issue #18). */
const GET_REQUESTS_MAX = 15;
/** The latency case's: what the requests would cost against a remote API, one after another. */
const REMOTE_LATENCY_MS = 150;

export type LookupVariant = 'byReference' | 'byOrderId';

interface LookupRun {
	ms: number;
	requests: RequestSummary;
}

interface WaitRun {
	/** The TYLT node's executionTime. */
	ms: number;
	/** From the node's start until the last payout was due to settle. */
	slowestWaitMs: number;
	/** The pause between the two reads around the slowest payout's settlement (WAIT_POLICY). */
	readIntervalMs: number;
	requests: RequestSummary;
}

export type LookupsResult = Awaited<ReturnType<typeof runLookupsCase>>;

export async function runLookupsCase(context: BenchContext) {
	return { get: await runGetMany(context), wait: await runWaitTogether(context) };
}

async function runGetMany(context: BenchContext) {
	const { sandbox, options, log } = context;
	const { lookupItems: items, lookupHistory: history } = options.sizes;
	const n8n = await context.n8n();
	// Get changes nothing in the book: seeded once for every run.
	await sandbox.call('sandbox.reset', { seed: history });
	const wanted = await sandbox.call('sandbox.payoutIds', {
		count: items,
		every: Math.floor(history / items),
	});
	const workflows = await storeWorkflows(n8n, {
		byReference: tyltGetWorkflow(
			`bench: Get ${items} by reference`,
			n8n.credential,
			wanted.map(({ merchantOrderId }) => ({ reference: merchantOrderId })),
			{ lookupBy: 'reference', payoutReference: '={{ $json.reference }}', options: {} },
		),
		byOrderId: tyltGetWorkflow(
			`bench: Get ${items} by order ID`,
			n8n.credential,
			wanted.map(({ orderId }) => ({ orderId })),
			{ lookupBy: 'orderId', payoutOrderId: '={{ $json.orderId }}', options: {} },
		),
	});

	async function run(variant: LookupVariant): Promise<LookupRun> {
		const { result, requests } = await countingRequests(sandbox, () =>
			runWorkflow(n8n, workflows[variant], `Get ${items} (${variant})`),
		);
		const found = (result.output(TYLT_NODE) as Array<{ orderId?: string }>).map(
			(payout) => payout.orderId,
		);
		if (JSON.stringify(found) !== JSON.stringify(wanted.map(({ orderId }) => orderId))) {
			throw new Error(`Get ${items} (${variant}): found ${found.length} of ${items} payouts`);
		}
		return { ms: result.timed(TYLT_NODE).ms, requests };
	}

	const runs = await alternate({
		variants: ['byReference', 'byOrderId'] as const,
		rounds: options.rounds,
		label: `lookups: Get ${items} against ${history} in history`,
		log,
		run,
		describe: (measured) => `${measured.ms.toFixed(0)} ms, ${measured.requests.total} requests`,
		warmUp: true,
	});
	return { items, history, runs };
}

/**
 * A sandbox of its own, whose payouts settle by themselves `spread` ms after creation. Payout i is created
 * with the sandbox clock moved on by i steps, so that, once all are created, payout i settles (i + 1) steps
 * later in real time: the last one `spread` ms after the set-up.
 */
async function runWaitTogether(context: BenchContext) {
	const { options, log } = context;
	const { waitItems: items, waitSpreadMs: spreadMs } = options.sizes;
	const stepMs = spreadMs / items;
	const settling = context.worker('lookups: sandbox whose payouts settle');
	const access = await settling.call('sandbox.start', {
		autoSettle: true,
		completionDelayMs: spreadMs,
	});
	const creator = context.worker('lookups: creates for Wait Until Final');
	const n8n = await context.n8n();
	const credential = await n8n.client.createCredential({
		name: 'TYLT sandbox, payouts settle',
		type: 'tyltApi',
		data: { apiKey: access.apiKey, apiSecret: access.apiSecret, baseUrl: access.url },
	});
	const rows = payoutRows(items);
	let runCount = 0;

	async function run(): Promise<WaitRun> {
		runCount++;
		await settling.call('sandbox.reset', {});
		const references = rows.map((_, index) => `wait-${runCount}-${index}`);
		let lastCreatedMs = 0;
		for (const [index, row] of rows.entries()) {
			await creator.call('create.raw', {
				...access,
				payouts: [{ ...row, ref: references[index] }],
			});
			lastCreatedMs = Date.now();
			if (index < items - 1) await settling.call('sandbox.advance', { ms: stepMs });
		}
		const workflow = tyltGetWorkflow(
			`bench: Wait Until Final, ${items} items (${runCount})`,
			{ id: credential.id, name: credential.name },
			references.map((reference) => ({ reference })),
			{
				lookupBy: 'reference',
				payoutReference: '={{ $json.reference }}',
				options: { waitUntilFinal: true },
			},
		);
		const [workflowId] = Object.values(await storeWorkflows(n8n, { wait: workflow }));
		const { result, requests } = await countingRequests(settling, () =>
			runWorkflow(n8n, workflowId, `Wait Until Final ${items}`),
		);
		const output = result.output(TYLT_NODE) as Array<{ finalReached?: boolean }>;
		if (output.length !== items || output.some((payout) => payout.finalReached !== true)) {
			throw new Error(`Wait Until Final ${items}: not every payout reached final`);
		}
		const timed = result.timed(TYLT_NODE);
		const slowestWaitMs = lastCreatedMs + spreadMs - (timed.startedAt ?? NaN);
		return { ms: timed.ms, slowestWaitMs, readIntervalMs: readIntervalAt(slowestWaitMs), requests };
	}

	const runs = await alternate({
		variants: ['together'] as const,
		rounds: waitRounds(options.rounds),
		label: `lookups: Wait Until Final, ${items} items settling over ${spreadMs} ms`,
		log,
		run,
		describe: (measured) =>
			`${measured.ms.toFixed(0)} ms (slowest ${measured.slowestWaitMs.toFixed(0)} ms), ${measured.requests.total} requests`,
		warmUp: false,
	});
	return { items, spreadMs, runs: runs.together };
}

/** Wait Until Final reads at 0, 5, 15, 35, 75 s, …: the pause that holds `atMs` (from the first read). */
function readIntervalAt(atMs: number): number {
	let readMs = 0;
	for (let pauseMs = WAIT_POLICY.firstDelayMs; ; ) {
		if (readMs + pauseMs >= atMs) return pauseMs;
		readMs += pauseMs;
		pauseMs = Math.min(pauseMs * 2, WAIT_POLICY.maxDelayMs);
	}
}

const VARIANT_LABEL: Record<LookupVariant, string> = {
	byReference: 'by reference',
	byOrderId: 'by TYLT order ID',
};

export function lookupsRows({ get, wait }: LookupsResult): Row[] {
	const getRows = (['byReference', 'byOrderId'] as const).map((variant) => {
		const totals = get.runs[variant].map((run) => run.requests.total);
		return fact(
			`6. Payout → Get of ${thousands(get.items)} items ${VARIANT_LABEL[variant]} against ${thousands(get.history)} payouts in history: requests per execution`,
			distinct(totals),
			`${thousands(get.items * (Math.floor(get.history / 200) + 1))} before (${get.items} × ${Math.floor(get.history / 200) + 1} pages)`,
			`≤ ${GET_REQUESTS_MAX}`,
			totals.every((total) => total <= GET_REQUESTS_MAX) ? YES : NO,
		);
	});
	const bound = (run: WaitRun) => run.slowestWaitMs + 2 * run.readIntervalMs;
	const ratios = wait.runs.map((run) => run.ms / bound(run));
	const middle = wait.runs[Math.floor((wait.runs.length - 1) / 2)];
	return [
		...getRows,
		measured(
			`6. Wait Until Final, ${wait.items} items settling at different times within ${ms(wait.spreadMs)}: total ÷ (the slowest item's wait + 2 read intervals)`,
			`${ms(middle.ms)} (${wait.runs.map((run) => ms(run.ms)).join(', ')})`,
			`${ms(bound(middle))} = ${ms(middle.slowestWaitMs)} + 2 × ${ms(middle.readIntervalMs)}`,
			median(ratios),
			TARGETS.waitTogether,
		),
	];
}

export function lookupsDetails({ get, wait }: LookupsResult): string {
	return [
		'#### 6. Payout → Get of many items',
		`Manual Trigger → Code (${get.items} items) → TYLT Payout → Get, one execution, against ${thousands(get.history)} payouts seeded in history (1 s apart, all inside the default 168-hour look-back); the items are every ${Math.floor(get.history / get.items)}th payout. By reference: history is read once for all items. By TYLT order ID: more than ${ORDER_ID_CALLS_MAX} order IDs, so history is read once and only those not in it are asked for one by one. "At ${REMOTE_LATENCY_MS} ms" is derived: requests × ${REMOTE_LATENCY_MS} ms.`,
		table(
			[
				'Find by',
				'requests (by endpoint)',
				'median time',
				'rounds',
				`at ${REMOTE_LATENCY_MS} ms per request`,
			],
			'llrlr',
			(['byReference', 'byOrderId'] as const).map((variant) => {
				const runs = get.runs[variant];
				const endpoints = Object.entries(runs[0]?.requests.byEndpoint ?? {})
					.map(([endpoint, count]) => `${endpoint} ${count}`)
					.join(', ');
				const total = median(runs.map((run) => run.requests.total));
				return [
					VARIANT_LABEL[variant],
					`${thousands(total)} (${endpoints})`,
					ms(median(runs.map((run) => run.ms))),
					runs.map((run) => ms(run.ms)).join(', '),
					`≈ ${ms(total * REMOTE_LATENCY_MS)}`,
				];
			}),
		),
		`Wait Until Final: a sandbox of its own whose payouts settle by themselves; ${wait.items} payouts created so that they settle one every ${ms(wait.spreadMs / wait.items)}, the last ${ms(wait.spreadMs)} after the set-up; then Manual Trigger → Code → TYLT Payout → Get by reference, Wait Until Final, Max Wait the default 600 s. Reads at 0, ${WAIT_POLICY.firstDelayMs / 1000}, ${(3 * WAIT_POLICY.firstDelayMs) / 1000}, ${(7 * WAIT_POLICY.firstDelayMs) / 1000} s, …; "slowest wait" runs from the node's start to the last payout's settlement.`,
		table(
			[
				'Round',
				'node time',
				'slowest wait',
				'read interval then',
				'bound',
				'requests (by endpoint)',
			],
			'rrrrrl',
			wait.runs.map((run, round) => [
				round + 1,
				ms(run.ms),
				ms(run.slowestWaitMs),
				ms(run.readIntervalMs),
				ms(run.slowestWaitMs + 2 * run.readIntervalMs),
				`${run.requests.total} (${Object.entries(run.requests.byEndpoint)
					.map(([endpoint, count]) => `${endpoint} ${count}`)
					.join(', ')})`,
			]),
		),
	].join('\n\n');
}
