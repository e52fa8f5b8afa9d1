/**
 * A request that threw, classified by what the error shows: a network code says whether the request never
 * left this machine or may have reached TYLT; an error without one is no network failure, and is not called one.
 */
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import { createPayoutRequest, getSupportedCurrencies } from '../../nodes/Tylt/transport/calls';
import { TyltOutcomeUnknownError, TyltRequestFailedError } from '../../nodes/Tylt/transport/errors';
import type { PayoutRequestBody } from '../../nodes/Tylt/transport/records';
import { requestFailure } from '../../nodes/Tylt/transport/errors';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { workflowNode } from '../../tools/harness/workflowNode';
import { credentialsFor, failureOf, tronAddress, useSandbox } from '../support/sandboxKit';

const SECRETS = ['the-api-key-4b1d', 'the-api-secret-9e2c'];

/** A Node system error as Node raises it: message, code and the system call it failed in. */
function systemError(message: string, code: string, syscall?: string): Error {
	return Object.assign(new Error(message), { code, ...(syscall ? { syscall } : {}) });
}

/** `error` as n8n's httpRequestWithAuthentication hands it over: wrapped in a NodeApiError. */
function asN8nHandsItOver(error: Error): JsonObject {
	return new NodeApiError(
		workflowNode('tylt'),
		error as unknown as JsonObject,
	) as unknown as JsonObject;
}

describe('a request that failed with a network code', () => {
	it.each([
		[
			'the connection was refused',
			systemError('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED', 'connect'),
		],
		[
			'the host name did not resolve',
			systemError('getaddrinfo ENOTFOUND tylt.invalid', 'ENOTFOUND', 'getaddrinfo'),
		],
		[
			'the name server did not answer',
			systemError('getaddrinfo EAI_AGAIN tylt.invalid', 'EAI_AGAIN', 'getaddrinfo'),
		],
		[
			'the host was unreachable while connecting',
			systemError('connect EHOSTUNREACH', 'EHOSTUNREACH', 'connect'),
		],
	])('%s: never left this machine (unreachable)', (_case, error) => {
		expect(requestFailure(asN8nHandsItOver(error), SECRETS)).toEqual({
			outcome: 'unreachable',
			cause: 'TYLT could not be reached',
			code: (error as Error & { code: string }).code,
		});
	});

	it.each([
		['the peer reset the connection', systemError('socket hang up', 'ECONNRESET')],
		['a write to a closed connection', systemError('write EPIPE', 'EPIPE', 'write')],
		[
			'the host became unreachable on an established connection',
			systemError('read EHOSTUNREACH', 'EHOSTUNREACH', 'read'),
		],
	])('%s: the connection was dropped, and the request may have reached TYLT', (_case, error) => {
		expect(requestFailure(asN8nHandsItOver(error), SECRETS)).toMatchObject({
			outcome: 'transient',
			cause: 'the connection was dropped',
		});
	});

	it.each([
		[
			'the client timeout (axios ECONNABORTED)',
			systemError('timeout of 200ms exceeded', 'ECONNABORTED'),
		],
		['the socket timed out', systemError('connect ETIMEDOUT', 'ETIMEDOUT', 'read')],
	])('%s: no answer within the timeout', (_case, error) => {
		expect(requestFailure(asN8nHandsItOver(error), SECRETS)).toMatchObject({
			outcome: 'transient',
			cause: 'no answer within the timeout',
		});
	});

	it('a network code it has no words for: the connection failed, never called a dropped connection', () => {
		const tls = systemError('write EPROTO handshake failure', 'EPROTO', 'write');

		expect(requestFailure(asN8nHandsItOver(tls), SECRETS)).toEqual({
			outcome: 'transient',
			cause: 'the connection failed',
			code: 'EPROTO',
		});
	});
});

describe('a request that failed with no network code', () => {
	it('is not a network failure: it is called what it is, in the error’s own words', () => {
		const inside = new Error('Credentials could not be decrypted');

		expect(requestFailure(asN8nHandsItOver(inside), SECRETS)).toEqual({
			outcome: 'unexplained',
			cause: 'an error that is not a network failure: Credentials could not be decrypted',
		});
	});

	it('never passes on the key or the secret those words may hold', () => {
		const echoing = new Error(`header X-TLP-APIKEY ${SECRETS[0]} signed with ${SECRETS[1]}`);

		const attempt = requestFailure(asN8nHandsItOver(echoing), SECRETS);

		expect(attempt).toMatchObject({ outcome: 'unexplained' });
		const { cause } = attempt as { cause: string };
		for (const secret of SECRETS) expect(cause).not.toContain(secret);
		expect(cause).toContain('[redacted]');
	});

	it('a status n8n filed as the error’s code is no network code', () => {
		const withStatus = Object.assign(new Error('Bad gateway'), { httpCode: '502' });

		expect(requestFailure(withStatus as unknown as JsonObject, SECRETS)).toMatchObject({
			outcome: 'unexplained',
		});
	});
});

describe('a call whose request fails inside n8n, with no network code', () => {
	const sandbox = useSandbox();
	const context = () =>
		createExecuteContext({ parameters: {}, credentials: credentialsFor(sandbox) });
	let authenticate: jest.SpyInstance;
	beforeEach(() => {
		// An error n8n's request helper meets before it sends (the credential's own code, here), worded with the key.
		authenticate = jest
			.spyOn(TyltApi.prototype, 'authenticate')
			.mockRejectedValue(new Error(`cannot prepare the request for ${sandbox.apiKey}`));
	});
	afterEach(() => authenticate.mockRestore());

	it('a read fails at once in the error’s words, not as a dropped connection after retries', async () => {
		const error = await failureOf(getSupportedCurrencies.call(context()));

		expect(error).toBeInstanceOf(TyltRequestFailedError);
		expect(error.message).toBe(
			'The request to TYLT failed with an error that is not a network failure: cannot prepare the request for [redacted]',
		);
		expect(error.message + String(error.description)).not.toMatch(/dropped|did not answer/);
		expect(authenticate).toHaveBeenCalledTimes(1);
		expect(sandbox.requests).toEqual([]);
	});

	it('a create stays an unknown outcome: nothing shows that it never left n8n', async () => {
		const body = {
			baseAmount: 25,
			address: tronAddress('unexplained failure'),
			settledCurrency: 'USDT',
			networkSymbol: 'TRX',
		} as PayoutRequestBody;

		const created = await createPayoutRequest.call(context(), body, 0);
		const error = created.outcome === 'made' ? undefined : created.error;

		expect(created.outcome).toBe('unknown');
		expect(error).toBeInstanceOf(TyltOutcomeUnknownError);
		expect(error?.message).toBe(
			'The outcome of this payout is unknown (an error that is not a network failure: cannot prepare the request for [redacted]): TYLT may have created it',
		);
		expect(authenticate).toHaveBeenCalledTimes(1);
	});
});
