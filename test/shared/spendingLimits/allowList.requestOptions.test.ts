/**
 * Every request option that changes where the bytes go or what TYLT reads, tried against a limited credential
 * through n8n-core's request helpers: a create past the limits, or a call that is no proven one, never reaches
 * TYLT (the sandbox), however the method, URL, query, body or headers are spelled.
 */
import { randomUUID } from 'node:crypto';

import type { IHttpRequestOptions, IRequestOptions } from 'n8n-workflow';

import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { NODE_VOUCHER_HEADER } from '../../../nodes/shared/spendingLimits/nodeVouchers';
import { createExecuteContext } from '../../../tools/harness/n8nContext';
import { CREATE_PATH, httpRequestNode } from '../../support/httpRequestNode';
import { credentialsFor, tronAddress, useSandbox } from '../../support/sandboxKit';

const sandbox = useSandbox();

const RECIPIENT = tronAddress('options: the listed recipient');
const PER_PAYOUT: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 10',
	allowedAddresses: `TRX:${RECIPIENT}`,
};
const WITHIN = {
	baseAmount: 10,
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	address: RECIPIENT,
};
const OVER = { ...WITHIN, baseAmount: 11 };
/** The create's body text with `baseAmount` (and whatever else) written as given. */
const createText = (fields: string) =>
	`{${fields},"settledCurrency":"USDT","networkSymbol":"TRX","address":"${RECIPIENT}"}`;

async function expectNothingSent(outcome: Promise<{ answer: unknown } | { error: Error }>) {
	const settled = await outcome;
	expect(sandbox.requests).toEqual([]);
	expect('error' in settled && settled.error.message).toMatch(/^The TYLT API credential /);
}

const send = (options: Partial<IRequestOptions>, limits: SpendingLimitTexts = PER_PAYOUT) =>
	httpRequestNode(sandbox, limits, {
		...options,
		...(typeof options.uri === 'string' && options.uri.startsWith('/')
			? { uri: sandbox.url + options.uri }
			: {}),
	});

describe('a create past the limits, however its method is spelled, is refused', () => {
	it.each(['post', 'Post', ' POST', 'POST ', 'po\u017Ft'])('method %j', async (method) => {
		await expectNothingSent(send({ method: method as IRequestOptions['method'], body: OVER }));
	});

	it.each(['X-Method-Override', 'X-HTTP-Method', 'X-HTTP-Method-Override'])(
		'a read asking by %s to be taken for a POST',
		async (header) => {
			await expectNothingSent(
				send({
					method: 'GET',
					uri: '/transactions/merchant/getAccountBalance',
					headers: { [header]: 'POST' },
				}),
			);
		},
	);

	it('a GET of the create asking by `_method` in its query to be taken for a POST', async () => {
		await expectNothingSent(
			send({ method: 'GET', uri: `${CREATE_PATH}?_method=POST&baseAmount=11` }),
		);
	});
});

describe('a create past the limits, however its target is given, is refused', () => {
	it('`url` naming the create while `uri` names a read', async () => {
		await expectNothingSent(
			send({
				url: sandbox.url + CREATE_PATH,
				uri: `${sandbox.url}/transactions/merchant/getAccountBalance`,
				body: OVER,
			} as Partial<IRequestOptions>),
		);
	});

	it('a `baseURL` on another host under a relative path', async () => {
		await expectNothingSent(
			send({
				uri: undefined,
				baseURL: 'http://127.0.0.2:9',
				url: CREATE_PATH,
				body: WITHIN,
			} as Partial<IRequestOptions>),
		);
	});

	it('`qs` on the create, fields the limits do not read', async () => {
		await expectNothingSent(send({ body: WITHIN, qs: { baseAmount: 50000 } }));
	});

	it.each([
		[
			'%2e%2e resolved as a dot segment',
			'/transactions/merchant/payouts/%2e%2e/createPayoutRequest',
		],
		['backslashes read as slashes', '/transactions\\merchant\\createPayoutRequest'],
		['tab and newline dropped by URL parsing', '/transactions/merchant/create\tPayout\nRequest'],
	])('%s: the create is checked', async (_case, path) => {
		const settled = await send({ uri: path, body: OVER });
		expect(sandbox.requests).toEqual([]);
		expect('error' in settled && settled.error.message).toMatch(/11 USDT is above/);
	});

	it.each([
		'/transactions/merchant/createPayoutRequest.',
		'/transactions/merchant/createPayoutRequest%23',
		'/transactions/merchant/createPayoutRequest%3Fx=1',
		'/transactions/merchant/createPayinRequest/..;/createPayoutRequest',
		'/transactions/merchant/createPayinRequest%2f..%2fcreatePayoutRequest',
		'/TRANSACTIONS/merchant/createPayoutRequest',
	])('POST %s within the limits is no call the credential knows: refused', async (path) => {
		await expectNothingSent(send({ uri: path, body: WITHIN }));
	});
});

