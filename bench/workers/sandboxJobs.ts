/** The sandbox, in a process of its own: neither the node nor a baseline shares its CPU time or heap. */
import type { TyltSandbox } from '../../test/sandbox';
import { startSandbox } from '../../test/sandbox';

let sandbox: TyltSandbox | undefined;

function running(): TyltSandbox {
	if (!sandbox) throw new Error('sandbox.start first');
	return sandbox;
}

export interface RequestSummary {
	total: number;
	byEndpoint: Record<string, number>;
	byStatus: Record<string, number>;
	/** The `connection` header the clients sent (keep-alive or close), counted. */
	connection: Record<string, number>;
	/** Bodies of the first create requests, to compare what the node and the raw loop sent. */
	sampleCreateBodies: string[];
	payoutsStored: number;
}

function count(target: Record<string, number>, key: string) {
	target[key] = (target[key] ?? 0) + 1;
}

export const sandboxJobs = {
	async 'sandbox.start'(_params: Record<string, never>) {
		// No artificial delays: payouts never settle on their own (autoSettle false), so no settlement timer
		// or callback ever runs during a measurement.
		sandbox = await startSandbox({ autoSettle: false, completionDelayMs: 0 });
		return { url: sandbox.url, apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret };
	},
	async 'sandbox.reset'(_params: Record<string, never>) {
		running().reset();
		return null;
	},
	async 'sandbox.seed'(params: { count: number }) {
		running().seedPayouts(params.count);
		return { stored: running().payouts.length };
	},
	/** Where the request log ends now: summaries count from here. */
	async 'sandbox.mark'(_params: Record<string, never>) {
		return { index: running().requests.length };
	},
	async 'sandbox.summary'(params: { since: number; withPayouts?: boolean }) {
		const requests = running().requests.slice(params.since);
		const summary: RequestSummary = {
			total: requests.length,
			byEndpoint: {},
			byStatus: {},
			connection: {},
			sampleCreateBodies: [],
			payoutsStored: params.withPayouts ? running().payouts.length : -1,
		};
		for (const logged of requests) {
			count(summary.byEndpoint, logged.endpoint ?? `${logged.method} ${logged.path}`);
			count(summary.byStatus, String(logged.status));
			count(summary.connection, logged.headers.connection ?? '(none)');
			if (logged.endpoint === 'createPayout' && summary.sampleCreateBodies.length < 2) {
				summary.sampleCreateBodies.push(logged.rawBody);
			}
		}
		return summary;
	},
	async 'sandbox.stop'(_params: Record<string, never>) {
		await sandbox?.close();
		sandbox = undefined;
		return null;
	},
};
