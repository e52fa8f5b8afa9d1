/**
 * Case 7 (issue #26): what the credential's Max Amount per 24 Hours costs. With it set, Payout → Create reads
 * TYLT's history of the last 24 hours once per execution, before the first create, through the history cache
 * the duplicate guard uses, and adds it up. Against the same credential without limits, the guard on in both:
 * (a) one payout per execution (a form) with 0, 2,000 and 10,000 payouts created in the last 24 hours (the
 * guard case's measurement, guard.ts); (b) a batch of 100 items in one execution, where the 24-hour read must
 * be made once, not once per item.
 */
import type { BenchContext } from '../lib/context';
import { DAILY_LIMIT_NEVER_REACHED } from '../lib/context';
import { alternate } from '../lib/rounds';
import { compared, fact, NO, type Row, table, YES } from '../lib/rows';
import { median, ms, thousands } from '../lib/stats';
import { payoutRows } from '../lib/workflows';
import type { CreateRun } from './create';
import { createSides } from './create';
import type { OnePayoutCase, OnePayoutSide } from './guard';
import {
	measureOnePayout,
	onePayoutDetails,
	onePayoutRows,
	requestsWithHistory,
	seedSpread,
} from './guard';

/**
 * The seeded payouts lie inside the last 24 hours with an hour to spare, so that none leaves the window the
 * limit adds up while the rounds run.
 */
const SEED_SPAN_MS = 23 * 3_600_000;

/** The limit's read is one more history request per execution, whatever the window holds. */
const oneMoreRead = {
	max: (baseline: number[]) => Math.max(...baseline) + 1,
	text: '≤ without + 1',
};

const DAILY_LIMIT_CASE: OnePayoutCase = {
	name: 'dailyLimit',
	title: '7. Max Amount per 24 Hours, one payout per execution (a form)',
	heading: '#### 7. Max Amount per 24 Hours',
	description: `Manual Trigger → Code (one row) → TYLT Payout → Create, Duplicate Guard on (the default), with the TYLT credential's Max Amount per 24 Hours set to \`${DAILY_LIMIT_NEVER_REACHED}\` (never reached: nothing is refused) and with the same account's credential without limits, in one n8n process. Per size the sandbox is seeded with the payouts created in the last 24 hours (spread evenly over 23 hours, newest first; a few fewer than the size, so that the window holds the size when the last run reads it) and one execution without the limit runs; then the sandbox is seeded again and one execution with the limit runs: each is the first execution after a seeding and reads the window in full. Then the rounds run in steady state: each execution reads only what is new since (the history cache), once, for the guard and, with the limit, for the 24-hour sum too.`,
	measured: 'dailyLimit',
	baseline: 'guardOn',
	sideColumn: 'Max Amount per 24 Hours',
	sideNames: { dailyLimit: 'with the limit', guardOn: 'without' },
	window: { name: 'the last 24 hours', spanMs: SEED_SPAN_MS },
	firsts: ['guardOn', 'dailyLimit'],
	steadyRequests: oneMoreRead,
	firstRequests: oneMoreRead,
};

const BATCH_SIDES: OnePayoutSide[] = ['dailyLimit', 'guardOn'];

export type DailyLimitResult = Awaited<ReturnType<typeof runDailyLimitCase>>;

export async function runDailyLimitCase(context: BenchContext) {
	return {
		onePayout: await measureOnePayout(context, DAILY_LIMIT_CASE),
		batch: await runBatch(context),
		sums: await runSums(context),
	};
}

/** The sum alone, in a process of its own, over as many payouts as each size's window holds. */
async function runSums(context: BenchContext) {
	const worker = context.worker('dailyLimit: the 24-hour sum alone');
	const sums = [];
	for (const records of context.options.sizes.guardHistory) {
		const { ms: sumMs } = await worker.call('dailyLimit.sum', { records });
		context.log(`dailyLimit: the 24-hour sum of ${records} payouts alone: ${sumMs.toFixed(2)} ms`);
		sums.push({ records, ms: sumMs });
	}
	return sums;
}

