/**
 * The TYLT API credential's Test, as n8n runs it when the credential is saved: n8n's own credential-test
 * context (its legacy request helper) against the sandbox. It says everything that is wrong at once: a spending
 * limit that cannot be read, named as every payout would name it, and what TYLT made of the key and secret.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { CredentialTestContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, INodeType } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import { tyltApiTest } from '../../nodes/Tylt/methods/credentialTest';
import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { TyltPayoutStatusTrigger } from '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node';
import { TyltTrigger } from '../../nodes/TyltTrigger/TyltTrigger.node';
import { credentialsFor, expectedSignature, requestsTo, useSandbox } from '../support/sandboxKit';

const API_SECRET = 'credential-test-secret-5d0e';
const sandbox = useSandbox({ autoSettle: false, apiSecret: API_SECRET });

/** The Test as n8n runs it for the credential data in the dialog. */
async function testCredential(data: ICredentialDataDecryptedObject) {
	return await tyltApiTest.call(new CredentialTestContext(), {
		id: 'credential-1',
		name: 'TYLT account',
		type: 'tyltApi',
		data,
	});
}

describe('the key and secret, tried on TYLT', () => {
	it('passes with the right key and secret, after one signed read of the currency list', async () => {
		const result = await testCredential(credentialsFor(sandbox));

		expect(result.status).toBe('OK');
		const [request, ...others] = requestsTo(sandbox, 'currencies');
		expect(others).toEqual([]);
		expect(request.status).toBe(200);
		expect(request.headers['x-tlp-signature']).toBe(expectedSignature(API_SECRET, ''));
	});

	it('passes with a Base URL written with a trailing slash', async () => {
		const result = await testCredential({ ...credentialsFor(sandbox), baseUrl: `${sandbox.url}/` });

		expect(result.status).toBe('OK');
	});

	it('a wrong secret: says TYLT rejected the key or secret, in TYLT’s words, never showing the secret', async () => {
		const result = await testCredential({
			...credentialsFor(sandbox),
			apiSecret: 'a-wrong-secret-77',
		});

		expect(result).toEqual({
			status: 'Error',
			message:
				'TYLT rejected the API key or secret (TYLT said: Invalid signature.): check both, and that they belong to this environment (Demo or Production).',
		});
		expect(sandbox.requests.map((request) => request.status)).toEqual([401]);
	});

	it('a wrong key: the same, with what TYLT said about the key', async () => {
		const result = await testCredential({ ...credentialsFor(sandbox), apiKey: 'not-the-key' });

		expect(result.message).toMatch(
			/^TYLT rejected the API key or secret \(TYLT said: Invalid API key\.\)/,
		);
	});

	it('TYLT’s words are passed on without the key or secret they may echo', async () => {
		sandbox.injectFault('currencies', {
			kind: 'status',
			status: 401,
			contentType: 'application/json',
			body: JSON.stringify({
				errorCode: 1,
				msg: `key ${sandbox.apiKey} with secret ${API_SECRET}`,
			}),
		});

		const result = await testCredential(credentialsFor(sandbox));

		expect(result.message).toContain('(TYLT said: key [redacted] with secret [redacted])');
		expect(result.message).not.toContain(API_SECRET);
	});

	it('HTTP 403: says TYLT refused the key', async () => {
		sandbox.injectFault('currencies', { kind: 'status', status: 403 });

		const result = await testCredential(credentialsFor(sandbox));

		expect(result.status).toBe('Error');
		expect(result.message).toMatch(
			/^TYLT refused this API key.*: it may be disabled or lack merchant API access\.$/,
		);
	});

	it('a redirect is not followed with the signed headers, and is named as the Base URL’s problem', async () => {
		sandbox.injectFault('currencies', {
			kind: 'status',
			status: 302,
			headers: { location: '/elsewhere' },
		});

		const result = await testCredential(credentialsFor(sandbox));

		expect(result.message).toContain('answered with a redirect (HTTP 302)');
		expect(result.message).toContain('check the Base URL');
		expect(sandbox.requests).toHaveLength(1);
	});

	it('an answer that is not TYLT’s (a web page): says the Base URL does not lead to TYLT', async () => {
		sandbox.injectFault('currencies', {
			kind: 'status',
			status: 200,
			body: '<html><body>Welcome</body></html>',
			contentType: 'text/html',
		});

		const result = await testCredential(credentialsFor(sandbox));

		expect(result).toEqual({
			status: 'Error',
			message: `${sandbox.url} answered, but not as TYLT does (no currency list): check the Base URL.`,
		});
	});

	it('a Base URL nobody listens on: TYLT could not be reached there', async () => {
		const closed = await closedPort();

		const result = await testCredential({
			...credentialsFor(sandbox),
			baseUrl: `http://127.0.0.1:${closed}`,
		});

		expect(result).toEqual({
			status: 'Error',
			message: `TYLT could not be reached at http://127.0.0.1:${closed}: check the Base URL and the network.`,
		});
	});

	it('a Base URL the credential will not sign for: the credential’s words, and nothing is sent', async () => {
		const result = await testCredential({ ...credentialsFor(sandbox), baseUrl: 'api.tylt.money' });

		expect(result.status).toBe('Error');
		expect(result.message).toContain('Base URL "api.tylt.money" is not an http:// or https:// URL');
		expect(sandbox.requests).toEqual([]);
	});
});

