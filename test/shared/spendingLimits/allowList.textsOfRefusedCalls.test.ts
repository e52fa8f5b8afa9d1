/**
 * TYLT's signature binds only the signed text, never the path or the method, so refusing a call protects nothing
 * when the credential signs the same text for another call: the signature it hands out there (kept on a failed
 * request's error, allowList.signatureReplay.test.ts) is the refused call's signature. While a limit is set the
 * credential refuses a fiat pay-out's approval call (docs/credential.md), and an approval names no recipient and
 * no amount, only the payout it approves, or nothing at all: the texts of a read.
 * Beside them, reads TYLT serves with a parameter the read list leaves out must still be signed.
 */
import type { IRequestOptions } from 'n8n-workflow';

import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { TYLT_ENDPOINTS } from '../../../nodes/Tylt/transport/calls';
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

describe('under a limit, no text the credential signs is the signed text of a call it refuses', () => {
	it.each<
		[string, Partial<IRequestOptions> & { uri: string }, Partial<IRequestOptions> & { uri: string }]
	>([
		[
			// The signed text of a POST without a body is the empty body; a read without a query signs the same.
			'an approval without a body, and the balance read',
			{ uri: '/fiatPayout/approve?transactionId=t-1' },
			{ method: 'GET', uri: TYLT_ENDPOINTS.accountBalance },
		],
		[
			'an approval naming the payout by orderId, and the read of one payout by orderId',
			{ uri: '/fiatPayout/approve', body: { orderId: 'fiat-payout-1' } },
			{ method: 'GET', uri: TYLT_ENDPOINTS.payoutInformation, qs: { orderId: 'fiat-payout-1' } },
		],
		[
			'an approval naming the payout by merchantOrderId, and the read of a pay-in instance',
			{ uri: '/fiatPayout/approve', body: { merchantOrderId: 'order-1001' } },
			{
				method: 'GET',
				uri: '/p2pRampsMerchant/getInstanceDetails',
				qs: { merchantOrderId: 'order-1001' },
			},
		],
		[
			'a POST of an empty object to a path never heard of, and a pay-in creation of an empty object',
			{ uri: '/merchant/new', body: {} },
			{ uri: '/transactions/merchant/createPayinRequest', body: {} },
		],
	])('%s', async (_case, refusedCall, signedCall) => {
		const refused = await send(refusedCall);
		expect('error' in refused && refused.error.message).toMatch(
			/^The TYLT API credential refused this request, so nothing was sent: /,
		);
		expect(sandbox.requests).toEqual([]);
		const refusedText = refusedCall.body === undefined ? '' : JSON.stringify(refusedCall.body);

		await send(signedCall);

		const [received] = sandbox.requests;
		expect(received.headers['x-tlp-signature']).toMatch(/^[0-9a-f]{64}$/);
		// Defect: the read's signature is the refused approval's, replayable with no credential at all.
		expect(received.headers['x-tlp-signature']).not.toBe(
			expectedSignature(sandbox.apiSecret, refusedText),
		);
	});
});

describe('under a limit, reads TYLT serves are signed', () => {
	// Defect: tylt-facts.md lists instanceId beside merchantOrderId for this read; the read list refuses it.
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
