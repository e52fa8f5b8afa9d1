/**
 * One payout per execution (a form submission): Payout → Create of one item in n8n, a side against its
 * baseline, with 0, 2,000 and 10,000 payouts in history (seeded once per size, evenly over a span, newest
 * first): the first execution after the seeding reads the window in full, later ones only what is new since
 * (the history cache). Measured: the first execution, then the steady state (requests and the TYLT node's
 * executionTime per execution).
 *
 * Case 5 (issues #10, #18, below): the duplicate guard, on against off. Case 7 (issue #26,
 * bench/cases/dailyLimit.ts): the credential's Max Amount per 24 Hours, set against not, the guard on in both.
 */
import type { BenchContext } from '../lib/context';
import type { BenchJobs } from '../lib/jobs';
import { TYLT_NODE_FRAME } from '../lib/profileSummary';
import { alternate } from '../lib/rounds';
import type { WorkerProcess } from '../lib/workerProcess';
import { payoutRows } from '../lib/workflows';
import type { CreateRun } from './create';
import { createSides } from './create';
import type { Row, Target } from '../lib/rows';
import { compared, distinct, fact, NO, table, TARGETS, YES } from '../lib/rows';
import { median, ms, thousands } from '../lib/stats';

/** The TYLT node's sides these cases compare (create.ts: CreateVariant). */
export type OnePayoutSide = 'guardOn' | 'guardOff' | 'dailyLimit';

/** A request count an execution may make, held against the baseline's. */
export interface RequestsTarget {
	/** The most requests per execution, given what the baseline made (its rounds, or its first execution). */
	max(baseline: number[]): number;
	/** As the summary's Target column says it. */
	text: string;
}

/** What one case of one payout per execution compares, and how its report names things. */
export interface OnePayoutCase {
	/** Starts each log line: `guard`, `dailyLimit`. */
	name: string;
	/** Starts each summary row: `5. One payout per execution (a form)`. */
	title: string;
	/** The details section's heading and its first paragraph. */
	heading: string;
	description: string;
	measured: OnePayoutSide;
	baseline: OnePayoutSide;
	/** The details table's column naming the sides, and each side's name in it and in the summary. */
	sideColumn: string;
	sideNames: Partial<Record<OnePayoutSide, string>>;
	/** Where the seeded payouts lie: the window as the report names it, and the span they are spread over. */
	window: { name: string; spanMs: number };
	/**
	 * The sides whose first execution after a seeding is measured, each after a seeding of its own (the history
	 * cache is per account: only the first execution after a seeding reads it in full). The last of them leaves
	 * the cache current for the steady state; a side not listed runs once, unmeasured, after it.
	 */
	firsts: OnePayoutSide[];
	/** Steady state: requests per execution of the measured side, against the baseline's rounds. */
	steadyRequests: RequestsTarget;
	/** The measured side's first execution, against the baseline's first (or its rounds, if not measured). */
	firstRequests?: RequestsTarget;
	/** Steady state: the measured side's time ÷ the baseline's. */
	steadyTime?: Target;
}

/** Per history size: each measured side's first execution, and the steady-state rounds. */
export type OnePayoutDataset = Awaited<ReturnType<typeof measureOnePayout>>[number];

/**
 * Resets the sandbox and seeds `count` payouts spread evenly over `spanMs` below now (whole seconds, at least
 * 1 s apart, newest first), as an account paying steadily has them (10,000 in 168 hours is one a minute).
 */
export async function seedSpread(sandbox: WorkerProcess<BenchJobs>, count: number, spanMs: number) {
	const seedSpacingMs =
		count === 0 ? undefined : Math.max(1000, Math.floor(spanMs / (count + 1) / 1000) * 1000);
	await sandbox.call('sandbox.reset', { seed: count, seedSpacingMs });
}

