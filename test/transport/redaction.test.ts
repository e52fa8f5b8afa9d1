/**
 * TYLT's words reach errors, and a TYLT that echoes what it was sent would show the API key. Redaction scrubs the
 * key as it was sent (trimmed of the whitespace a paste brings), not only as it is stored, in any letter case.
 */
import { inspect } from 'node:util';

import { runTyltNode } from '../../tools/harness/n8nContext';
import { credentialsFor, failureOf, useSandbox } from '../support/sandboxKit';

const sandbox = useSandbox();

function echoKey(spelling: (key: string) => string) {
	sandbox.injectFault('currencies', {
		kind: 'status',
		status: 401,
		contentType: 'application/json',
		body: JSON.stringify({ errorCode: 401, msg: `Unknown API key ${spelling(sandbox.apiKey)}` }),
	});
}

async function errorShownFor(storedKey: string): Promise<string> {
	const error = await failureOf(
		runTyltNode({
			credentials: { ...credentialsFor(sandbox), apiKey: storedKey },
			parameters: { resource: 'currency', operation: 'getMany', options: {} },
		}),
	);
	return [
		error.message,
		String(error.description ?? ''),
		JSON.stringify(error),
		inspect(error, { depth: 8 }),
	].join('\n');
}

it.each([
	['pasted with a line break around it', (key: string) => `\n${key} \n`],
	['stored as it is', (key: string) => key],
])('a key %s: TYLT echoing the key as sent does not show it', async (_, stored) => {
	echoKey((key) => key);
	const shown = await errorShownFor(stored(sandbox.apiKey));
	expect(sandbox.requests[0].headers['x-tlp-apikey']).toBe(sandbox.apiKey);
	expect(shown).not.toContain(sandbox.apiKey);
});

it('TYLT echoing the key in upper case does not show it', async () => {
	echoKey((key) => key.toUpperCase());
	const shown = await errorShownFor(sandbox.apiKey);
	expect(shown.toLowerCase()).not.toContain(sandbox.apiKey.toLowerCase());
});
