/**
 * Case 3: the TYLT Trigger. In-process: its webhook() over N pre-signed callbacks against a bare HMAC
 * verify of the same bytes. Through a real n8n: the round trip of one callback to an active workflow's
 * production webhook, timed from the client, for the trigger as configured by default (duplicates ignored,
 * its memory already full as in steady state), the trigger with Ignore Duplicates off, and n8n's own
 * Webhook node (n8n's floor for any webhook), also with an expression in one option (what n8n's webhook
 * phase costs every node but its own Webhook node with fixed parameters: it holds an expression isolate).
 */
import { randomUUID } from 'node:crypto';

import type { BenchContext } from '../lib/context';
import { storeWorkflows } from '../lib/n8nRun';
import { alternate } from '../lib/rounds';
import { TRIGGER_NODE, triggerWorkflow, webhookNodeWorkflow } from '../lib/workflows';
import type { Row } from '../lib/rows';
import { compared, fact, measured, NO, table, TARGETS, YES } from '../lib/rows';
import { median, ms, percent, perSecond, ratio, spread, thousands, us } from '../lib/stats';

// Between two callbacks: TYLT sends one per status change, seconds apart. The pause lets the run the
// previous callback started finish, so a round trip is not queued behind it (measured on 2 cores: 30 ms
// apart, the TYLT Trigger's median round trip was about twice the one 300 ms apart).
const GAP_MS = 150;
const WARM_UP_CALLBACKS = 10;

/** In-process: the trigger's webhook() against the bare HMAC verify. */
export type InProcessVariant = 'node' | 'hmac';
export type RoundTripVariant =
	| 'trigger'
	| 'triggerNoDedupe'
	| 'webhookNode'
	| 'webhookNodeExpression';
export const ROUND_TRIP_VARIANTS: RoundTripVariant[] = [
	'trigger',
	'triggerNoDedupe',
	'webhookNode',
	'webhookNodeExpression',
];
const isWebhookNode = (variant: RoundTripVariant) =>
	variant === 'webhookNode' || variant === 'webhookNodeExpression';

export type TriggerResult = Awaited<ReturnType<typeof runTriggerCase>>;

/** The round trips' variants as active workflows in n8n: the URL a callback goes to, and the workflow. */
async function activeWebhooks(context: BenchContext, secret: string) {
	const n8n = await context.n8n();
	const credential = await n8n.client.createCredential({
		name: 'bench callbacks',
		type: 'tyltApi',
		data: { apiKey: 'bench-key', apiSecret: secret, baseUrl: 'http://127.0.0.1:9' },
	});
	const ids: Record<RoundTripVariant, string> = {
		trigger: randomUUID(),
		triggerNoDedupe: randomUUID(),
		webhookNode: randomUUID(),
		webhookNodeExpression: randomUUID(),
	};
	const definitions = {
		trigger: triggerWorkflow('bench: TYLT Trigger', ids.trigger, credential, true, secret),
		triggerNoDedupe: triggerWorkflow(
			'bench: TYLT Trigger, duplicates not ignored',
			ids.triggerNoDedupe,
			credential,
			false,
			secret,
		),
		webhookNode: webhookNodeWorkflow('bench: plain Webhook node', ids.webhookNode),
		webhookNodeExpression: webhookNodeWorkflow(
			'bench: Webhook node, an expression in its options',
			ids.webhookNodeExpression,
			true,
		),
	};
	const workflowIds = await storeWorkflows(n8n, definitions);
	const urls = {} as Record<RoundTripVariant, string>;
	for (const variant of ROUND_TRIP_VARIANTS) {
		await n8n.client.activate(workflowIds[variant]);
		// The trigger's webhook path is its own (`<id>/webhook`); the Webhook node's is its `path` parameter.
		const path = isWebhookNode(variant) ? ids[variant] : `${ids[variant]}/webhook`;
		await n8n.client.waitForWebhook(path);
		urls[variant] = `${n8n.instance.url}/webhook/${path}`;
	}
	const stored = await n8n.client.getWorkflow(workflowIds.trigger);
	const memory = (staticData?: Record<string, unknown>) =>
		JSON.stringify(staticData?.[`node:${TRIGGER_NODE}`]);
	if (memory(stored.staticData) !== memory(definitions.trigger.staticData)) {
		throw new Error('the trigger workflow was not stored with its dedupe memory');
	}
	return { n8n, urls, triggerWorkflowId: workflowIds.trigger };
}