export async function measureOnePayout(context: BenchContext, spec: OnePayoutCase) {
	const { sandbox, options, log } = context;
	const create = await createSides(context, `one payout (${spec.name})`, payoutRows(1));
	const sides = [spec.measured, spec.baseline];
	const unmeasuredFirst = sides.filter((side) => !spec.firsts.includes(side));
	let stored = 0;
	async function run(side: OnePayoutSide): Promise<CreateRun> {
		const measured = await create(side, stored);
		stored++;
		return measured;
	}
	/**
	 * Seeds so that the window holds `history` payouts when the last of the `executions` before the next
	 * seeding reads it (the cap is 10,000). How far an execution reads below the newest payout depends on how
	 * many were made in the late-arrival margin, not on the window's size (docs/money-safety.md: History cache).
	 */
	async function seed(history: number, executions: number) {
		stored = Math.max(0, history - executions);
		await seedSpread(sandbox, stored, spec.window.spanMs);
	}

	log(`${spec.name}: warm-up (one payout, ${sides.join(' and ')})`);
	await seed(0, 0);
	for (const side of sides) await run(side);
	const datasets = [];
	for (const history of options.sizes.guardHistory) {
		const firsts: Partial<Record<OnePayoutSide, CreateRun>> = {};
		for (const [index, side] of spec.firsts.entries()) {
			// An earlier seeding serves its first execution alone; the last one also the unmeasured and the rounds.
			const last = index === spec.firsts.length - 1;
			await seed(history, last ? 1 + unmeasuredFirst.length + sides.length * options.rounds : 1);
			const first = await run(side);
			firsts[side] = first;
			log(
				`${spec.name}: ${history} payouts, first execution (${side}): ${first.ms.toFixed(0)} ms, ${first.requests.total} requests`,
			);
		}
		for (const side of unmeasuredFirst) await run(side);
		const runs = await alternate({
			variants: sides,
			rounds: options.rounds,
			label: `${spec.name}: ${history} payouts in ${spec.window.name}, steady state`,
			log,
			run,
			describe: (measured) => `${measured.ms.toFixed(0)} ms, ${measured.requests.total} requests`,
			warmUp: false,
		});
		datasets.push({ history, firsts, runs });
	}
	const most = Math.max(...options.sizes.guardHistory);
	await context.profiled(
		`One payout, ${spec.sideNames[spec.measured]}, ${most} in ${spec.window.name}, steady state`,
		TYLT_NODE_FRAME,
		() => run(spec.measured),
	);
	return datasets;
}

/**
 * "3 (history 1, reads 1)": requests per execution, the history requests among them and the history reads
 * they made (a read pages down from page 1), each value the runs saw.
 */
export function requestsWithHistory(runs: CreateRun[]): string {
	const totals = runs.map((run) => run.requests.total);
	const history = runs.map((run) => run.requests.byEndpoint.payoutHistory ?? 0);
	const reads = runs.map((run) => run.requests.historyReads);
	return `${distinct(totals)} (history ${distinct(history)}, reads ${distinct(reads)})`;
}

const totals = (runs: CreateRun[]) => runs.map((run) => run.requests.total);

/** Whether every run stays within `target`, given the baseline's runs. */
function within(target: RequestsTarget, runs: CreateRun[], baseline: CreateRun[]): string {
	const max = target.max(totals(baseline));
	return totals(runs).every((value) => value <= max) ? YES : `${NO} (see analysis)`;
}

export function onePayoutRows(spec: OnePayoutCase, datasets: OnePayoutDataset[]): Row[] {
	const { measured, baseline, sideNames } = spec;
	return datasets.flatMap(({ history, firsts, runs }) => {
		const label = `${spec.title}, ${thousands(history)} payouts in ${spec.window.name}`;
		const times = (side: OnePayoutSide) => runs[side].map((run) => run.ms);
		const first = firsts[measured];
		const baselineFirst = firsts[baseline] ? [firsts[baseline]] : runs[baseline];
		return [
			compared(
				`${label}, steady state: time, ${sideNames[measured]} ÷ ${sideNames[baseline]}`,
				times(measured),
				times(baseline),
				spec.steadyTime,
			),
			fact(
				`${label}, steady state: requests per execution, ${sideNames[measured]} against ${sideNames[baseline]}`,
				requestsWithHistory(runs[measured]),
				requestsWithHistory(runs[baseline]),
				spec.steadyRequests.text,
				within(spec.steadyRequests, runs[measured], runs[baseline]),
			),
			...(first
				? [
						fact(
							`${label}: the first execution after the seeding (reads the window in full), requests, ${sideNames[measured]} against ${sideNames[baseline]}${firsts[baseline] ? '' : ' in steady state'}`,
							requestsWithHistory([first]),
							requestsWithHistory(baselineFirst),
							spec.firstRequests?.text,
							spec.firstRequests ? within(spec.firstRequests, [first], baselineFirst) : '',
						),
					]
				: []),
		];
	});
}

