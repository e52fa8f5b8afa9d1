/**
 * Adversarial review (false "not paid"): Payout → Get by TYLT order ID takes every HTTP 400 and every HTTP 200
 * with a non-zero errorCode from the single-payout call as "TYLT has no payout". TYLT publishes no error
 * catalogue (facts: "No error catalogue is public"), and its docs disagree on how this call is signed (most pages
 * sign the compact JSON of the query, one signs the query string): a signature refusal, a "system busy" or any
 * other refusal is then reported as "TYLT has no payout with order ID …" for a payout TYLT made, and with If Not
 * Found → Return Nothing the item silently disappears. An operator (or the workflow's If branch) reading "no
 * payout" pays again. "Could not look" must never read as "not found": once fixed, a payout TYLT has is either
 * output (e.g. confirmed from history) or its item fails with an error that does not claim it is absent.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Fault } from '../../../sandbox';

import {
	payoutCreate,
	tronAddress,
	useTyltNode,
	type TyltNodeOnSandbox,
} from '../../support/sandboxKit';
import { useShortRetryBackoff } from '../../support/moneySafetyKit';

async function get(tylt: TyltNodeOnSandbox, parameters: INodeParameters) {
	const output = await tylt.run({
		parameters: {
			resource: 'payout',
			operation: 'get',
			lookupBy: 'orderId',
			options: {},
			...parameters,
		},
	});
	return output.map((item) => item.json);
}

async function create(tylt: TyltNodeOnSandbox, reference: string): Promise<IDataObject> {
	const [created] = await tylt.run({
		parameters: payoutCreate({
			address: tronAddress(reference),
			reference,
			options: {},
		}),
	});
	return created.json;
}

const REFUSALS: Array<[string, Fault]> = [
	[
		'HTTP 400 refusing the signature',
		{
			kind: 'status',
			status: 400,
			body: '{"msg":"Invalid signature","data":null}',
			contentType: 'application/json',
		},
	],
	[
		'HTTP 200 with a non-zero errorCode that is not "not found"',
		{ kind: 'errorCode', errorCode: 5001, msg: 'System busy, please try again later' },
	],
	[
		'HTTP 400 "Invalid trade state." (the one real TYLT error text seen)',
		{
			kind: 'status',
			status: 400,
			body: '{"msg":"Invalid trade state.","data":null}',
			contentType: 'application/json',
		},
	],
	[
		'HTTP 200, data null, no errorCode, but an error msg',
		{
			kind: 'status',
			status: 200,
			body: '{"msg":"Service temporarily unavailable","data":null}',
			contentType: 'application/json',
		},
	],
];

describe('Payout → Get by order ID: a refusal is not "TYLT has no payout"', () => {
	const tylt = useTyltNode({ autoSettle: false });
	const { sandbox } = tylt;
	useShortRetryBackoff();

	it.each(REFUSALS)('%s, for a payout TYLT has: not reported as absent', async (_case, fault) => {
		const created = await create(tylt, 'paid-invoice-1');
		sandbox.injectFault('payoutInformation', { ...fault, times: 10 });

		const error = await get(tylt, { payoutOrderId: String(created.orderId) }).then(
			(found) => ({ found }),
			(failure: Error) => ({ failure }),
		);
		if ('found' in error) {
			expect(error.found).toEqual([expect.objectContaining({ orderId: created.orderId })]);
		} else {
			expect(error.failure.message).not.toMatch(/has no payout/i);
		}
	});

	it.each(REFUSALS)(
		'%s, with If Not Found → Return Nothing: the paid item does not silently vanish',
		async (_case, fault) => {
			const created = await create(tylt, 'paid-invoice-2');
			sandbox.injectFault('payoutInformation', { ...fault, times: 10 });
			const options = { ifNotFound: 'returnNothing' };
			const outcome = await get(tylt, { payoutOrderId: String(created.orderId), options }).then(
				(found) => found,
				(failure: Error) => [{ failure: failure.message }],
			);
			expect(outcome).not.toEqual([]);
		},
	);
});