describe('the spending limits, read on save', () => {
	it.each([
		['maxAmountPerPayout', 'Max Amount per Payout'],
		['maxAmountPer24Hours', 'Max Amount per 24 Hours'],
	])(
		'a %s that cannot be read is named with its text, with the key still tried',
		async (field, label) => {
			const result = await testCredential({ ...credentialsFor(sandbox), [field]: 'USDT lots' });

			expect(result.status).toBe('Error');
			expect(result.message).toMatch(new RegExp(`^${label} cannot be read: "USDT lots"`));
			expect(result.message).toMatch(
				/Until it is fixed, no payout is sent with this credential\.$/,
			);
			expect(requestsTo(sandbox, 'currencies')).toHaveLength(1);
		},
	);

	it('an unreadable limit and a wrong secret are both said at once', async () => {
		const result = await testCredential({
			...credentialsFor(sandbox),
			apiSecret: 'a-wrong-secret-77',
			maxAmountPerPayout: 'USDT lots',
		});

		expect(result.message).toMatch(/^Max Amount per Payout cannot be read: "USDT lots"/);
		expect(result.message).toContain(' TYLT rejected the API key or secret');
	});

	it('readable limits pass', async () => {
		const result = await testCredential({
			...credentialsFor(sandbox),
			maxAmountPerPayout: 'USDT 500, EUR 450',
			maxAmountPer24Hours: 'USDT 2000',
			allowedAddresses: 'TQ4wQYzZjzVd3PxVmGfnmWeSzgGF3Y3kJu',
		});

		expect(result.status).toBe('OK');
	});
});

describe('which Test n8n runs', () => {
	// n8n runs a credential's own `test` when it has one, else the credentialTest of the first node it finds
	// whose credentials entry names one (testedBy): every node that uses the credential must lead to this one.
	it('the credential has no test of its own, and every node using it leads to this Test', () => {
		expect((new TyltApi() as { test?: unknown }).test).toBeUndefined();
		for (const node of [
			new Tylt(),
			new TyltTrigger(),
			new TyltPayoutStatusTrigger(),
		] as INodeType[]) {
			const entry = node.description.credentials?.find(({ name }) => name === 'tyltApi');
			const testedBy = entry?.testedBy as string;
			expect(node.methods?.credentialTest?.[testedBy]).toBe(tyltApiTest);
		}
	});
});

/** A loopback port that was free a moment ago: nothing listens there. */
async function closedPort(): Promise<number> {
	const server: Server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise((resolve) => server.close(resolve));
	return port;
}
