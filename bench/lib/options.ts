/** Command-line options of `npm run bench`. */
import { parseArgs } from 'node:util';

/** In the order they run and are reported. */
export const CASE_NAMES = [
	'create',
	'history',
	'pagination',
	'trigger',
	'latency',
	'guard',
	'lookups',
	'dailyLimit',
] as const;
export type CaseName = (typeof CASE_NAMES)[number];

/** How much work each case does; `--quick` shrinks every size but keeps the shape of every case. */
export type Sizes = ReturnType<typeof sizes>;

export interface BenchOptions {
	rounds: number;
	quick: boolean;
	cases: CaseName[];
	/** Write docs/benchmarks.md (default: yes for a full run, no for --quick). */
	write: boolean;
	/**
	 * CPU-profile n8n's main process (started with --inspect) during one extra, unmeasured run of selected
	 * variants after a case's rounds; summaries go into the results, raw profiles into .cache/bench-profiles.
	 */
	profile: boolean;
	sizes: Sizes;
}

/** A full run's sizes divided by `divisor` (1, or 5 for --quick). */
function sizes(divisor: number) {
	const records = 20_000 / divisor;
	return {
		/** Payout → Create: input items per execution. */
		payouts: 1000 / divisor,
		/** Payout → Get Many: seeded history sizes, an exact multiple of the page size and a non-multiple. */
		historyRecords: [records, records + 50],
		pageSize: 200,
		/** Return All in n8n, the TYLT node against the HTTP Request node's pagination: seeded history. */
		paginationRecords: records,
		/** Remote-API case: the sandbox's wait before every request, payouts created, history read. */
		latencyMs: 150,
		latencyPayouts: 1000 / divisor,
		latencyRecords: records,
		/**
		 * One payout per execution: payouts in the window read (the guard's look-back; the last 24 hours for
		 * Max Amount per 24 Hours).
		 */
		guardHistory: [0, 2_000 / divisor, 10_000 / divisor],
		/** Max Amount per 24 Hours: a batch's items, and the payouts of the last 24 hours it runs against. */
		dailyLimitBatchItems: 100 / divisor,
		dailyLimitBatchHistory: 2_000 / divisor,
		/** Payout → Get: items of one execution, and the payouts in history they are looked up among. */
		lookupItems: 100 / divisor,
		lookupHistory: 2_000 / divisor,
		/** Wait Until Final: items waiting together, settling one after another over this many ms. */
		waitItems: 20 / divisor,
		waitSpreadMs: 30_000 / divisor,
		/** Trigger: callbacks per in-process run. */
		callbacks: 100_000 / divisor,
		/** Trigger: callbacks per variant per round through n8n's webhook server. */
		roundTrips: divisor === 1 ? 24 : 12,
	};
}

const QUICK = sizes(5);

/** The latency case's rounds: its runs wait 8–30 s each, and the waits barely vary. */
export function latencyRounds(rounds: number): number {
	return Math.min(rounds, 2);
}

/** Wait Until Final's rounds: each run waits about 35 s for payouts to settle, and the waits barely vary. */
export function waitRounds(rounds: number): number {
	return Math.min(rounds, 2);
}

export const USAGE = `npm run bench -- [--rounds N] [--quick] [--only ${CASE_NAMES.join(',')}] [--write | --no-write]

  --rounds N   A/B rounds per case (default 5, --quick: 2; the latency case at most 2); medians are reported
  --quick      smaller sizes (${QUICK.payouts} payouts, ${QUICK.historyRecords.join('/')} records, ${QUICK.callbacks} callbacks, ${QUICK.latencyPayouts} payouts at latency): a sanity run
  --only LIST  run only these cases (comma-separated: ${CASE_NAMES.join(', ')})
  --profile    after the rounds, one more run of the n8n variants under a CPU profiler (n8n's main process),
               summarised in the results; raw profiles in .cache/bench-profiles (open in Chrome DevTools)
  --write      write docs/benchmarks.md (default for a full run)
  --no-write   only print (default for --quick and --only)`;

export function parseOptions(argv: string[]): BenchOptions | 'help' {
	let values;
	try {
		({ values } = parseArgs({
			args: argv,
			options: {
				rounds: { type: 'string' },
				quick: { type: 'boolean', default: false },
				only: { type: 'string' },
				profile: { type: 'boolean', default: false },
				write: { type: 'boolean' },
				'no-write': { type: 'boolean' },
				help: { type: 'boolean', short: 'h' },
			},
		}));
	} catch (error) {
		throw new Error(`${(error as Error).message}\n\n${USAGE}`);
	}
	if (values.help) return 'help';
	const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
	if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1 || rounds > 50)) {
		throw new Error(`--rounds must be a whole number from 1 to 50\n\n${USAGE}`);
	}
	const names = values.only
		?.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	if (
		names &&
		(names.length === 0 || names.some((name) => !CASE_NAMES.includes(name as CaseName)))
	) {
		throw new Error(`--only takes ${CASE_NAMES.join(', ')}; got ${names.join(',')}\n\n${USAGE}`);
	}
	const cases = names ? CASE_NAMES.filter((name) => names.includes(name)) : [...CASE_NAMES];
	const quick = values.quick;
	return {
		rounds: rounds ?? (quick ? 2 : 5),
		quick,
		cases,
		// docs/benchmarks.md holds one complete, full-size run: a partial or quick run must not replace it.
		write: values['no-write']
			? false
			: (values.write ?? (!quick && cases.length === CASE_NAMES.length)),
		profile: values.profile,
		sizes: sizes(quick ? 5 : 1),
	};
}
