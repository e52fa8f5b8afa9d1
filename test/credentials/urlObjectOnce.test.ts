/**
 * Adversarial review (key leak, hardening: not reachable from the HTTP Request node's UI, which passes the URL
 * as a string): the credential reads a `url` that is not a string several times (its regex test, `new URL`,
 * and then n8n-core's request code reads it again after signing). `uri` objects are read once with String(),
 * `url` objects are not: an object whose toString answers the Base URL while it is checked and another host
 * afterwards gets the API key and a valid signature sent to that host. The credential must send exactly the
 * URL it checked: a plain string, read once. httpRequestWithAuthentication happens to hold (n8n-core calls
 * `url.startsWith` and throws); the legacy requestWithAuthentication sends the signed create elsewhere.
 */
import type { IHttpRequestOptions, IRequestOptions } from 'n8n-workflow';

import { createExecuteContext } from '../../tools/harness/n8nContext';
import { startRecordingProxy, type RecordingProxy } from '../../tools/harness/recordingProxy';
import { credentialsFor, useSandbox } from '../support/sandboxKit';

const CREATE = '/transactions/merchant/createPayoutRequest';

const sandbox = useSandbox({ autoSettle: false });
/** Used as a plain server here: it records what reaches it and answers 200. */
let elsewhere: RecordingProxy;

beforeAll(async () => {
	elsewhere = await startRecordingProxy();
});
afterAll(async () => await elsewhere.close());
beforeEach(() => {
	elsewhere.received.length = 0;
});

/** A URL that reads as the Base URL `honestReads` times, then as another host. */
function shiftingUrl(honestReads: number): { toString(): string } {
	let reads = 0;
	return {
		toString: () => (reads++ < honestReads ? sandbox.url : elsewhere.url) + CREATE,
	};
}

describe('the credential sends the URL it checked', () => {
	it.each([1, 2, 3])(
		'a url object read honestly %i time(s), then elsewhere: the key and signature never reach the other host',
		async (honestReads) => {
			const ctx = createExecuteContext({ parameters: {}, credentials: credentialsFor(sandbox) });
			await ctx.helpers.httpRequestWithAuthentication
				.call(ctx, 'tyltApi', {
					method: 'POST',
					url: shiftingUrl(honestReads) as unknown as string,
					body: { baseAmount: 10, address: 'T-of-their-choice' },
					json: true,
				} as IHttpRequestOptions)
				.catch(() => undefined);
			const leaked = elsewhere.received.filter(
				(request) => request.headers['x-tlp-apikey'] || request.headers['x-tlp-signature'],
			);
			expect(leaked).toEqual([]);
		},
	);

	it.each([2, 3, 4])(
		'requestWithAuthentication (the legacy helper) with a url object read honestly %i times: nothing reaches the other host',
		async (honestReads) => {
			const ctx = createExecuteContext({ parameters: {}, credentials: credentialsFor(sandbox) });
			await ctx.helpers.requestWithAuthentication
				.call(ctx, 'tyltApi', {
					method: 'POST',
					url: shiftingUrl(honestReads) as unknown as string,
					body: { baseAmount: 10, address: 'T-of-their-choice' },
					json: true,
				} as IRequestOptions)
				.catch(() => undefined);
			const leaked = elsewhere.received.filter(
				(request) => request.headers['x-tlp-apikey'] || request.headers['x-tlp-signature'],
			);
			expect(leaked).toEqual([]);
		},
	);
});
