/**
 * While any spending limit is set, the credential signs only what it can prove (nodes/shared/spendingLimits/
 * allowList.ts): a read, a TYLT call that cannot pay out, or the crypto create it checks. Everything else that
 * could move money is refused before anything reaches TYLT (the sandbox), through n8n-core's request helper as
 * the HTTP Request node calls the credential; every call the TYLT node makes still goes. Without limits nothing
 * changes.
 */
import { CredentialTestContext } from 'n8n-core';
import type { IRequestOptions } from 'n8n-workflow';

import { signTyltRequest } from '../../../nodes/shared/signing';
import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { tyltApiTest } from '../../../nodes/Tylt/methods/credentialTest';
import { TYLT_ENDPOINTS } from '../../../nodes/Tylt/transport/calls';
import { CREATE_PATH, httpRequestNode } from '../../support/httpRequestNode';
import {
	credentialsFor,
	expectedSignature,
	payoutCreate,
	requestsTo,
	tronAddress,
	useTyltNode,
} from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

const RECIPIENT = tronAddress('allow-list recipient');
const ALL_THREE: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 10',
	maxAmountPer24Hours: 'USDT 10',
	allowedAddresses: `TRX:${RECIPIENT}`,
};
/** Without the 24-hour limit, whose creates only the TYLT node may sign: the HTTP Request node's create goes. */
const PER_PAYOUT: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 10',
	allowedAddresses: `TRX:${RECIPIENT}`,
};
const P2P_PAYOUT = {
	isBuyTrade: 0,
	amount: '50000',
	currencySymbol: 'USDT',
	userDetails: { name: 'Payee', email: 'payee@example.com' },
};
const WITHIN_THE_LIMITS = {
	baseAmount: 10,
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	address: RECIPIENT,
};

/** A request on the sandbox: a path in `uri` is put on its origin. */
async function send(limits: SpendingLimitTexts, options: Partial<IRequestOptions>) {
	const uri = typeof options.uri === 'string' ? sandbox.url + options.uri : undefined;
	return await httpRequestNode(sandbox, limits, { ...options, ...(uri ? { uri } : {}) });
}

async function expectNotProven(limits: SpendingLimitTexts, options: Partial<IRequestOptions>) {
	const outcome = await send(limits, options);
	expect(sandbox.requests).toEqual([]);
	const message = 'error' in outcome ? outcome.error.message : 'it was sent';
	expect(message).toMatch(/^The TYLT API credential refused this request, so nothing was sent: /);
	expect(message).toMatch(/use a TYLT API credential without spending limits$/);
	expect(message).not.toContain(sandbox.apiSecret);
	return message;
}

describe('a P2P pay-out instance under all three limits', () => {
	it('is refused before anything reaches TYLT, naming the limits and how to make the call', async () => {
		const message = await expectNotProven(ALL_THREE, {
			uri: '/p2pRampsMerchant/createInstance',
			body: P2P_PAYOUT,
		});
		expect(message).toMatch(
			/while Max Amount per Payout, Max Amount per 24 Hours and Allowed Recipient Addresses are set/,
		);
		expect(message).toMatch(/POST \/p2pRampsMerchant\/createInstance is none of these/);
	});

	it('is signed as before by a credential without limits', async () => {
		await send({}, { uri: '/p2pRampsMerchant/createInstance', body: P2P_PAYOUT });
		const [received] = sandbox.requests;
		expect(received.path).toBe('/p2pRampsMerchant/createInstance');
		expect(received.headers['x-tlp-signature']).toBe(
			expectedSignature(sandbox.apiSecret, JSON.stringify(P2P_PAYOUT)),
		);
	});
});

