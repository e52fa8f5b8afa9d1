/**
 * The credential reads a request once: the URL it checks against the limits is the URL it signs and the URL
 * that is sent. A URL that could be read two ways (a fragment, a second `?`, a parameter named twice) is
 * refused before anything is signed, so nothing reaches TYLT.
 */
import type { IDataObject, IHttpRequestOptions, IRequestOptions } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import type { SpendingLimitTexts } from '../../nodes/shared/spendingLimits/fields';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { credentialsFor, expectedSignature, tronAddress, useSandbox } from '../support/sandboxKit';

const HISTORY = '/transactions/merchant/getPayoutTransactionHistory';
const NOT_ALLOWED = tronAddress('not on the allow-list');
const LIMITS: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 10',
	maxAmountPer24Hours: 'USDT 10',
	allowedAddresses: tronAddress('the one allowed recipient'),
};
/** Exactly the text of a 40,000 USDT create body, as a query after a fragment. */
const CREATE_AS_QUERY = `baseAmount=40000&address=${NOT_ALLOWED}&settledCurrency=USDT&networkSymbol=TRX`;

const sandbox = useSandbox();

/** What the HTTP Request node sends: the legacy request helper with the URL as the user typed it. */
async function httpRequestNode(uri: string, qs?: IDataObject, limits: SpendingLimitTexts = {}) {
	const context = createExecuteContext({
		parameters: {},
		credentials: { ...credentialsFor(sandbox), ...limits },
	});
	const options: IRequestOptions = { method: 'GET', uri, qs, json: true };
	return await context.helpers.requestWithAuthentication.call(context, 'tyltApi', options);
}

async function refusalOf(run: Promise<unknown>): Promise<string> {
	try {
		await run;
	} catch (error) {
		return String((error as Error).message);
	}
	throw new Error('Expected the request to be refused, but it was sent');
}

describe('a URL the credential cannot read one way only is refused, and nothing is sent', () => {
	it('a fragment that holds a create body’s text, under limits it would break', async () => {
		const message = await refusalOf(
			httpRequestNode(`${sandbox.url}${HISTORY}#?${CREATE_AS_QUERY}`, undefined, LIMITS),
		);
		expect(message).toContain('fragment');
		expect(sandbox.requests).toEqual([]);
	});

	it.each([
		['a fragment', `${HISTORY}?rows=20#page=1`],
		['an empty fragment', `${HISTORY}#`],
		['a second "?" in the query', `${HISTORY}?rows=20?page=1`],
		['a parameter named twice', `${HISTORY}?rows=20&rows=200`],
	])('%s, without any limit', async (_, path) => {
		const message = await refusalOf(httpRequestNode(sandbox.url + path));
		expect(message).toMatch(/^The TYLT API credential/);
		expect(sandbox.requests).toEqual([]);
	});

	it('a query parameter named both in the URL and in the query options', async () => {
		const message = await refusalOf(
			httpRequestNode(`${sandbox.url}${HISTORY}?rows=20`, { rows: 5 }),
		);
		expect(message).toContain('rows');
		expect(sandbox.requests).toEqual([]);
	});

	it('a query value that is not text or a number (an object, a list)', async () => {
		const message = await refusalOf(httpRequestNode(sandbox.url + HISTORY, { rows: [20, 30] }));
		expect(message).toContain('rows');
		expect(sandbox.requests).toEqual([]);
	});
});

describe('what is signed is what is sent', () => {
	it('the URL’s own parameters, then the query options, in one URL, signed in that order', async () => {
		const signed = await new TyltApi().authenticate({ ...credentialsFor(sandbox) }, {
			method: 'GET',
			url: `${sandbox.url}${HISTORY}?rows=20`,
			qs: { page: 1 },
		} as IHttpRequestOptions);
		expect(signed.url).toBe(`${sandbox.url}${HISTORY}?rows=20&page=1`);
		expect(signed.qs).toBeUndefined();
		expect(signed.headers?.['X-TLP-SIGNATURE']).toBe(
			expectedSignature(sandbox.apiSecret, '{"rows":"20","page":1}'),
		);
	});
});
