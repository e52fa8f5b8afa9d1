/**
 * The account the guard's process-wide claims and memories are keyed by: base URL and API key, hashed.
 */
import { tyltAccountKey } from '../../nodes/Tylt/transport/credentials';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { payoutCreate } from '../support/sandboxKit';

const account = async (apiKey: string, baseUrl: string, apiSecret = 'secret-1') =>
	await tyltAccountKey.call(
		createExecuteContext({
			parameters: payoutCreate(),
			credentials: { apiKey, apiSecret, baseUrl },
		}),
	);

it('is a hash of base URL and API key: not the key itself, and not the secret', async () => {
	const key = await account('merchant-key-7c1f', 'https://api.tylt.money');

	expect(key).toMatch(/^[0-9a-f]{32}$/);
	expect(key).not.toContain('merchant-key-7c1f');
	expect(await account('merchant-key-7c1f', 'https://api.tylt.money', 'another-secret')).toBe(key);
	expect(await account('merchant-key-7c1f', 'https://api.tylt.money/')).toBe(key);
});

it('differs per API key and per base URL', async () => {
	const key = await account('merchant-key-7c1f', 'https://api.tylt.money');

	expect(await account('merchant-key-0000', 'https://api.tylt.money')).not.toBe(key);
	expect(await account('merchant-key-7c1f', 'https://dev-api.tylt.money')).not.toBe(key);
});

/**
 * Issue #17, point 4: two credentials for one TYLT account must share the claim, or overlapping executions both
 * pay. TYLT is one server per origin (scheme, host in any letter case, default port or none), and it reads the
 * API key from a header, where HTTP drops the whitespace around the value.
 */
describe('one key for every spelling TYLT treats as the same account', () => {
	it.each([
		['the host in capitals', 'https://API.TYLT.money'],
		['the scheme in capitals', 'HTTPS://api.tylt.money'],
		['the default port written out', 'https://api.tylt.money:443'],
		['a trailing slash', 'https://api.tylt.money/'],
		['a path', 'https://api.tylt.money/api/'],
		['spaces around it', '  https://api.tylt.money  '],
		['the fully qualified host (trailing dot)', 'https://api.tylt.money./'],
	])('Base URL with %s', async (_case, baseUrl) => {
		expect(await account('merchant-key-7c1f', baseUrl)).toBe(
			await account('merchant-key-7c1f', 'https://api.tylt.money'),
		);
	});

	it.each([
		['a trailing space', 'merchant-key-7c1f '],
		['a leading space', ' merchant-key-7c1f'],
		['a trailing newline (pasted)', 'merchant-key-7c1f\n'],
		['a tab', '\tmerchant-key-7c1f'],
	])('API key pasted with %s', async (_case, apiKey) => {
		expect(await account(apiKey, 'https://api.tylt.money')).toBe(
			await account('merchant-key-7c1f', 'https://api.tylt.money'),
		);
	});

	it('an empty Base URL is the production URL the credential falls back to', async () => {
		expect(await account('merchant-key-7c1f', '')).toBe(
			await account('merchant-key-7c1f', 'https://api.tylt.money'),
		);
	});

	it.each([
		['another port', 'https://api.tylt.money:8443'],
		['plain http', 'http://api.tylt.money'],
		['another host', 'https://api.tylt.money.example'],
	])('still tells apart a Base URL on %s', async (_case, baseUrl) => {
		expect(await account('merchant-key-7c1f', baseUrl)).not.toBe(
			await account('merchant-key-7c1f', 'https://api.tylt.money'),
		);
	});

	it('takes an API key in other letter case for the same account: TYLT does not say whether it is', async () => {
		// Sharing a claim can only make an execution wait; splitting one account into two can pay twice.
		expect(await account('MERCHANT-KEY-7C1F', 'https://api.tylt.money')).toBe(
			await account('merchant-key-7c1f', 'https://api.tylt.money'),
		);
	});
});
