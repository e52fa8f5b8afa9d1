/** The TYLT API credential's Test button, through a real n8n (POST /rest/credentials/test) and the sandbox. */
import { n8nVersion } from '../tools/n8n';
import { useE2e } from './support/context';

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
