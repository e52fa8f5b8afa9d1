/**
 * How TYLT's answers become n8n errors: TYLT's own `msg`, the item that caused it, and never the secret or a
 * signature. Each failing call here is a real answer (or a real broken connection) from the sandbox.
 */
import { inspect } from 'node:util';

import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { RETRY_POLICY } from '../../nodes/Tylt/transport/request';
import { runTyltNode, type TyltCredentialData } from '../../tools/harness/n8nContext';
import {
	credentialsFor,
	failureOf,
	payoutCreate,
	requestsTo,
	tronAddress,
	type NodeRunError,
	useSandbox,
} from '../support/sandboxKit';

const API_SECRET = 'tylt-test-secret-must-never-appear-3f9c';
const WRONG_SECRET = 'tylt-wrong-secret-must-never-appear-b71e';

const sandbox = useSandbox({ autoSettle: false, apiSecret: API_SECRET });

/** Everything a user, a log or an error workflow could see of an error. */
function everythingShownOf(error: NodeRunError): string[] {
	return [
		error.message,
		String(error.description ?? ''),
		JSON.stringify(error),
		String(error.stack),
		inspect(error, { depth: 8, showHidden: true }),
	];
}

/** Neither secret nor any signature the sandbox received may appear anywhere in the error. */
function expectNothingSecretIn(error: NodeRunError) {
	const signatures = sandbox.requests
		.map((request) => request.headers['x-tlp-signature'])
		.filter((signature): signature is string => Boolean(signature));
	expect(signatures.length).toBeGreaterThan(0);
	for (const shown of everythingShownOf(error)) {
		for (const secret of [API_SECRET, WRONG_SECRET, ...signatures]) {
			expect(shown).not.toContain(secret);
		}
	}
}

async function runFailing(
	parameters: INodeParameters,
	options: { items?: object[]; credentials?: TyltCredentialData } = {},
) {
	return await failureOf(
		runTyltNode({
			credentials: options.credentials ?? credentialsFor(sandbox),
			parameters,
			items: options.items as never,
		}),
	);
}

describe('TYLT refuses a request', () => {
	it('a payout TYLT rejects with HTTP 400 fails with TYLT’s message, on the item that caused it', async () => {
		// JPY is a fiat code, so it passes the node's own check; only TYLT knows it does not convert it.
		const error = await runFailing(
			payoutCreate({ amountIn: 'fiat', baseCurrency: '={{ $json.baseCurrency }}' }),
			{ items: [{ baseCurrency: 'USD' }, { baseCurrency: 'JPY' }] },
		);

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('Invalid baseCurrency "JPY"');
		expect(error.context.itemIndex).toBe(1);
		expect(error.httpCode).toBe('400');
		expect(requestsTo(sandbox, 'createPayout').map((request) => request.status)).toEqual([
			200, 400,
		]);
		expectNothingSecretIn(error);
	});

	it('with Continue On Fail, the rejected payout becomes an error item and the next one is still sent', async () => {
		const output = await runTyltNode({
			credentials: credentialsFor(sandbox),
			items: [{ baseCurrency: 'JPY' }, { baseCurrency: 'USD' }],
			parameters: payoutCreate({ amountIn: 'fiat', baseCurrency: '={{ $json.baseCurrency }}' }),
			continueOnFail: true,
		});

		expect(output[0]).toEqual({
			json: { error: expect.stringContaining('Invalid baseCurrency "JPY"') },
			pairedItem: { item: 0 },
		});
		expect(output[1]).toMatchObject({ json: { status: 'Pending' }, pairedItem: { item: 1 } });
		for (const signature of sandbox.requests.map((request) => request.headers['x-tlp-signature'])) {
			expect(JSON.stringify(output)).not.toContain(signature);
		}
		expect(JSON.stringify(output)).not.toContain(API_SECRET);
	});

	it('a non-zero errorCode on payout history (HTTP 200) fails with TYLT’s message', async () => {
		sandbox.injectFault('payoutHistory', {
			kind: 'errorCode',
			errorCode: 1002,
			msg: 'History is being rebuilt',
		});

		const error = await runFailing({ resource: 'payout', operation: 'getMany', returnAll: true });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('History is being rebuilt');
		expect(error.context.itemIndex).toBe(0);
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(1);
		expectNothingSecretIn(error);
	});

	it('a redirect on a read is not followed and not retried: the error points to the Base URL', async () => {
		sandbox.injectFault('payoutHistory', {
			kind: 'status',
			status: 301,
			body: '',
			headers: { location: 'http://127.0.0.1:9/moved' },
		});

		const error = await runFailing({ resource: 'payout', operation: 'getMany', returnAll: true });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('TYLT answered HTTP 301');
		expect(error.description).toContain('never follows with signed headers');
		expect(error.description).toContain('Base URL');
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(1);
		expectNothingSecretIn(error);
	});

	it('a non-zero errorCode on the currency list (HTTP 200) fails with TYLT’s message', async () => {
		sandbox.injectFault('currencies', {
			kind: 'errorCode',
			errorCode: 5001,
			msg: 'Currency list unavailable',
		});

		const error = await runFailing({ resource: 'currency', operation: 'getMany' });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('Currency list unavailable');
		expectNothingSecretIn(error);
	});

	it('a non-zero errorCode on the currency list stops a payout before it is sent', async () => {
		sandbox.injectFault('currencies', {
			kind: 'errorCode',
			errorCode: 5001,
			msg: 'Currency list unavailable',
		});

		const error = await runFailing(payoutCreate());

		expect(error.message).toContain('Currency list unavailable');
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});
});