/** The latency case's: what the requests would cost against a remote API. */
const REMOTE_LATENCY_MS = 150;

const byEndpoint = (run: CreateRun | undefined) =>
	Object.entries(run?.requests.byEndpoint ?? {})
		.map(([endpoint, count]) => `${endpoint} ${count}`)
		.join(', ');

export function onePayoutDetails(spec: OnePayoutCase, datasets: OnePayoutDataset[]): string {
	const sides = [spec.measured, spec.baseline];
	return [
		spec.heading,
		`${spec.description} "At ${REMOTE_LATENCY_MS} ms" is derived: requests × ${REMOTE_LATENCY_MS} ms, since every request waits for the one before.`,
		table(
			[
				`Payouts in ${spec.window.name}`,
				spec.sideColumn,
				'requests (by endpoint)',
				'median time',
				'rounds',
				`at ${REMOTE_LATENCY_MS} ms per request`,
			],
			'rllrlr',
			datasets.flatMap(({ history, firsts, runs }) => [
				...spec.firsts.flatMap((side) => {
					const first = firsts[side];
					if (!first) return [];
					return [
						[
							thousands(history),
							`${spec.sideNames[side]}, first execution`,
							`${thousands(first.requests.total)} (${byEndpoint(first)})`,
							ms(first.ms),
							'1',
							`≈ ${ms(first.requests.total * REMOTE_LATENCY_MS)}`,
						],
					];
				}),
				...sides.map((side) => {
					const total = median(totals(runs[side]));
					const times = runs[side].map((run) => run.ms);
					return [
						thousands(history),
						`${spec.sideNames[side]}, steady state`,
						`${thousands(total)} (${byEndpoint(runs[side][0])})`,
						ms(median(times)),
						times.map(ms).join(', '),
						`≈ ${ms(total * REMOTE_LATENCY_MS)}`,
					];
				}),
			]),
		),
	].join('\n\n');
}

/** The default Duplicate Look-Back, 168 hours: the window the seeded payouts are spread over. */
const LOOK_BACK_MS = 168 * 3_600_000;

/** Steady state: at most this many requests per execution (currency list, one history page, the create). */
const STEADY_REQUESTS_MAX = 3;

/** Case 5: the duplicate guard on against off. */
export const GUARD_CASE: OnePayoutCase = {
	name: 'guard',
	title: '5. One payout per execution (a form)',
	heading: '#### 5. Duplicate guard, one payout per execution',
	description:
		'Manual Trigger → Code (one row) → TYLT Payout → Create, Duplicate Guard on (look-back: the default 168 hours) and off, in one n8n process. Per size the sandbox is reset and seeded once (spread evenly over the 168 hours, newest first: all inside the window; a few fewer than the size, so that the window holds the size when the last run reads it), one execution with the guard on reads the window in full, then the rounds run in steady state: each execution reads only what is new since (the history cache).',
	measured: 'guardOn',
	baseline: 'guardOff',
	sideColumn: 'guard',
	sideNames: { guardOn: 'guard on', guardOff: 'guard off' },
	window: { name: 'the look-back window', spanMs: LOOK_BACK_MS },
	firsts: ['guardOn'],
	steadyRequests: { max: () => STEADY_REQUESTS_MAX, text: `≤ ${STEADY_REQUESTS_MAX}` },
	steadyTime: TARGETS.guardSteady,
};

export const runGuardCase = (context: BenchContext) => measureOnePayout(context, GUARD_CASE);
export const guardRows = (datasets: OnePayoutDataset[]) => onePayoutRows(GUARD_CASE, datasets);
export const guardDetails = (datasets: OnePayoutDataset[]) =>
	onePayoutDetails(GUARD_CASE, datasets);
