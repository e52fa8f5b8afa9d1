/**
 * An error is built from TYLT's own `msg`, passed on as written. TYLT's error
 * messages are not in the spec, and a server that echoes what it checked ("signature … does not match for API
 * key …") is common. The TYLT node then shows the signature it sent, which TYLT (no nonce) accepts again, and
 * the API key, to whoever may run the node, an AI agent included: errors.ts promises neither reaches an error.
 * The key is scrubbed as it was sent (trimmed of the whitespace a paste brings), not only as it is stored, in any
 * letter case.
 */
import { inspect } from 'node:util';

import {
	credentialsFor,
	expectedSignature,
	failureOf,
	useSandbox,
	type NodeRunError,
} from '../support/sandboxKit';
import { runTyltNode } from '../../tools/harness/n8nContext';

const sandbox = useSandbox();

function everythingShownOf(error: NodeRunError): string {
	return [
		error.message,
		String(error.description ?? ''),
		JSON.stringify(error),
		inspect(error, { depth: 8 }),
	].join('\n');
}

it('a TYLT message echoing the signature and the API key does not reach the error', async () => {
	// The currency list is signed over the empty string, so its signature is known before the call.
	const signature = expectedSignature(sandbox.apiSecret, '');
	sandbox.injectFault('currencies', {
		kind: 'status',
		status: 401,
		contentType: 'application/json',
		body: JSON.stringify({
			errorCode: 401,
			msg: `Signature ${signature} is not valid for API key ${sandbox.apiKey}`,
		}),
	});

	const error = await failureOf(
		runTyltNode({
			credentials: credentialsFor(sandbox),
			parameters: { resource: 'currency', operation: 'getMany', options: {} },
		}),
	);

	expect(sandbox.requests[0].headers['x-tlp-signature']).toBe(signature);
	const shown = everythingShownOf(error);
	expect(shown).not.toContain(signature);
	expect(shown).not.toContain(sandbox.apiKey);
});

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
	return everythingShownOf(error);
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
