/**
 * Case 3: the TYLT Trigger. In-process: its webhook() over N pre-signed callbacks against a bare HMAC
 * verify of the same bytes. Through a real n8n: the round trip of one callback to an active workflow's
 * production webhook, timed from the client, for the trigger as configured by default (duplicates ignored,
 * its memory already full as in steady state), the trigger with Ignore Duplicates off, and n8n's own
 * Webhook node (n8n's floor for any webhook).
 */
import { randomUUID } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import {
	fingerprint,
	MAX_REMEMBERED_CALLBACKS,
	rememberCallback,
} from '../../nodes/TyltTrigger/dedupe';
import { signedCallbacks } from '../lib/callbacks';
import type { BenchContext } from '../lib/context';
import type { RoundTripVariant, TriggerResult } from '../lib/results';
import { rotated } from '../lib/stats';
import type { BenchJobs } from '../workers/jobs';

// Between two callbacks: TYLT sends one per status change, seconds apart. The pause lets the run the
// previous callback started finish, so a round trip is not queued behind it (measured on 2 cores: 30 ms
// apart, the TYLT Trigger's median round trip was about twice the one 300 ms apart).
const GAP_MS = 150;
const WARM_UP_CALLBACKS = 10;

/**
 * The trigger's static data after MAX_REMEMBERED_CALLBACKS earlier callbacks, built by the trigger's own
 * dedupe code (so it follows dedupe.ts's storage format, whatever that is).
 */
function fullDedupeMemory(secret: string): IDataObject {
	const store: IDataObject = {};
	for (const callback of signedCallbacks('earlier', MAX_REMEMBERED_CALLBACKS, secret)) {
		rememberCallback(store, fingerprint(callback.body));
	}
	return store;
}

function triggerWorkflow(
	name: string,
	webhookId: string,
	credential: { id: string; name: string },
	ignoreDuplicates: boolean,
	secret: string,
) {
	const nodeName = 'TYLT Trigger';
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: nodeName,
				type: 'n8n-nodes-tylt.tyltTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: {
					events: ['payout'],
					options: ignoreDuplicates ? {} : { ignoreDuplicates: false },
				},
				credentials: { tyltApi: credential },
			},
		],
		connections: {},
		staticData: ignoreDuplicates ? { [`node:${nodeName}`]: fullDedupeMemory(secret) } : undefined,
	};
}

function webhookNodeWorkflow(webhookId: string) {
	return {
		name: 'bench: plain Webhook node',
		nodes: [
			{
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId,
				parameters: {
					httpMethod: 'POST',
					path: webhookId,
					responseMode: 'onReceived',
					options: {},
				},
			},
		],
		connections: {},
	};
}

export async function runTriggerCase(context: BenchContext<BenchJobs>): Promise<TriggerResult> {
	const { options, log } = context;
	const count = options.sizes.callbacks;
	const secret = 'bench-callback-secret';
	const workers = {
		node: context.worker('trigger: TYLT Trigger in n8n-core'),
		hmac: context.worker('trigger: bare HMAC verify'),
	};

	log(`trigger: in-process warm-up (${count} callbacks each)`);
	await workers.node.call('trigger.node', { count, secret });
	await workers.hmac.call('trigger.hmac', { count, secret });
	const result: TriggerResult = {
		callbacks: count,
		nodeMs: [],
		hmacMs: [],
		nodeCpuMs: [],
		hmacCpuMs: [],
		stages: {},
		roundTrips: {
			perVariant: options.sizes.roundTrips,
			gapMs: GAP_MS,
			latenciesMs: { trigger: [], triggerNoDedupe: [], webhookNode: [] },
		},
	};
	for (let round = 0; round < options.rounds; round++) {
		for (const variant of rotated(['node', 'hmac'] as const, round)) {
			const { ms, cpuMs } =
				variant === 'node'
					? await workers.node.call('trigger.node', { count, secret })
					: await workers.hmac.call('trigger.hmac', { count, secret });
			result[variant === 'node' ? 'nodeMs' : 'hmacMs'].push(ms);
			result[variant === 'node' ? 'nodeCpuMs' : 'hmacCpuMs'].push(cpuMs);
			log(
				`trigger: round ${round + 1}/${options.rounds} ${variant}: ${Math.round((count / ms) * 1000)} callbacks/s`,
			);
		}
	}
	result.stages = await workers.node.call('trigger.stages', {
		count: Math.min(count, 20_000),
		secret,
	});

	// Through n8n's webhook server.
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
		webhookNode: webhookNodeWorkflow(ids.webhookNode),
	};
	const urls = {} as Record<RoundTripVariant, string>;
	const workflowIds = {} as Record<RoundTripVariant, string>;
	for (const variant of Object.keys(definitions) as RoundTripVariant[]) {
		const stored = await n8n.client.createWorkflow(definitions[variant]);
		workflowIds[variant] = stored.id;
		await n8n.client.activate(stored.id);
		const path = variant === 'webhookNode' ? ids.webhookNode : `${ids[variant]}/webhook`;
		await n8n.client.waitForWebhook(path);
		urls[variant] = `${n8n.instance.url}/webhook/${path}`;
	}
	const stored = await n8n.client.getWorkflow(workflowIds.trigger);
	const expectedMemory = JSON.stringify(definitions.trigger.staticData?.['node:TYLT Trigger']);
	if (JSON.stringify(stored.staticData?.['node:TYLT Trigger']) !== expectedMemory) {
		throw new Error('the trigger workflow was not stored with its dedupe memory');
	}

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
	for (const variant of Object.keys(urls) as RoundTripVariant[])
		await send(variant, WARM_UP_CALLBACKS);
	for (let round = 0; round < options.rounds; round++) {
		for (const variant of rotated<RoundTripVariant>(
			['trigger', 'triggerNoDedupe', 'webhookNode'],
			round,
		)) {
			const latencies = await send(variant, options.sizes.roundTrips);
			result.roundTrips.latenciesMs[variant].push(latencies);
			const sorted = [...latencies].sort((a, b) => a - b);
			log(
				`trigger: round ${round + 1}/${options.rounds} ${variant}: median round trip ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} ms`,
			);
		}
	}
	const executions = await n8n.client.listExecutions(workflowIds.trigger, { limit: 5000 });
	const expectedRuns = WARM_UP_CALLBACKS + options.rounds * options.sizes.roundTrips;
	if (executions.length < expectedRuns) {
		log(
			`trigger: note: ${executions.length} runs recorded for ${expectedRuns} accepted callbacks (runs may still be finishing)`,
		);
	}
	return result;
}
