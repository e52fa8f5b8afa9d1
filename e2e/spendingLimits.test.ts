/**
 * Issue #26 in a real n8n: a TYLT API credential with spending limits binds the HTTP Request node, which never
 * goes through the TYLT node's own checks. Over a limit or to a recipient not listed, nothing reaches TYLT.
 */
import { randomUUID } from 'node:crypto';

import { failureOf, outputOf, useE2e } from './support/context';
import { HTTP_REQUEST_PAYOUT, httpRequestPayout } from './support/httpRequestPayout';

const e2e = useE2e();
const CREATE = '/transactions/merchant/createPayoutRequest';

let credential: { id: string; name: string };
beforeAll(async () => {
	const { url, apiKey, apiSecret } = e2e.state.sandbox;
	credential = await e2e.n8n.createCredential({
		name: `TYLT with spending limits ${randomUUID().slice(0, 6)}`,
		type: 'tyltApi',
		data: {
			apiKey,
			apiSecret,
			baseUrl: url,
			maxAmountPerPayout: 'usdt 50, EUR 45',
			allowedAddresses: HTTP_REQUEST_PAYOUT.address,
		},
	});
});

const pay = async (body: Record<string, unknown>, path = CREATE) =>
	await e2e.run(
		httpRequestPayout({
			url: e2e.state.sandbox.url + path,
			credential,
			body: { ...HTTP_REQUEST_PAYOUT, ...body },
		}),
	);

describe('HTTP Request node with a limited TYLT API credential', () => {
	it('pays within the limits, to the listed recipient', async () => {
		const execution = await pay({ baseAmount: 50 });

		expect(execution.status).toBe('success');
		expect(outputOf(execution, 'Pay')[0]).toMatchObject({ errorCode: 0 });
		const requests = await e2e.sandbox.requests();
		expect(requests.map((request) => [request.endpoint, request.status])).toEqual([
			['createPayout', 200],
		]);
	});

	it.each<[string, Record<string, unknown>, string, RegExp]>([
		[
			'over Max Amount per Payout',
			{ baseAmount: 50.01 },
			CREATE,
			/50\.01 USDT is above Max Amount per Payout for USDT \(50 USDT\)/,
		],
		[
			'to another address',
			{ address: 'TQ4mK4Vc3SqMpJc9nW7xK1y2z3a4b5c6d7' },
			CREATE,
			/is not in Allowed Recipient Addresses/,
		],
		[
			'sized in a fiat currency not listed',
			{ baseAmount: 10, baseCurrency: 'USD' },
			CREATE,
			/add USD and its limit/,
		],
		[
			'over the limit, on the create path spelled another way',
			{ baseAmount: 51 },
			'//transactions/merchant/CreatePayoutRequest/',
			/51 USDT is above/,
		],
	])(
		'cannot pay %s: the run fails naming the limit, and nothing reaches TYLT',
		async (_case, body, path, reason) => {
			const execution = await pay(body, path);

			expect(failureOf(execution).message).toMatch(reason);
			expect(await e2e.sandbox.requests()).toEqual([]);
		},
	);
});