export async function runTriggerCase(context: BenchContext) {
	const { options, log } = context;
	const count = options.sizes.callbacks;
	const secret = 'bench-callback-secret';
	const workers = {
		node: context.worker('trigger: TYLT Trigger in n8n-core'),
		hmac: context.worker('trigger: bare HMAC verify'),
	};
	const inProcess = await alternate({
		variants: ['node', 'hmac'],
		rounds: options.rounds,
		label: 'trigger',
		log,
		run: (variant: InProcessVariant) =>
			workers[variant].call(variant === 'node' ? 'trigger.node' : 'trigger.hmac', {
				count,
				secret,
			}),
		describe: ({ ms }) => `${Math.round((count / ms) * 1000)} callbacks/s`,
		warmUp: true,
	});
	const stages = await workers.node.call('trigger.stages', {
		count: Math.min(count, 20_000),
		secret,
	});

	// Through n8n's webhook server.
	const { n8n, urls, triggerWorkflowId } = await activeWebhooks(context, secret);
	const client = context.worker('trigger: webhook client');
	let batch = 0;
	const send = async (variant: RoundTripVariant, callbacks: number) =>
		(
			await client.call('trigger.roundTrips', {
				url: urls[variant],
				count: callbacks,
				secret,
				tag: `rt-${variant}-${++batch}-${Date.now()}`,
				gapMs: GAP_MS,
				expectText: isWebhookNode(variant) ? undefined : 'ok',
			})
		).latenciesMs;

	log(`trigger: webhook round trips, warm-up (${WARM_UP_CALLBACKS} per variant)`);
	for (const variant of ROUND_TRIP_VARIANTS) await send(variant, WARM_UP_CALLBACKS);
	const latenciesMs = await alternate({
		variants: ROUND_TRIP_VARIANTS,
		rounds: options.rounds,
		label: 'trigger',
		log,
		run: (variant) => send(variant, options.sizes.roundTrips),
		describe: (latencies) => `median round trip ${median(latencies).toFixed(2)} ms`,
		warmUp: false,
	});
	const executions = await n8n.client.listExecutions(triggerWorkflowId, { limit: 5000 });
	const expectedRuns = WARM_UP_CALLBACKS + options.rounds * options.sizes.roundTrips;
	if (executions.length < expectedRuns) {
		log(
			`trigger: note: ${executions.length} runs recorded for ${expectedRuns} accepted callbacks (runs may still be finishing)`,
		);
	}
	return {
		callbacks: count,
		/** Wall and CPU time of each round's run over all callbacks. */
		inProcess,
		/** µs per callback, each stage alone. */
		stages,
		/** `latenciesMs`: per variant, per round, every round trip in ms. */
		roundTrips: { perVariant: options.sizes.roundTrips, gapMs: GAP_MS, latenciesMs },
	};
}

/** Callbacks per second the trigger should handle on one core. */
const THROUGHPUT_TARGET = 50_000;

const ROUND_TRIP_NAMES: Record<RoundTripVariant, string> = {
	trigger: 'TYLT Trigger, defaults (duplicates ignored; memory full: 1,000 callbacks)',
	triggerNoDedupe: 'TYLT Trigger, Ignore Duplicates off',
	webhookNode: "n8n's Webhook node (POST, respond immediately)",
	webhookNodeExpression:
		"n8n's Webhook node, an expression in one option (n8n then holds an expression isolate for the webhook, as for every community node)",
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
	/** Each round's time per callback, in µs. */
	const perCallback = (variant: InProcessVariant, clock: 'ms' | 'cpuMs') =>
		times(variant, clock).map((value) => (value * 1000) / n);
	const nodeCostUs = median(perCallback('node', 'ms'));
	const trigger = roundMedians(result, 'trigger');
	const floor = roundMedians(result, 'webhookNode');
	const share = nodeCostUs / 1000 / median(trigger);
	return [
		throughput(`3. Trigger in-process, ${thousands(n)} callbacks: throughput`, 'ms', false),
		compared(
			'3. Trigger in-process: time per callback ÷ a bare HMAC verify of the same bytes',
			perCallback('node', 'ms'),
			perCallback('hmac', 'ms'),
			TARGETS.triggerCost,
			us,
		),
		compared(
			'3. Trigger in-process: CPU time per callback ÷ the bare HMAC verify (barely moved by other load)',
			perCallback('node', 'cpuMs'),
			perCallback('hmac', 'cpuMs'),
			TARGETS.triggerCostCpu,
			us,
		),
		throughput(
			'3. Trigger in-process: callbacks per CPU second (what an idle core would do)',
			'cpuMs',
			true,
		),
		measured(
			"3. Trigger round trip through n8n ÷ n8n's Webhook node",
			spread(trigger, ms),
			`${spread(floor, ms)} (n8n's Webhook node)`,
			median(trigger) / median(floor),
			TARGETS.triggerRoundTrip,
		),
		measured(
			"3. n8n's own part: its Webhook node with an expression in one option (n8n then holds an expression isolate for the webhook, as for any community trigger) ÷ its Webhook node",
			spread(roundMedians(result, 'webhookNodeExpression'), ms),
			`${spread(floor, ms)} (n8n's Webhook node)`,
			median(roundMedians(result, 'webhookNodeExpression')) / median(floor),
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
		'Each stage alone (µs per callback, same callbacks, the fastest of 3 passes; dedupe memory full):',
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
