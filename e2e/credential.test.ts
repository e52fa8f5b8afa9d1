/**
 * The TYLT API credential in a real n8n: its Test button (POST /rest/credentials/test), and the HTTP Request
 * node using it with Options a workflow author may set, against the sandbox.
 */
import { randomUUID } from 'node:crypto';

import { startRecordingProxy, type RecordingProxy } from '../tools/harness/recordingProxy';
import { n8nVersion } from '../tools/n8n';
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

	it('fails with the 401 message for a wrong secret', async () => {
		const result = await e2e.n8n.testCredential({ data: credentialData('a-wrong-secret') });

		// n8n 1.123 (npm run test:e2e:compat) does not hand the 401 to the credential's rules and shows its own
		// message instead (README, Compatibility); 1.99, 1.100 and 2.x show the credential's.
		const refused = n8nVersion().startsWith('1.123.')
			? 'Authorization failed - please check your credentials'
			: 'TYLT rejected the API key or secret';
		expect(result).toEqual({ status: 'Error', message: expect.stringContaining(refused) });
		// In a credential test n8n 2.41 sends a request answered 401 once more (n8n-core's token-refresh retry
		// in httpRequestWithAuthentication runs whenever credential data is passed in), so two, both refused.
		const requests = await e2e.sandbox.requests();
		expect(requests.length).toBeGreaterThanOrEqual(1);
		expect(requests.map((request) => [request.endpoint, request.status])).toEqual(
			requests.map(() => ['currencies', 401]),
		);
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
	it('fails at once in the credential’s words, not as a dropped connection after retries', async () => {
		const { apiKey, apiSecret } = e2e.state.sandbox;
		const credential = await e2e.n8n.createCredential({
			name: `TYLT without a scheme ${randomUUID().slice(0, 6)}`,
			type: 'tyltApi',
			data: { apiKey, apiSecret, baseUrl: 'api.tylt.money' },
		});
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
					typeVersion: 1,
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