describe('calls that could move money past the limits, each with one limit set', () => {
	const ONE_LIMIT: SpendingLimitTexts = { allowedAddresses: RECIPIENT };

	it.each<[string, Partial<IRequestOptions>]>([
		[
			'an INR bulk pay-out',
			{
				uri: '/fiatPayout/h2h/create',
				body: { currency: 'INR', payoutRequests: [{ amount: 100, reference_id: 'r-1' }] },
			},
		],
		[
			'a fiat pay-out instance',
			{ uri: '/p2pRampsMerchant/createInstance', body: { ...P2P_PAYOUT, currencySymbol: 'EUR' } },
		],
		['an approval call: a POST without a body', { uri: '/fiatPayout/approve?transactionId=t-1' }],
		['a POST with an empty body to a path never heard of', { uri: '/merchant/new', body: '' }],
		['a POST with an empty object to a path never heard of', { uri: '/merchant/new', body: {} }],
		['a body to a path never heard of', { uri: '/transactions/merchant/new', body: { a: 1 } }],
		['PUT on the create', { method: 'PUT', uri: CREATE_PATH, body: WITHIN_THE_LIMITS }],
		['PATCH on the create', { method: 'PATCH', uri: CREATE_PATH, body: WITHIN_THE_LIMITS }],
		['DELETE without a body', { method: 'DELETE', uri: '/merchant/payouts/1' }],
		// The HTTP Request node offers OPTIONS, which n8n's request types leave out.
		['OPTIONS', { method: 'OPTIONS' as IRequestOptions['method'], uri: '/merchant/payouts' }],
		[
			'the create within the limits with a query string',
			{ uri: `${CREATE_PATH}?note=1`, body: WITHIN_THE_LIMITS },
		],
	])('%s is refused', async (_case, options) => {
		await expectNotProven(ONE_LIMIT, options);
	});

	it.each<[string, Partial<IRequestOptions>]>([
		[
			'the create within the limits, asking a proxy to route it to a P2P instance',
			{
				body: WITHIN_THE_LIMITS,
				headers: { 'X-Original-URL': '/p2pRampsMerchant/createInstance' },
			},
		],
		[
			'a read asking to be taken for a POST',
			{
				method: 'GET',
				uri: TYLT_ENDPOINTS.supportedCurrencies,
				headers: { 'X-HTTP-Method-Override': 'POST' },
			},
		],
	])('%s is refused, naming the header', async (_case, options) => {
		const message = await expectNotProven(ONE_LIMIT, options);
		expect(message).toMatch(/carries the header x-(original-url|http-method-override)/);
	});

	it('a GET with a body is refused: its body would travel unsigned', async () => {
		const outcome = await send(ONE_LIMIT, {
			method: 'GET',
			uri: TYLT_ENDPOINTS.supportedCurrencies,
			body: { amount: 1 },
		});
		expect(sandbox.requests).toEqual([]);
		expect('error' in outcome && outcome.error.message).toMatch(
			/cannot sign a GET request with a body/,
		);
	});
});

describe('known calls spelled otherwise than TYLT spells them', () => {
	it.each([
		['the create', '/transactions/merchant/createpayoutrequest'],
		['the create', '/transactions/merchant/createPayoutRequest/'],
		['the create', '//transactions/merchant/createPayoutRequest'],
		['the create', '/transactions/merchant/create%50ayoutRequest'],
		['the create', '/transactions/merchant/createPayoutRequest.json'],
		['the pay-in', '/Transactions/Merchant/CreatePayinRequest'],
		['the pay-in', '/transactions/merchant/createPayinRequest;v=2'],
	])('%s as POST %s, within the limits, is refused', async (_call, path) => {
		const message = await expectNotProven(PER_PAYOUT, { uri: path, body: WITHIN_THE_LIMITS });
		expect(message).toMatch(/exactly as listed, yet TYLT may route it there/);
	});

	it.each(['/transactions/merchant/CREATEPAYOUTREQUEST', `${CREATE_PATH}?baseAmount=10`])(
		'GET %s is no read: refused',
		async (path) => {
			await expectNotProven(PER_PAYOUT, { method: 'GET', uri: path });
		},
	);

	it('dot segments are resolved before the path is read: the create they name is checked', async () => {
		const outcome = await send(PER_PAYOUT, {
			uri: '/transactions/merchant/payouts/../createPayoutRequest',
			body: { ...WITHIN_THE_LIMITS, baseAmount: 11 },
		});
		expect(sandbox.requests).toEqual([]);
		expect('error' in outcome && outcome.error.message).toMatch(/11 USDT is above/);
	});
});

