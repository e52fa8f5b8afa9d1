/**
 * When the TYLT API credential refuses to sign a call (a Base URL that is not http(s), a request it will not
 * send), nothing left n8n. The node says that, in the credential's own words, at once: not "the connection was
 * dropped" after a round of retries that cannot help, and never "TYLT may have created it".
 */
import { NodeApiError } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import { credentialRefusalIn } from '../../nodes/shared/credentialRefusal';
import { runTyltNode } from '../../tools/harness/n8nContext';
import { failureOf, payoutCreate, useSandbox } from '../support/sandboxKit';

const sandbox = useSandbox({ autoSettle: false });

const withBaseUrl = (baseUrl: string) => ({
	apiKey: sandbox.apiKey,
	apiSecret: sandbox.apiSecret,
	baseUrl,
});

describe.each([
	['the currency list', { resource: 'currency', operation: 'getMany' }],
	['Payout → Get Many', { resource: 'payout', operation: 'getMany', returnAll: true }],
	['Payout → Create', payoutCreate({ options: { duplicateGuard: false } })],
])('%s with a Base URL the credential will not sign for', (_case, parameters) => {
	it('fails at once in the credential’s words, saying nothing was sent', async () => {
		const authenticate = jest.spyOn(TyltApi.prototype, 'authenticate');
		try {
			const error = await failureOf(
				runTyltNode({ credentials: withBaseUrl('api.tylt.money'), parameters }),
			);

			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toContain(
				'Base URL "api.tylt.money" is not an http:// or https:// URL',
			);
			expect(error.message).not.toMatch(/connection|may have created|did not answer/i);
			expect(error.description).toMatch(/nothing was sent/i);
			expect(error.context.itemIndex).toBe(0);
			// Not retried: signing again cannot change the credential's answer.
			expect(authenticate).toHaveBeenCalledTimes(1);
		} finally {
			authenticate.mockRestore();
		}
		expect(sandbox.requests).toEqual([]);
	});
});

describe('credentialRefusalIn, as n8n 1.x hands the refusal over', () => {
	it('knows a refusal by its words when it is another object than the one thrown (the credential loaded apart)', () => {
		const copied = new Error(
			'The TYLT API credential\'s Base URL "api.tylt.money" is not an http:// or https:// URL: fix it in the credential',
		);
		const wrapped = Object.assign(new Error('wrapped by n8n'), { cause: copied });

		expect(credentialRefusalIn(wrapped)).toBe(copied);
	});

	it('does not take a network error for a refusal', () => {
		const dropped = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

		expect(
			credentialRefusalIn(Object.assign(new Error('request failed'), { cause: dropped })),
		).toBe(undefined);
	});
});
