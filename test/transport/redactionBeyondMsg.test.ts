/**
 * TYLT's words other than the envelope's msg. A TYLT (or a gateway in front of it) that
 * echoes the API key, the secrets or the signature anywhere in its answer (the errorCode, data, a non-JSON body,
 * a header) must not get them into the TYLT node's error.
 */
import { inspect } from 'node:util';

import type { Fault } from '../../sandbox/types';
import { runTyltNode } from '../../tools/harness/n8nContext';
import { credentialsFor, failureOf, useSandbox } from '../support/sandboxKit';

const sandbox = useSandbox();
const ADDITIONAL_SECRET = 'additional-callback-secret-value';

function echoes(): Array<[string, Fault]> {
	const all = `${sandbox.apiKey} ${sandbox.apiSecret} ${ADDITIONAL_SECRET}`;
	const json = (body: unknown): Fault => ({
		kind: 'status',
		status: 401,
		contentType: 'application/json',
		body: JSON.stringify(body),
	});
	return [
		['msg', json({ errorCode: 401, msg: `Unknown ${all}` })],
		['errorCode', json({ errorCode: all, msg: 'Unknown key' })],
		['data', json({ errorCode: 401, msg: 'Unknown key', data: { echo: all } })],
		[
			'an HTML body of a 502',
			{ kind: 'status', status: 502, contentType: 'text/html', body: `<p>${all}</p>` },
		],
		['a text body of a 401', { kind: 'status', status: 401, contentType: 'text/plain', body: all }],
		['msg upper-cased', json({ errorCode: 401, msg: `Unknown ${all.toUpperCase()}` })],
	];
}

async function errorShown(): Promise<string> {
	const error = await failureOf(
		runTyltNode({
			// The harness hands every field to the credential; its type names only the ones most tests need.
			credentials: { ...credentialsFor(sandbox), ...{ additionalSecret: ADDITIONAL_SECRET } },
			parameters: { resource: 'currency', operation: 'getMany', options: {} },
		}),
	);
	return [
		error.message,
		String(error.description ?? ''),
		JSON.stringify(error),
		inspect(error, { depth: 12, showHidden: true }),
	].join('\n');
}

const PLACES = [
	'msg',
	'errorCode',
	'data',
	'an HTML body of a 502',
	'a text body of a 401',
	'msg upper-cased',
];

it.each(PLACES)('TYLT echoing the key and secrets in %s does not show them', async (name) => {
	const fault = Object.fromEntries(echoes())[name];
	sandbox.injectFault('currencies', { ...fault, times: 5 } as Fault);
	const shown = (await errorShown()).toLowerCase();
	expect(shown).not.toContain(sandbox.apiKey.toLowerCase());
	expect(shown).not.toContain(sandbox.apiSecret.toLowerCase());
	expect(shown).not.toContain(ADDITIONAL_SECRET.toLowerCase());
});