describe('what is signed with limits set', () => {
	it('the HTTP Request node’s reads: history, the currency list, the balance, one payout', async () => {
		for (const [uri, qs] of [
			[TYLT_ENDPOINTS.payoutHistory, { rows: 20, page: 1 }],
			[TYLT_ENDPOINTS.supportedCurrencies, undefined],
			[TYLT_ENDPOINTS.accountBalance, undefined],
			[TYLT_ENDPOINTS.payoutInformation, { orderId: 'none' }],
		] as const) {
			// The HTTP Request node's own Accept header, as it sends it.
			const headers = { accept: 'application/json,text/*;q=0.99' };
			await send(ALL_THREE, { method: 'GET', uri, qs, headers, json: true, simple: false });
		}
		expect(sandbox.requests.map((request) => request.status)).toEqual([200, 200, 200, 404]);
	});

	it('a pay-in creation, which pays nothing out', async () => {
		const payIn = { fromCurrency: 'USDT', toCurrency: 'USDT', amount: 50000 };
		await send(ALL_THREE, { uri: '/transactions/merchant/createPayinRequest', body: payIn });
		const [received] = sandbox.requests;
		expect(received.path).toBe('/transactions/merchant/createPayinRequest');
		expect(received.headers['x-tlp-signature']).toBe(
			expectedSignature(sandbox.apiSecret, JSON.stringify(payIn)),
		);
	});

	it('a create within the limits', async () => {
		const outcome = await send(PER_PAYOUT, { body: WITHIN_THE_LIMITS });
		expect(outcome).toHaveProperty('answer');
		expect(sandbox.payouts).toHaveLength(1);
	});

	it('HEAD, a read, on any path', () => {
		const signed = signTyltRequest(
			{ ...credentialsFor(sandbox), spendingLimits: ALL_THREE },
			{ method: 'HEAD', url: '/transactions/merchant/getSupportedCryptoNetworksList' },
		);
		expect(signed.headers).toHaveProperty('X-TLP-SIGNATURE');
	});

	it('the create on a Base URL with a path of its own, read after that path', () => {
		const credentials = {
			...credentialsFor(sandbox),
			baseUrl: 'https://gateway.example/tylt/',
			spendingLimits: PER_PAYOUT,
		};
		const create = { method: 'POST' as const, body: { ...WITHIN_THE_LIMITS, baseAmount: 11 } };
		expect(() => signTyltRequest(credentials, { ...create, url: CREATE_PATH })).toThrow(
			/11 USDT is above/,
		);
		// The same origin outside the Base URL's path is no TYLT call the credential knows.
		expect(() =>
			signTyltRequest(credentials, { ...create, url: `https://gateway.example${CREATE_PATH}` }),
		).toThrow(/is not POST \/transactions\/merchant\/createPayoutRequest exactly as listed/);
	});

	it('the credential’s Test', async () => {
		const result = await tyltApiTest.call(new CredentialTestContext(), {
			id: 'credential-1',
			name: 'TYLT account',
			type: 'tyltApi',
			data: { ...credentialsFor(sandbox), ...ALL_THREE },
		});
		expect(result).toMatchObject({ status: 'OK' });
	});

	it('every call the TYLT node makes, each TYLT endpoint it knows', async () => {
		const credentials = { ...credentialsFor(sandbox), ...ALL_THREE };
		sandbox.seedPayIn('order-1');
		const [created] = await tylt.run({
			credentials,
			parameters: payoutCreate({ address: RECIPIENT, baseAmount: 10, reference: 'allow-1' }),
		});
		const operations = [
			{
				resource: 'payout',
				operation: 'get',
				lookupBy: 'orderId',
				payoutOrderId: String(created.json.orderId),
				options: {},
			},
			{ resource: 'payout', operation: 'getMany', returnAll: true, options: {} },
			{ resource: 'currency', operation: 'getMany', options: {} },
			{ resource: 'balance', operation: 'get' },
			{ resource: 'payIn', operation: 'get', merchantOrderId: 'order-1' },
		];
		for (const parameters of operations) {
			await tylt.run({ credentials, parameters });
		}

		const answered = new Set(
			sandbox.requests.filter((request) => request.status === 200).map((request) => request.path),
		);
		expect([...answered].sort()).toEqual(Object.values(TYLT_ENDPOINTS).sort());
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});
});
