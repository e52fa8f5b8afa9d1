/**
 * Case 3: the TYLT Trigger. In-process: its webhook() over N pre-signed callbacks against a bare HMAC
 * verify of the same bytes. Through a real n8n: the round trip of one callback to an active workflow's
 * production webhook, timed from the client, for the trigger as configured by default (duplicates ignored,
 * its memory already full as in steady state), the trigger with Ignore Duplicates off, and n8n's own
 * Webhook node (n8n's floor for any webhook).
 */
import { randomUUID } from 'node:crypto';

import type { BenchContext } from '../lib/context';
import { storeWorkflows } from '../lib/n8nRun';
import { alternate } from '../lib/rounds';
import { median } from '../lib/stats';
import { TRIGGER_NODE, triggerWorkflow, webhookNodeWorkflow } from '../lib/workflows';

// Between two callbacks: TYLT sends one per status change, seconds apart. The pause lets the run the
// previous callback started finish, so a round trip is not queued behind it (measured on 2 cores: 30 ms
// apart, the TYLT Trigger's median round trip was about twice the one 300 ms apart).
const GAP_MS = 150;
const WARM_UP_CALLBACKS = 10;

/** In-process: the trigger's webhook() against the bare HMAC verify. */
export type InProcessVariant = 'node' | 'hmac';
export type RoundTripVariant = 'trigger' | 'triggerNoDedupe' | 'webhookNode';
export const ROUND_TRIP_VARIANTS: RoundTripVariant[] = [
	'trigger',
	'triggerNoDedupe',
	'webhookNode',
];

export type TriggerResult = Awaited<ReturnType<typeof runTriggerCase>>;

/** The round trips' variants as active workflows in n8n: the URL a callback goes to, and the workflow. */
async function activeWebhooks(context: BenchContext, secret: string) {
	const n8n = await context.n8n();
	const credential = await n8n.client.createCredential({
		name: 'bench callbacks',
		type: 'tyltApi',
		data: { apiKey: 'bench-key', apiSecret: secret, baseUrl: 'http://127.0.0.1:9' },
	});
	const ids = { trigger: randomUUID(), triggerNoDedupe: randomUUID(), webhookNode: randomUUID() };
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
	};
	const workflowIds = await storeWorkflows(n8n, definitions);
	const urls = {} as Record<RoundTripVariant, string>;
	for (const variant of ROUND_TRIP_VARIANTS) {
		await n8n.client.activate(workflowIds[variant]);
		// The trigger's webhook path is its own (`<id>/webhook`); the Webhook node's is its `path` parameter.
		const path = variant === 'webhookNode' ? ids.webhookNode : `${ids[variant]}/webhook`;
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
				expectText: variant === 'webhookNode' ? undefined : 'ok',
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
