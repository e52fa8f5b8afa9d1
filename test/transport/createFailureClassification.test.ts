/**
 * How the transport classifies every way a create may fail: a create that may have reached TYLT is an unknown
 * outcome (`unknown`, the value the guard, the sender and the 24-hour room read), sent exactly once; only a
 * refusal, a request that never left and the credential's own refusal are `notMade`; a read is retried.
 *
 * Node raises EHOSTUNREACH and ENETUNREACH on an established connection too (`read EHOSTUNREACH`, `write
 * ENETUNREACH`: the route to TYLT died after the request was written), so TYLT may have made the payout. Only a
 * failure to connect (syscall `connect`, or the name lookup) proves nothing left.
 */
import type { Fault } from '../../sandbox/types';
import type { PayoutRequestBody } from '../../nodes/Tylt/transport/records';
import * as envelopes from '../../nodes/Tylt/transport/envelopes';
import { createPayoutRequest, getPayoutHistoryPage } from '../../nodes/Tylt/transport/calls';
import {
	TyltApiError,
	TyltCredentialRefusedError,
	TyltOutcomeUnknownError,
	TyltRateLimitedError,
	TyltRefusedError,
	TyltUnavailableError,
	TyltUnreachableError,
} from '../../nodes/Tylt/transport/errors';
import { RETRY_POLICY } from '../../nodes/Tylt/transport/request';
import { createExecuteContext, type TyltCredentialData } from '../../tools/harness/n8nContext';
import { credentialsFor, requestsTo, tronAddress, useSandbox } from '../support/sandboxKit';

const sandbox = useSandbox();

const BODY: PayoutRequestBody = {
	baseAmount: 25,
	address: tronAddress('transport classification'),
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
} as PayoutRequestBody;

const contextFor = (credentials: TyltCredentialData = credentialsFor(sandbox)) =>
	createExecuteContext({ parameters: {}, credentials });

/** The create's outcome and its error; fails the test when the create was made. */
async function createFailure(credentials?: TyltCredentialData, timeoutMs?: number) {
	const outcome = await createPayoutRequest.call(contextFor(credentials), BODY, 0, timeoutMs);
	if (outcome.outcome === 'made') throw new Error('the create succeeded');
	return outcome;
}

const RECORD = JSON.stringify({ data: { orderId: 'X' }, errorCode: 7, msg: 'odd' });

const UNKNOWN: Array<[string, Fault]> = [
	['HTTP 500', { kind: 'status', status: 500 }],
	['HTTP 502 after the work was done', { kind: 'status', status: 502, processed: true }],
	[
		'HTTP 503 with a JSON refusal body',
		{ kind: 'status', status: 503, body: '{"errorCode":1,"msg":"busy"}' },
	],
	['HTTP 302 redirect', { kind: 'status', status: 302, headers: { location: '/elsewhere' } }],
	[
		'HTTP 200 with a record and a non-zero errorCode',
		{ kind: 'status', status: 200, body: RECORD, contentType: 'application/json' },
	],
	['HTTP 200 with an empty body', { kind: 'status', status: 200, body: '' }],
	[
		'HTTP 200 with a JSON array',
		{ kind: 'status', status: 200, body: '[]', contentType: 'application/json' },
	],
	[
		'HTTP 200 with data null and no errorCode',
		{
			kind: 'status',
			status: 200,
			body: '{"data":null,"msg":"ok"}',
			contentType: 'application/json',
		},
	],
	['malformed JSON', { kind: 'malformedJson' }],
	['a dropped connection', { kind: 'drop' }],
	['a created payout whose answer was lost', { kind: 'createdButResponseLost' }],
];

describe('a create that may have reached TYLT is an unknown outcome, sent once', () => {
	it.each(UNKNOWN)('%s', async (_case, fault) => {
		sandbox.injectFault('createPayout', fault);

		const { outcome, error } = await createFailure();
		expect(outcome).toBe('unknown');

		expect(error).toBeInstanceOf(TyltOutcomeUnknownError);
		expect(error).not.toBeInstanceOf(TyltRateLimitedError);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});

	it('an error of a kind nobody listed, thrown after TYLT answered', async () => {
		const check = jest.spyOn(envelopes, 'createPayoutEnvelope').mockImplementationOnce(() => {
			throw new TypeError("Cannot read properties of undefined (reading 'orderId')");
		});

		const { outcome, error } = await createFailure();
		check.mockRestore();

		expect(outcome).toBe('unknown');
		expect(error).toBeInstanceOf(TyltOutcomeUnknownError);
		expect(error.message).toContain('an unexpected TypeError');
		expect(sandbox.payouts).toHaveLength(1);
	});

	it('no answer within the timeout', async () => {
		sandbox.injectFault('createPayout', { kind: 'delay', ms: 1500 });

		const { outcome, error } = await createFailure(undefined, 200);
		expect(outcome).toBe('unknown');

		expect(error).toBeInstanceOf(TyltOutcomeUnknownError);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});

	it('HTTP 429 is rate limited, and still an unknown outcome the guard sees', async () => {
		sandbox.injectFault('createPayout', {
			kind: 'status',
			status: 429,
			headers: { 'retry-after': '2' },
		});

		const { outcome, error } = await createFailure();
		expect(outcome).toBe('unknown');

		expect(error).toBeInstanceOf(TyltRateLimitedError);
		expect(error).toBeInstanceOf(TyltOutcomeUnknownError);
		expect((error as TyltRateLimitedError).retryAfterMs).toBe(2000);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});
});

