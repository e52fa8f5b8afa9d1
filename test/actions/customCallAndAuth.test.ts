import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { runTyltNode } from '../harness/n8nContext';
import { startSandbox, type TyltSandbox } from '../sandbox';
import { credentialsFor, failureOf, payoutCreate, requestsTo } from '../helpers/sandboxKit';

let sandbox: TyltSandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ autoSettle: false });
});
afterAll(async () => {
	await sandbox.close();
});
beforeEach(() => {
	sandbox.reset();
});

it('points the Custom API Call resource (as n8n stores it) to the HTTP Request node', async () => {
	const error = await failureOf(
		runTyltNode({
			credentials: credentialsFor(sandbox),
			parameters: { resource: '__CUSTOM_API_CALL__', operation: '__CUSTOM_API_CALL__' },
		}),
	);

	expect(error).toBeInstanceOf(NodeOperationError);
	expect(error.description).toContain('HTTP Request node');
	expect(sandbox.requests).toHaveLength(0);
});

it('says in the message itself that the credential was rejected (HTTP 401)', async () => {
	const error = await failureOf(
		runTyltNode({
			credentials: { ...credentialsFor(sandbox), apiSecret: 'wrong' },
			parameters: payoutCreate(),
		}),
	);

	expect(error).toBeInstanceOf(NodeApiError);
	expect(error.message).toMatch(/credential/i);
	expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
});
