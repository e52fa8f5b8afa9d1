/**
 * Case 3. In-process: the TYLT Trigger's webhook() (verify → parse → filter → dedupe → answer) called the
 * way n8n calls it, through n8n-core's real WebhookContext (real parameter resolution, real credential
 * lookup path, the workflow's real observable static data), over pre-signed callbacks; against a bare HMAC
 * verify of the same bytes. Through n8n: sequential signed POSTs to a live webhook, timed from the client.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { fingerprint, rememberCallback } from '../../nodes/TyltTrigger/dedupe';
import { isWanted, statusList, toOutputJson } from '../../nodes/shared/payoutEvents/orderEvent';
import { parseCallback } from '../../nodes/TyltTrigger/parseCallback';
import {
	createTriggerContext,
	createTriggerWorkflow,
	triggerType,
} from '../../tools/harness/triggerContext';
import { verifySignature } from '../../nodes/TyltTrigger/verifySignature';
import type { SignedCallback } from '../lib/callbacks';
import { signedCallbacks } from '../lib/callbacks';
import type { JobModule } from '../lib/jobs';
import { rawRequest } from '../lib/rawHttp';

/** The trigger's defaults as the editor saves them: payout events, any status, duplicates ignored. */
const TRIGGER_PARAMETERS: INodeParameters = { events: ['payout'], options: {} };

// One batch of signed callbacks per process and size: generating them is not part of any measurement.
let batch: { key: string; callbacks: SignedCallback[] } | undefined;
function callbacksFor(count: number, secret: string): SignedCallback[] {
	const key = `${count}:${secret}`;
	if (batch?.key !== key) batch = { key, callbacks: signedCallbacks('inproc', count, secret) };
	return batch.callbacks;
}

/** An active workflow holding the trigger, and the webhook context n8n would build for a request to it. */
function triggerRig(secret: string) {
	const workflow = createTriggerWorkflow('bench-workflow', TRIGGER_PARAMETERS);
	// What the trigger calls on n8n's response: status() and send(), chained as express allows.
	const response = {
		statusCode: 0,
		status(code: number) {
			response.statusCode = code;
			return response;
		},
		setHeader() {},
		send: () => response,
		json: () => response,
	};
	const credentials = { apiKey: 'bench-key', apiSecret: secret, baseUrl: '' };
	// n8n builds one context per request; the trigger's work is what runs inside it, so one is reused here
	// and only the request it reads is swapped.
	const { context, additionalData } = createTriggerContext(workflow, {
		request: undefined,
		response,
		credentials,
	});
	return { context, additionalData, response };
}

