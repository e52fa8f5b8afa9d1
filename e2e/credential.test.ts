/**
 * The TYLT API credential in a real n8n: its Test button (POST /rest/credentials/test), and the HTTP Request
 * node using it with Options a workflow author may set, against the sandbox.
 */
import { randomUUID } from 'node:crypto';

import { startRecordingProxy, type RecordingProxy } from '../tools/harness/recordingProxy';
import { failureOf, outputOf, useE2e } from './support/context';
import { httpRequestPayout as payoutRequest } from './support/httpRequestPayout';

const e2e = useE2e();

function credentialData(apiSecret: string) {
	const { url, apiKey } = e2e.state.sandbox;
	return { apiKey, apiSecret, baseUrl: url };
}

describe('TYLT API credential test', () => {
	it('passes with the right key and secret', async () => {
		const result = await e2e.n8n.testCredential({
			data: credentialData(e2e.state.sandbox.apiSecret),
		});

		expect(result.status).toBe('OK');
		const requests = await e2e.sandbox.requests();
		expect(requests.map((request) => [request.endpoint, request.status])).toEqual([
			['currencies', 200],
		]);
	});

	it('a wrong secret: says TYLT rejected the key or secret, in its own words on every n8n version', async () => {
		const result = await e2e.n8n.testCredential({ data: credentialData('a-wrong-secret') });

		// The node's credentialTest words it (not n8n's generic text for a 401), on 1.x and 2.x alike.
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/^TYLT rejected the API key or secret \(TYLT said: Invalid signature\.\)/,
			),
		});
		expect(result.message).not.toContain('a-wrong-secret');
		const requests = await e2e.sandbox.requests();
		expect(requests.map((request) => [request.endpoint, request.status])).toEqual([
			['currencies', 401],
		]);
	});

	it('a spending limit that cannot be read is named on save, and the key is still tried', async () => {
		const result = await e2e.n8n.testCredential({
			data: { ...credentialData(e2e.state.sandbox.apiSecret), maxAmountPerPayout: 'USDT lots' },
		});

		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(/^Max Amount per Payout cannot be read: "USDT lots"/),
		});
		const requests = await e2e.sandbox.requests();
		expect(requests.map((request) => [request.endpoint, request.status])).toEqual([
			['currencies', 200],
		]);
	});

	it('passes for the stored "TYLT sandbox" credential the examples use', async () => {
		const { id, name } = e2e.state.credential;

		expect(await e2e.n8n.testCredential({ id, name })).toMatchObject({ status: 'OK' });
	});
});

/** The HTTP Request node POSTing a payout to the sandbox with the run's TYLT credential and these Options. */
function httpRequestPayout(options: Record<string, unknown>) {
	return payoutRequest({
		url: `${e2e.state.sandbox.url}/transactions/merchant/createPayoutRequest`,
		credential: e2e.state.credential,
		options,
	});
}

// Issue #17, point 1: whoever may use the credential in the HTTP Request node sets its Options too.
describe('HTTP Request node with the TYLT API credential: Options that would carry the key elsewhere', () => {
	let proxy: RecordingProxy;
	beforeAll(async () => {
		proxy = await startRecordingProxy();
	});
	afterAll(async () => await proxy.close());
	beforeEach(() => {
		proxy.received.length = 0;
	});

	it('without such Options the payout is signed and reaches TYLT', async () => {
		const execution = await e2e.run(httpRequestPayout({}));

		expect(execution.status).toBe('success');
		expect(outputOf(execution, 'Pay')[0]).toMatchObject({ errorCode: 0 });
		const requests = await e2e.sandbox.requests();
		expect(requests.map((request) => [request.endpoint, request.status])).toEqual([
			['createPayout', 200],
		]);
	});

	it('Options → Proxy: the run fails naming the proxy, and neither the proxy nor TYLT receives anything', async () => {
		const execution = await e2e.run(httpRequestPayout({ proxy: proxy.url }));

		expect(failureOf(execution).message).toMatch(
			/TYLT API credential does not send through a proxy/,
		);
		expect(proxy.received).toEqual([]);
		expect(await e2e.sandbox.requests()).toEqual([]);
	});

	it('Options → Ignore SSL Issues: the run fails naming the option, and nothing is sent', async () => {
		const execution = await e2e.run(httpRequestPayout({ allowUnauthorizedCerts: true }));

		expect(failureOf(execution).message).toMatch(/Ignore SSL Issues/);
		expect(await e2e.sandbox.requests()).toEqual([]);
	});
});

describe('TYLT node with a credential whose Base URL the credential will not sign for', () => {
	// The suite's other files find the one TYLT credential a new user has, which n8n attaches to a new node.
	const createdCredentials: string[] = [];
	afterAll(async () => {
		for (const id of createdCredentials) await e2e.n8n.api('DELETE', `/credentials/${id}`);
	});

	it('fails at once in the credential’s words, not as a dropped connection after retries', async () => {
		const { apiKey, apiSecret } = e2e.state.sandbox;
		const credential = await e2e.n8n.createCredential({
			name: `TYLT without a scheme ${randomUUID().slice(0, 6)}`,
			type: 'tyltApi',
			data: { apiKey, apiSecret, baseUrl: 'api.tylt.money' },
		});
		createdCredentials.push(credential.id);
		const execution = await e2e.run({
			name: `Currencies with a broken Base URL ${randomUUID().slice(0, 6)}`,
			nodes: [
				{
					id: randomUUID(),
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: randomUUID(),
					name: 'Currencies',
					type: 'n8n-nodes-tylt.tylt',
					typeVersion: 3,
					position: [220, 0],
					parameters: { resource: 'currency', operation: 'getMany' },
					credentials: { tyltApi: { id: credential.id, name: credential.name } },
				},
			],
			connections: { Start: { main: [[{ node: 'Currencies', type: 'main', index: 0 }]] } },
		});

		const failure = failureOf(execution);
		expect(failure.message).toContain(
			'Base URL "api.tylt.money" is not an http:// or https:// URL',
		);
		expect(failure.description).toMatch(/Nothing was sent to TYLT/);
		expect(await e2e.sandbox.requests()).toEqual([]);
	});
});