describe('only what surely did not create a payout says so', () => {
	it.each<[string, Fault]>([
		['HTTP 400', { kind: 'status', status: 400, body: '{"errorCode":5,"msg":"no"}' }],
		['HTTP 200 with errorCode and no record', { kind: 'errorCode', errorCode: 9, msg: 'refused' }],
	])('%s is a refusal', async (_case, fault) => {
		sandbox.injectFault('createPayout', fault);

		const { outcome, error } = await createFailure();

		expect(outcome).toBe('notMade');
		expect(error).toBeInstanceOf(TyltRefusedError);
		expect(error).not.toBeInstanceOf(TyltOutcomeUnknownError);
	});

	it('a Base URL nobody listens on is unreachable: not sent', async () => {
		const { outcome, error } = await createFailure({
			...credentialsFor(sandbox),
			baseUrl: 'http://127.0.0.1:9',
		});

		expect(outcome).toBe('notMade');
		expect(error).toBeInstanceOf(TyltUnreachableError);
		expect(error).not.toBeInstanceOf(TyltOutcomeUnknownError);
	});

	it('the credential’s spending-limit refusal is the credential refusing, not an unknown outcome', async () => {
		const { outcome, error } = await createFailure({
			...credentialsFor(sandbox),
			maxAmountPerPayout: 'USDT 1',
		});

		expect(outcome).toBe('notMade');
		expect(error).toBeInstanceOf(TyltCredentialRefusedError);
		expect(error).toBeInstanceOf(TyltApiError);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});
});

describe('a read is retried', () => {
	const configured = { ...RETRY_POLICY };
	beforeAll(() => Object.assign(RETRY_POLICY, { baseDelayMs: 0, maxDelayMs: 0 }));
	afterAll(() => Object.assign(RETRY_POLICY, configured));

	it.each<[string, Fault]>([
		['HTTP 500', { kind: 'status', status: 500 }],
		['HTTP 429', { kind: 'status', status: 429 }],
		['malformed JSON', { kind: 'malformedJson' }],
		['a dropped connection', { kind: 'drop' }],
	])('%s once, then the page', async (_case, fault) => {
		sandbox.injectFault('payoutHistory', fault);

		const page = await getPayoutHistoryPage.call(contextFor(), { rows: 10, page: 1 });

		expect(Array.isArray(page)).toBe(true);
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(2);
	});

	it('gives up with TyltUnavailableError after the bounded tries', async () => {
		sandbox.injectFault('payoutHistory', { kind: 'status', status: 500, times: 10 });

		const error = await getPayoutHistoryPage
			.call(contextFor(), { rows: 10, page: 1 })
			.catch((failure: unknown) => failure);

		expect(error).toBeInstanceOf(TyltUnavailableError);
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(RETRY_POLICY.maxRetries + 1);
	});
});

describe('a network failure is "not sent" only when the create never connected', () => {
	it.each(['EHOSTUNREACH', 'ENETUNREACH'])(
		'a create written to TYLT, then `read %s`, is an unknown outcome, not "not sent"',
		async (code) => {
			const context = createExecuteContext({
				parameters: {},
				credentials: credentialsFor(sandbox),
			});
			const { helpers } = context;
			const send = helpers.httpRequestWithAuthentication;
			// The request reaches TYLT and TYLT makes the payout; the answer is lost as Node reports a dead route.
			helpers.httpRequestWithAuthentication = async function (this: unknown, ...args) {
				await send.apply(this as never, args);
				throw Object.assign(new Error(`read ${code}`), { code, syscall: 'read' });
			} as typeof send;

			const created = await createPayoutRequest.call(context, BODY, 0);

			expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
			expect(sandbox.payouts).toHaveLength(1);
			expect(created.outcome).toBe('unknown');
			expect(created).toMatchObject({ error: expect.any(TyltOutcomeUnknownError) });
		},
	);

	it.each([
		['connect', 'EHOSTUNREACH'],
		['getaddrinfo', 'ENOTFOUND'],
		['getaddrinfo', 'EAI_AGAIN'],
	])('a create that failed at `%s %s` never left: not sent', async (syscall, code) => {
		const context = createExecuteContext({ parameters: {}, credentials: credentialsFor(sandbox) });
		// As n8n wraps it: its own error, whose cause is Node's (the one naming the system call).
		context.helpers.httpRequestWithAuthentication = async function () {
			const system = Object.assign(new Error(`${syscall} ${code}`), { code, syscall });
			throw Object.assign(new Error('wrapped'), {
				cause: Object.assign(new Error(system.message), { code, cause: system }),
			});
		} as typeof context.helpers.httpRequestWithAuthentication;

		const created = await createPayoutRequest.call(context, BODY, 0);

		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
		expect(created.outcome).toBe('notMade');
		expect(created).toMatchObject({ error: expect.any(TyltUnreachableError) });
	});
});