describe('TYLT does not accept the credential', () => {
	it('a wrong secret (HTTP 401) fails with TYLT’s message and points to the credential', async () => {
		const error = await runFailing(payoutCreate(), {
			credentials: { ...credentialsFor(sandbox), apiSecret: WRONG_SECRET },
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('401');
		expect(error.message).toContain('Invalid signature.');
		expect(error.message).toMatch(/credential/i);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
		expectNothingSecretIn(error);
	});

	it('a wrong API key (HTTP 401) fails with TYLT’s message and points to the credential', async () => {
		const error = await runFailing(
			{ resource: 'currency', operation: 'getMany' },
			{ credentials: { ...credentialsFor(sandbox), apiKey: 'not-the-merchant-key' } },
		);

		expect(error.message).toContain('Invalid API key.');
		expect(`${error.message} ${error.description}`).toMatch(/credential/i);
		expectNothingSecretIn(error);
	});
});

describe('TYLT’s answer is lost or broken', () => {
	// A create is never repeated (TYLT has no idempotency key), so these are one request each. The node's
	// in-doubt look-up in history is off here: these cases are about the error the transport raises.
	it('a create answered with malformed JSON fails clearly, on its item, and is not sent again', async () => {
		sandbox.injectFault('createPayout', { kind: 'malformedJson' });

		const error = await runFailing(
			payoutCreate({ address: '={{ $json.address }}', options: { inDoubtCheckSeconds: 0 } }),
			{
				items: [{ address: tronAddress('first') }, { address: tronAddress('second') }],
			},
		);

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/JSON envelope/);
		expect(error.context.itemIndex).toBe(0);
		// The first item's create went once; the second item's, on its way beside it, is its own payout.
		const creates = requestsTo(sandbox, 'createPayout').map(
			(request) => JSON.parse(request.rawBody).address,
		);
		expect(creates.filter((address) => address === tronAddress('first'))).toHaveLength(1);
		expectNothingSecretIn(error);
	});

	it('a create whose connection drops fails clearly, on its item, and is not sent again', async () => {
		sandbox.injectFault('createPayout', { kind: 'drop' });

		const error = await runFailing(payoutCreate({ options: { inDoubtCheckSeconds: 0 } }));

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/connection/i);
		expect(error.context.itemIndex).toBe(0);
		expect(requestsTo(sandbox, 'createPayout').map((request) => request.status)).toEqual([0]);
		expectNothingSecretIn(error);
	});

	it('a create TYLT performed but whose answer was lost fails clearly, and is not sent again', async () => {
		sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });

		const error = await runFailing(payoutCreate({ options: { inDoubtCheckSeconds: 0 } }));

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/connection/i);
		expect(sandbox.payouts).toHaveLength(1);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
		expectNothingSecretIn(error);
	});
});

describe('a read TYLT keeps answering badly', () => {
	// Reads are retried; without waits between attempts the test stays fast and counts attempts, not time.
	const configuredPolicy = { ...RETRY_POLICY };
	beforeAll(() => {
		RETRY_POLICY.baseDelayMs = 0;
	});
	afterAll(() => {
		Object.assign(RETRY_POLICY, configuredPolicy);
	});

	const attempts = () => 1 + RETRY_POLICY.maxRetries;

	it('malformed JSON from the currency list ends in a clear error after a bounded number of tries', async () => {
		sandbox.injectFault('currencies', { kind: 'malformedJson', times: Infinity });

		const error = await runFailing({ resource: 'currency', operation: 'getMany' });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/JSON envelope/);
		expect(error.context.itemIndex).toBe(0);
		expect(requestsTo(sandbox, 'currencies')).toHaveLength(attempts());
		expectNothingSecretIn(error);
	});

	it('a dropped connection on payout history ends in a clear error after a bounded number of tries', async () => {
		sandbox.injectFault('payoutHistory', { kind: 'drop', times: Infinity });

		const error = await runFailing({ resource: 'payout', operation: 'getMany', returnAll: true });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/connection/i);
		expect(error.context.itemIndex).toBe(0);
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(attempts());
		expectNothingSecretIn(error);
	});
});
