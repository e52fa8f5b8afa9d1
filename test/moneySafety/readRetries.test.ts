/**
 * Reads (currency list, payout history, pay-ins, balance) are repeated after a transient failure, a bounded number
 * of times; TYLT's own refusals are not repeated. Counted in requests the sandbox received, not in time.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { RETRY_POLICY } from '../../nodes/Tylt/transport/request';
import type { EndpointName, Fault } from '../../sandbox';
import { payoutCreate, requestsTo } from '../support/sandboxKit';
import { useMoneySafetySandbox, useShortRetryBackoff } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

useShortRetryBackoff();

const attemptsAllowed = () => 1 + RETRY_POLICY.maxRetries;
const requestsOf = (endpoint: EndpointName) => requestsTo(suite.sandbox, endpoint).length;

interface Read {
	name: string;
	endpoint: EndpointName;
	parameters: INodeParameters;
	/** Puts what the read returns into the sandbox. */
	prepare?: () => void;
}

const READS: Read[] = [
	{
		name: 'the currency list (Currency → Get Many)',
		endpoint: 'currencies',
		parameters: { resource: 'currency', operation: 'getMany' },
	},
	{
		name: 'payout history (Payout → Get Many)',
		endpoint: 'payoutHistory',
		parameters: { resource: 'payout', operation: 'getMany', returnAll: false, limit: 5 },
		prepare: () => suite.sandbox.seedPayouts(5),
	},
	{
		name: 'the account balance (Balance → Get)',
		endpoint: 'accountBalance',
		parameters: { resource: 'balance', operation: 'get' },
	},
	{
		name: 'a pay-in (Pay-in → Get)',
		endpoint: 'payInDetails',
		parameters: { resource: 'payIn', operation: 'get', merchantOrderId: 'order-1001' },
	},
];

const HTML_502: Fault = {
	kind: 'status',
	status: 502,
	body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
	contentType: 'text/html',
};

const ONE_OFF_FAULTS: Array<[string, Fault]> = [
	['one HTTP 500', { kind: 'status', status: 500 }],
	['one HTTP 502 with an HTML body', HTML_502],
	[
		'one HTTP 429 with Retry-After: 1',
		{ kind: 'status', status: 429, headers: { 'Retry-After': '1' } },
	],
	['one dropped connection', { kind: 'drop' }],
	['one malformed JSON answer', { kind: 'malformedJson' }],
];

describe.each(READS)('$name', (read) => {
	it.each(ONE_OFF_FAULTS)(
		'recovers from %s with one more request, and returns what a clean read returns',
		async (_fault, fault) => {
			read.prepare?.();
			const clean = await suite.run({ parameters: read.parameters });
			suite.sandbox.injectFault(read.endpoint, fault);

			const recovered = await suite.run({ parameters: read.parameters });

			expect(recovered).toEqual(clean);
			expect(recovered.length).toBeGreaterThan(0);
			expect(requestsOf(read.endpoint)).toBe(1 + 2);
		},
	);

	it('gives up after exactly 1 + maxRetries attempts when the fault persists, with a clear error', async () => {
		read.prepare?.();
		suite.sandbox.injectFault(read.endpoint, { ...HTML_502, times: 10 });

		const error = await suite.fail({ parameters: read.parameters });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('TYLT did not answer usefully: HTTP 502');
		expect(error.description).toContain(`failed ${attemptsAllowed()} times in a row`);
		expect(error.context.itemIndex).toBe(0);
		expect(requestsOf(read.endpoint)).toBe(attemptsAllowed());
	});

	it('does not repeat HTTP 200 with a non-zero errorCode, and the error carries TYLT’s msg', async () => {
		read.prepare?.();
		await suite.failOnTyltError(
			read.endpoint,
			{ errorCode: 3107, msg: 'Merchant account is under review' },
			{ parameters: read.parameters },
		);

		expect(requestsOf(read.endpoint)).toBe(1);
	});

	it('does not repeat a TYLT 4xx refusal', async () => {
		read.prepare?.();
		suite.sandbox.injectFault(read.endpoint, { kind: 'status', status: 403 });

		const error = await suite.fail({ parameters: read.parameters });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('403');
		expect(requestsOf(read.endpoint)).toBe(1);
	});
});

describe('the reads of Payout → Create', () => {
	const quickTimeout = payoutCreate({ reference: 'row-41', options: { timeoutSeconds: 0.2 } });

	it.each<EndpointName>(['currencies', 'payoutHistory'])(
		'a %s answer slower than Timeout (Seconds) is asked again, and the payout is sent once',
		async (endpoint) => {
			suite.sandbox.injectFault(endpoint, { kind: 'delay', ms: 1000 });

			const [sent] = await suite.run({ parameters: quickTimeout });

			expect(sent.json).toMatchObject({ alreadySent: false, merchantReference: 'row-41' });
			expect(requestsOf(endpoint)).toBe(2);
			expect(requestsOf('createPayout')).toBe(1);
		},
	);

	it('a currency list that stays unreadable stops the payout before it is sent', async () => {
		suite.sandbox.injectFault('currencies', { kind: 'malformedJson', times: 10 });

		const error = await suite.fail({ parameters: payoutCreate() });

		expect(error.message).toContain('TYLT did not answer usefully');
		expect(requestsOf('currencies')).toBe(attemptsAllowed());
		expect(requestsOf('createPayout')).toBe(0);
	});
});

itShowsNoSecret();
