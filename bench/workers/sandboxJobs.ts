/** The sandbox, in a process of its own: neither the node nor a baseline shares its CPU time or heap. */
import type { TyltSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { JobModule, RequestSummary } from '../lib/jobs';

let sandbox: TyltSandbox | undefined;

function running(): TyltSandbox {
	if (!sandbox) throw new Error('sandbox.start first');
	return sandbox;
}

function count(target: Record<string, number>, key: string) {
	target[key] = (target[key] ?? 0) + 1;
}

export const sandboxJobs: JobModule<'sandbox'> = {
	async 'sandbox.start'(params) {
		// No artificial delays by default: payouts never settle on their own (autoSettle false), so no
		// settlement timer or callback ever runs during a measurement. Wait Until Final needs them to settle.
		sandbox = await startSandbox({
			autoSettle: params.autoSettle ?? false,
			completionDelayMs: params.completionDelayMs ?? 0,
		});
		return { url: sandbox.url, apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret };
	},
	/**
	 * A fresh book (reset also restores the start latency, 0), then optionally `latencyMs` before every API
	 * request from now on, and `seed` history payouts (1 s apart, newest first, all older than now).
	 */
	async 'sandbox.reset'(params) {
		running().reset();
		if (params.latencyMs) running().latencyMs = params.latencyMs;
		if (params.seed) running().seedPayouts(params.seed, undefined, params.seedSpacingMs);
		return null;
	},
	async 'sandbox.mark'() {
		return { index: running().requests.length };
	},
	async 'sandbox.summary'(params) {
		const requests = running().requests.slice(params.since);
		const summary: RequestSummary = {
			total: requests.length,
			byEndpoint: {},
			byStatus: {},
			historyReads: 0,
			connection: {},
			sampleCreateBodies: [],
			payoutsStored: params.withPayouts ? running().payouts.length : -1,
		};
		for (const logged of requests) {
			count(summary.byEndpoint, logged.endpoint ?? `${logged.method} ${logged.path}`);
			count(summary.byStatus, String(logged.status));
			count(summary.connection, logged.headers.connection ?? '(none)');
			if (
				logged.endpoint === 'payoutHistory' &&
				new URLSearchParams(logged.query).get('page') === '1'
			)
				summary.historyReads++;
			if (logged.endpoint === 'createPayout' && summary.sampleCreateBodies.length < 2) {
				summary.sampleCreateBodies.push(logged.rawBody);
			}
		}
		return summary;
	},
	async 'sandbox.advance'(params) {
		await running().advanceTime(params.ms);
		return null;
	},
	async 'sandbox.payoutIds'(params) {
		return running()
			.payouts.filter((_, index) => index % params.every === 0)
			.slice(0, params.count)
			.map(({ orderId, merchantOrderId }) => ({ orderId, merchantOrderId }));
	},
	async 'sandbox.stop'() {
		await sandbox?.close();
		sandbox = undefined;
		return null;
	},
};
