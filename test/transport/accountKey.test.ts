/**
 * The account the guard's process-wide claims and memories are keyed by: base URL and API key, hashed.
 */
import { tyltAccountKey } from '../../nodes/Tylt/transport';
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