/** Wall and CPU time (user + system) of `loop`, which returns how many callbacks it handled as wanted. */
async function timed(count: number, what: string, loop: () => Promise<number>) {
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	const handled = await loop();
	const ms = performance.now() - started;
	const cpu = process.cpuUsage(cpuBefore);
	if (handled !== count) throw new Error(`${what} ${handled} of ${count}`);
	return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const STAGE_PASSES = 3;

/** µs per callback of `run` over `count` callbacks, the fastest pass; `prepare` runs untimed before each. */
function fastest<State>(count: number, run: (state: State) => void, prepare?: () => State): number {
	let best = Infinity;
	for (let pass = 0; pass < STAGE_PASSES; pass++) {
		const state = prepare?.() as State;
		const started = performance.now();
		run(state);
		best = Math.min(best, ((performance.now() - started) * 1000) / count);
	}
	return best;
}

// n8n hands the node its parsed body too; the trigger reads the raw bytes, so every request shares this one.
const PARSED_BODY_STANDIN = {};

export const triggerJobs: JobModule<'trigger'> = {
	async 'trigger.node'(params) {
		const callbacks = callbacksFor(params.count, params.secret);
		const requests = callbacks.map((callback) => ({
			rawBody: callback.body,
			body: PARSED_BODY_STANDIN,
			headers: { 'content-type': 'application/json', 'x-tlp-signature': callback.signature },
		}));
		const { context, additionalData, response } = triggerRig(params.secret);
		return await timed(params.count, 'trigger accepted and answered ok', async () => {
			let acceptedOk = 0;
			for (const request of requests) {
				additionalData.httpRequest = request;
				const result = await triggerType.webhook.call(context);
				if (result.workflowData && response.statusCode === 200) acceptedOk++;
				response.statusCode = 0;
			}
			return acceptedOk;
		});
	},

	/** The floor: decode the header, HMAC the bytes, compare in constant time. Nothing else. */
	async 'trigger.hmac'(params) {
		const callbacks = callbacksFor(params.count, params.secret);
		return await timed(params.count, 'verified', async () => {
			let verified = 0;
			for (const callback of callbacks) {
				const received = Buffer.from(callback.signature, 'hex');
				const expected = createHmac('sha256', params.secret).update(callback.body).digest();
				if (received.length === expected.length && timingSafeEqual(received, expected)) verified++;
			}
			return verified;
		});
	},

	/**
	 * Where the trigger's time goes: each stage alone over the same callbacks (µs per callback, the fastest of
	 * STAGE_PASSES passes: a single pass can meet a garbage collection or a neighbour's burst). The dedupe
	 * stage starts from a full memory (1000 callbacks), as an active workflow's is after its first 1000.
	 */
	async 'trigger.stages'(params) {
		const callbacks = callbacksFor(params.count, params.secret);
		const secrets = [params.secret, ''];
		const parsed = callbacks.map((callback) => parseCallback(callback.body)!);
		const filters = { events: ['payout' as const], statuses: statusList([], ''), finalOnly: false };
		// As the trigger does: the body parseCallback read is reused, not parsed again.
		const fingerprints = callbacks.map((callback, index) =>
			fingerprint(callback.body, parsed[index].body),
		);
		const warm = signedCallbacks('warm', 1000, params.secret).map((callback) =>
			fingerprint(callback.body),
		);
		const fullMemory = () => {
			const store: IDataObject = {};
			for (const print of warm) rememberCallback(store, print);
			return store;
		};

		return {
			verifySignature: fastest(callbacks.length, () => {
				for (const callback of callbacks)
					verifySignature(callback.signature, callback.body, secrets);
			}),
			parseCallback: fastest(callbacks.length, () => {
				for (const callback of callbacks) parseCallback(callback.body);
			}),
			filters: fastest(callbacks.length, () => {
				for (const callback of parsed) isWanted(callback, filters);
			}),
			'fingerprint (parsed body reused)': fastest(callbacks.length, () => {
				for (let index = 0; index < callbacks.length; index++) {
					fingerprint(callbacks[index].body, parsed[index].body);
				}
			}),
			'rememberCallback (one store)': fastest(
				callbacks.length,
				(store: IDataObject) => {
					for (const print of fingerprints) rememberCallback(store, print);
				},
				fullMemory,
			),
			toOutputJson: fastest(callbacks.length, () => {
				for (const callback of parsed) toOutputJson(callback);
			}),
		};
	},

	/** Sequential POSTs of fresh signed callbacks, one new connection each (TYLT's sender does the same). */
	async 'trigger.roundTrips'(params) {
		const callbacks = signedCallbacks(params.tag, params.count, params.secret);
		const latenciesMs: number[] = [];
		for (const callback of callbacks) {
			const started = performance.now();
			const answer = await rawRequest(
				params.url,
				'POST',
				{ 'Content-Type': 'application/json', 'X-TLP-SIGNATURE': callback.signature },
				callback.body,
			);
			latenciesMs.push(performance.now() - started);
			if (
				answer.status !== 200 ||
				(params.expectText !== undefined && answer.text !== params.expectText)
			) {
				throw new Error(
					`${params.url} answered HTTP ${answer.status}: ${answer.text.slice(0, 300)}`,
				);
			}
			if (params.gapMs > 0) await new Promise((resolve) => setTimeout(resolve, params.gapMs));
		}
		return { latenciesMs };
	},
};
