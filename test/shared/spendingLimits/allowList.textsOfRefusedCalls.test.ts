/**
 * TYLT's signature binds only the signed text, never the path or the method, so refusing a call protects nothing
 * when the credential signs the same text for another call: the signature it hands out there (kept on a failed
 * request's error, allowList.signatureReplay.test.ts) is the refused call's signature. A pay-in's text is signed
 * only when it is one (both its currencies named), never as `{}`. A read's texts (none, or an order ID) cannot be
 * refused without refusing reads: docs/credential.md says what that leaves open. Reads TYLT serves stay signed.
 */
import type { IRequestOptions } from 'n8n-workflow';

import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { httpRequestNode } from '../../support/httpRequestNode';
import { expectedSignature, tronAddress, useSandbox } from '../../support/sandboxKit';

const sandbox = useSandbox();

const ONE_LIMIT: SpendingLimitTexts = { allowedAddresses: tronAddress('refused-text recipient') };

/** A request on the sandbox through n8n-core's request helper, as the HTTP Request node sends it. */
async function send(options: Partial<IRequestOptions> & { uri: string }) {
	return await httpRequestNode(sandbox, ONE_LIMIT, {
		json: true,
		simple: false,
		...options,
		uri: sandbox.url + options.uri,
	});
}

describe('under a limit, a pay-in is signed only as a pay-in', () => {
	it.each<[string, Record<string, string>]>([
		['an empty object, the text of a POST of {} anywhere', {}],
		['one currency only', { fromCurrency: 'USDT' }],
	])('refuses a pay-in creation of %s', async (_case, body) => {
		const refused = await send({ uri: '/transactions/merchant/createPayinRequest', body });

		expect('error' in refused && refused.error.message).toMatch(
			/^The TYLT API credential refused this request, so nothing was sent: .*does not name "(fromCurrency|toCurrency)"/,
		);
		expect(sandbox.requests).toEqual([]);
	});

	it('signs a pay-in creation that names both its currencies', async () => {
		await send({
			uri: '/transactions/merchant/createPayinRequest',
			body: { fromCurrency: 'USDT', toCurrency: 'USDT' },
		});

		const [received] = sandbox.requests;
		expect(received.headers['x-tlp-signature']).toBe(
			expectedSignature(sandbox.apiSecret, '{"fromCurrency":"USDT","toCurrency":"USDT"}'),
		);
	});
});

describe('under a limit, reads TYLT serves are signed', () => {
	// tylt-facts.md lists instanceId beside merchantOrderId for this read: the read list must sign either.
	it('a pay-in instance read by its instanceId', async () => {
		const byOrder = await send({
			method: 'GET',
			uri: '/p2pRampsMerchant/getInstanceDetails',
			qs: { merchantOrderId: 'order-1002' },
		});
		const { data } = ('answer' in byOrder ? byOrder.answer : undefined) as {
			data: { transaction: { instanceId: string } };
		};

		const byInstance = await send({
			method: 'GET',
			uri: '/p2pRampsMerchant/getInstanceDetails',
			qs: { instanceId: data.transaction.instanceId },
		});

		expect('error' in byInstance ? byInstance.error.message : 'signed').toBe('signed');
		expect(sandbox.requests.map((request) => request.status)).toEqual([200, 200]);
	});
});
