/** Case 3 in the results: the trigger's throughput in-process, its stages, and its round trip in n8n. */
import type { Row } from '../lib/rows';
import { fact, measured, NO, table, YES } from '../lib/rows';
import { median, ms, percent, perSecond, ratio, spread, thousands, us } from '../lib/stats';
import type { InProcessVariant, RoundTripVariant, TriggerResult } from './trigger';
import { ROUND_TRIP_VARIANTS } from './trigger';

/** Callbacks per second the trigger should handle on one core. */
const THROUGHPUT_TARGET = 50_000;

const ROUND_TRIP_NAMES: Record<RoundTripVariant, string> = {
	trigger: 'TYLT Trigger, defaults (duplicates ignored; memory full: 1,000 callbacks)',
	triggerNoDedupe: 'TYLT Trigger, Ignore Duplicates off',
	webhookNode: "n8n's Webhook node (POST, respond immediately)",
};

/** The median round trip of each round. */
const roundMedians = (result: TriggerResult, variant: RoundTripVariant) =>
	result.roundTrips.latenciesMs[variant].map((latencies) => median(latencies));

export function triggerRows(result: TriggerResult): Row[] {
	const n = result.callbacks;
	const times = (variant: InProcessVariant, clock: 'ms' | 'cpuMs') =>
		result.inProcess[variant].map((run) => run[clock]);
	const rates = (values: number[]) => values.map((value) => (n / value) * 1000);
	/** Callbacks per second of each side by `clock`; the ratio stays a cost ratio, of the times. */
	const throughput = (item: string, clock: 'ms' | 'cpuMs', soft: boolean): Row => {
		const target = `≥ ${thousands(THROUGHPUT_TARGET)}/s`;
		return {
			item,
			node: spread(rates(times('node', clock)), perSecond),
			baseline: spread(rates(times('hmac', clock)), perSecond),
			ratio: `${ratio(median(times('node', clock)) / median(times('hmac', clock)))} cost`,
			target: soft ? `(${target})` : target,
			met: median(rates(times('node', clock))) >= THROUGHPUT_TARGET ? YES : NO,
		};
	};
	const nodeCostUs = (median(times('node', 'ms')) * 1000) / n;
	const trigger = roundMedians(result, 'trigger');
	const floor = roundMedians(result, 'webhookNode');
	const share = nodeCostUs / 1000 / median(trigger);
	return [
		throughput(`3. Trigger in-process, ${thousands(n)} callbacks: throughput`, 'ms', false),
		fact(
			'3. Trigger in-process: wall time per callback',
			us(nodeCostUs),
			us((median(times('hmac', 'ms')) * 1000) / n),
		),
		throughput(
			'3. Trigger in-process: callbacks per CPU second (what an idle core would do)',
			'cpuMs',
			true,
		),
		measured(
			'3. One callback through n8n (round trip from the client, median)',
			spread(trigger, ms),
			`${spread(floor, ms)} (n8n Webhook node)`,
			median(trigger) / median(floor),
		),
		fact(
			"3. Trigger's share of the round trip (in-process cost / round trip median)",
			percent(share),
			'',
			'< 5 %',
			share < 0.05 ? YES : NO,
		),
	];
}

export function triggerDetails(result: TriggerResult): string {
	const rate = (value: number) => thousands((result.callbacks / value) * 1000);
	const { node, hmac } = result.inProcess;
	const p90 = (variant: RoundTripVariant) => {
		const all = result.roundTrips.latenciesMs[variant].flat().sort((a, b) => a - b);
		return all[Math.min(all.length - 1, Math.floor(all.length * 0.9))];
	};
	const trigger = median(roundMedians(result, 'trigger'));
	const floor = median(roundMedians(result, 'webhookNode'));
	return [
		'#### 3. TYLT Trigger',
		table(
			[
				'Round',
				'trigger, callbacks/s',
				'bare HMAC verify, callbacks/s',
				'trigger, per CPU second',
				'HMAC, per CPU second',
			],
			'rrrrr',
			node.map((run, round) => [
				round + 1,
				rate(run.ms),
				rate(hmac[round].ms),
				rate(run.cpuMs),
				rate(hmac[round].cpuMs),
			]),
		),
		'Each stage alone (µs per callback, same callbacks, dedupe memory full):',
		table(
			['Stage', 'µs'],
			'lr',
			Object.entries(result.stages).map(([stage, value]) => [stage, value.toFixed(2)]),
		),
		`Round trips through n8n's webhook server: ${result.roundTrips.perVariant} sequential callbacks per variant per round, ${result.roundTrips.gapMs} ms apart, each on a new connection; median of each round, then the median of those.`,
		table(
			['Workflow', 'median', 'p90 (all rounds)', 'rounds'],
			'lrrl',
			ROUND_TRIP_VARIANTS.map((variant) => [
				ROUND_TRIP_NAMES[variant],
				ms(median(roundMedians(result, variant))),
				ms(p90(variant)),
				roundMedians(result, variant)
					.map((value) => value.toFixed(2))
					.join(', '),
			]),
		),
		`Cross-check from the outside: (TYLT Trigger − Webhook node) / TYLT Trigger = ${percent(Math.max(0, trigger - floor) / trigger)} of the round trip.`,
	].join('\n\n');
}