/** One execution of `items` payouts against `history` payouts of the last 24 hours, with the limit and without. */
async function runBatch(context: BenchContext) {
	const { sandbox, options, log } = context;
	const { dailyLimitBatchItems: items, dailyLimitBatchHistory: history } = options.sizes;
	const create = await createSides(context, `batch of ${items} (dailyLimit)`, payoutRows(items));
	await seedSpread(sandbox, history, SEED_SPAN_MS);
	let stored = history;
	const runs = await alternate({
		variants: BATCH_SIDES,
		rounds: options.rounds,
		label: `dailyLimit: batch of ${items}, ${history} payouts in the last 24 hours`,
		log,
		async run(side) {
			const measured = await create(side, stored);
			stored += items;
			return measured;
		},
		describe: (measured) => `${measured.ms.toFixed(0)} ms, ${measured.requests.total} requests`,
		// The first execution after the seeding reads the window in full: unmeasured.
		warmUp: true,
	});
	return { items, history, runs };
}

const historyReads = (runs: CreateRun[]) => runs.map((run) => run.requests.historyReads);

function batchRows({ items, history, runs }: DailyLimitResult['batch']): Row[] {
	const label = `7. Max Amount per 24 Hours, a batch of ${thousands(items)} payouts in one execution, ${thousands(history)} payouts in the last 24 hours`;
	const onceMore = Math.max(...historyReads(runs.guardOn)) + 1;
	return [
		compared(
			`${label}: time, with the limit ÷ without`,
			runs.dailyLimit.map((run) => run.ms),
			runs.guardOn.map((run) => run.ms),
		),
		fact(
			`${label}: requests per execution, with the limit against without (the 24-hour read is made once per execution, not once per item)`,
			requestsWithHistory(runs.dailyLimit),
			requestsWithHistory(runs.guardOn),
			`reads ≤ without + 1 (one per item: + ${thousands(items)})`,
			historyReads(runs.dailyLimit).every((value) => value <= onceMore) ? YES : NO,
		),
	];
}

function batchDetails({ items, history, runs }: DailyLimitResult['batch']): string {
	return [
		`A batch: Manual Trigger → Code (${thousands(items)} rows) → TYLT Payout → Create in one execution, with the limit and without, alternating, after one unmeasured execution of each (the first after the seeding reads the window in full). The sandbox is seeded once with ${thousands(history)} payouts in the last 23 hours; every execution adds its ${thousands(items)}.`,
		table(
			['Max Amount per 24 Hours', 'requests (by endpoint), each round', 'median time', 'rounds'],
			'lllr',
			BATCH_SIDES.map((side) => {
				const times = runs[side].map((run) => run.ms);
				return [
					DAILY_LIMIT_CASE.sideNames[side] ?? side,
					runs[side]
						.map(
							(run) =>
								`${thousands(run.requests.total)} (history ${run.requests.byEndpoint.payoutHistory ?? 0}, reads ${run.requests.historyReads})`,
						)
						.join(', '),
					ms(median(times)),
					times.map(ms).join(', '),
				];
			}),
		),
	].join('\n\n');
}

function sumRow(sums: DailyLimitResult['sums']): Row {
	return fact(
		`7. Max Amount per 24 Hours: the sum of the last 24 hours alone (spentInWindow, in-process, median of 9), at ${sums.map(({ records }) => thousands(records)).join(' / ')} payouts in the window`,
		sums.map((sum) => ms(sum.ms)).join(' / '),
		'nothing summed without the limit',
	);
}

export const dailyLimitRows = ({ onePayout, batch, sums }: DailyLimitResult) => [
	...onePayoutRows(DAILY_LIMIT_CASE, onePayout),
	...batchRows(batch),
	sumRow(sums),
];

function sumDetails(sums: DailyLimitResult['sums']): string {
	const each = sums.map(({ records, ms: sumMs }) =>
		records === 0
			? `${ms(sumMs)} at 0`
			: `${ms(sumMs)} at ${thousands(records)} (${((sumMs * 1000) / records).toFixed(2)} µs per payout)`,
	);
	return `The sum alone: \`spentInWindow\` over the payouts of the window as the sandbox lists them (passed through JSON, as a read hands them over), in a worker process of its own, the median of 9 sums after 3 untimed: ${each.join(', ')}. Each sum gets new record objects, so it parses every record: what the first execution over a window pays. Later executions get the records the history cache keeps, each parsed once, and only add them up.`;
}

export const dailyLimitDetails = ({ onePayout, batch, sums }: DailyLimitResult) =>
	[onePayoutDetails(DAILY_LIMIT_CASE, onePayout), batchDetails(batch), sumDetails(sums)].join(
		'\n\n',
	);