describe('a create past the limits, however its body is written, is refused', () => {
	it.each<[string, Partial<IRequestOptions>]>([
		['a Buffer of JSON', { body: Buffer.from(JSON.stringify(OVER)), json: false }],
		['JSON text led by a byte-order mark', { body: `\uFEFF${JSON.stringify(OVER)}`, json: false }],
		['JSON text with `json: false`', { body: JSON.stringify(OVER), json: false }],
		['a form', { form: OVER, body: undefined }],
		['a multipart form', { formData: { ...OVER, baseAmount: '11' }, body: undefined }],
		['a list holding the payout', { body: [OVER] as unknown as IRequestOptions['body'] }],
		[
			'baseAmount named twice, once as a Unicode escape',
			{ body: createText('"baseAmount":1,"b\\u0061seAmount":50000'), json: false },
		],
		[
			'networkSymbol spelled with a Kelvin sign',
			{
				body: `{"baseAmount":1,"settledCurrency":"USDT","networ\u212ASymbol":"TRX","networkSymbol":"TRX","address":"${RECIPIENT}"}`,
				json: false,
			},
		],
		['an exponent: 1e3', { body: createText('"baseAmount":1e3'), json: false }],
		['a hexadecimal string: "0x10"', { body: createText('"baseAmount":"0x10"'), json: false }],
		['an exponent in a string: "1e1"', { body: createText('"baseAmount":"1e1"'), json: false }],
		[
			'digits a double reads as 10',
			{ body: createText('"baseAmount":10.0000000000000001'), json: false },
		],
		['a payout nested under another key', { body: { baseAmount: 1, order: OVER } }],
	])('%s', async (_case, options) => {
		await expectNothingSent(send(options));
	});
});

describe('a create carries only the fields the limits read, or TYLT documents', () => {
	// The create with a query string is refused because "fields the limits do not read could travel in it"; the
	// same fields in its body travel signed. TYLT's record names the recipient `toAddress` and the network
	// `network`, and P2P calls size a payout by `amount`: should TYLT take them, the limits never read that payout.
	it.each<[string, Record<string, unknown>]>([
		[
			'the record’s name for the recipient, another one',
			{ toAddress: tronAddress('options: nobody listed') },
		],
		['an amount the limits do not read', { amount: 50000, settledAmountRequested: 50000 }],
		['the record’s name for the network', { network: 'ETH' }],
	])(
		'a create within the limits that also names %s is refused, as in its query',
		async (_case, extra) => {
			await expectNothingSent(send({ body: { ...WITHIN, ...extra } as IRequestOptions['body'] }));
		},
	);

	it('the fields TYLT documents for the create (and the node sends) are signed', async () => {
		const documented = {
			...WITHIN,
			customerName: 'Payee',
			comments: '[ref:inv-1]',
			callBackUrl: 'https://merchant.example/tylt',
			redirectUrl: 'https://merchant.example/done',
		};
		const outcome = await send({ body: documented });

		expect(outcome).toHaveProperty('answer');
		expect(sandbox.payouts).toHaveLength(1);
	});
});

describe('headers that change how TYLT reads a request are refused', () => {
	it.each<[string, Record<string, string>]>([
		['a Content-Length that lies', { 'Content-Length': '2' }],
		['Transfer-Encoding', { 'Transfer-Encoding': 'chunked' }],
		['a Host of its own', { Host: 'api.tylt.money' }],
		['Content-Type text/plain', { 'Content-Type': 'text/plain' }],
		['X-Forwarded-Host', { 'X-Forwarded-Host': 'other.example' }],
	])('%s on a create within the limits', async (_case, headers) => {
		await expectNothingSent(send({ body: WITHIN, headers }));
	});

	it('a charset on application/json does not spare the create its check', async () => {
		await expectNothingSent(
			send({ body: OVER, headers: { 'Content-Type': 'application/json; charset=utf-16' } }),
		);
	});

	it.each<[string, Partial<IRequestOptions>]>([
		[
			'HEAD with a body',
			{ method: 'HEAD', uri: '/transactions/merchant/getAccountBalance', body: OVER },
		],
		[
			'GET with a Content-Length',
			{
				method: 'GET',
				uri: '/transactions/merchant/getAccountBalance',
				headers: { 'Content-Length': '90' },
			},
		],
		['DELETE with a body', { method: 'DELETE', uri: CREATE_PATH, body: OVER }],
	])('%s', async (_case, options) => {
		await expectNothingSent(send(options));
	});
});

describe('Max Amount per 24 Hours: only the TYLT node vouches for a create', () => {
	it('a voucher header forged on a create within Max Amount per Payout', async () => {
		const limits = { ...PER_PAYOUT, maxAmountPer24Hours: 'USDT 10' };
		await expectNothingSent(
			send({ body: WITHIN, headers: { [NODE_VOUCHER_HEADER]: randomUUID() } }, limits),
		);
	});
});

describe('n8n-core’s other helper, httpRequestWithAuthentication', () => {
	async function viaHttpRequest(options: IHttpRequestOptions) {
		const context = createExecuteContext({
			parameters: {},
			credentials: { ...credentialsFor(sandbox), ...PER_PAYOUT },
		});
		return await context.helpers.httpRequestWithAuthentication
			.call(context, 'tyltApi', options)
			.then(
				(answer: unknown) => ({ answer }),
				(error: Error) => ({ error }),
			);
	}

	it('a create past the limits with the method in lower case', async () => {
		await expectNothingSent(
			viaHttpRequest({
				method: 'post' as IHttpRequestOptions['method'],
				url: sandbox.url + CREATE_PATH,
				body: OVER,
				json: true,
			}),
		);
	});

	it('a create within the limits with a query in `qs` and an `arrayFormat`', async () => {
		// `arrayFormat` only changes how n8n-core writes the query the credential has taken off: it is refused whole.
		await expectNothingSent(
			viaHttpRequest({
				method: 'POST',
				url: sandbox.url + CREATE_PATH,
				body: WITHIN,
				qs: { baseAmount: 50000 },
				arrayFormat: 'repeat',
				json: true,
			}),
		);
	});
});
