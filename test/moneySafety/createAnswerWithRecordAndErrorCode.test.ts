/**
 * Adversarial review (pays twice on a 200 that is not what the spec shows; pre-existing, not new in this
 * round): the spec's create answer is `{ data: <payout record>, msg }`, with no errorCode. An HTTP 200 that
 * carries a payout record AND a non-zero errorCode contradicts itself: TYLT evidently made a payout (it gave its
 * orderId) yet flags an error. The transport reads any non-zero errorCode as a refusal: the error says "TYLT
 * refused the payout, so nothing was sent", the reference is not held in doubt and not remembered, and a re-run
 * right after sends the payout again. Once fixed, such an answer is an unknown outcome (held in doubt, a re-run
 * reads fresh history and refuses while TYLT does not show it), and the error never says nothing was sent.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite } = useMoneySafetySandbox();

const REFERENCE = 'invoice-contradiction-1';
const parameters = payoutCreate({
	address: tronAddress('contradicted recipient'),
	reference: REFERENCE,
	options: { inDoubtCheckSeconds: 0 },
});
const creates = () => requestsTo(suite.sandbox, 'createPayout');

describe('a create answered HTTP 200 with a payout record and a non-zero errorCode', () => {
	it('is not called refused, and a re-run right after does not send it again', async () => {
		suite.sandbox.injectFault('createPayout', {
			kind: 'status',
			status: 200,
			contentType: 'application/json',
			body: JSON.stringify({
				errorCode: 1,
				msg: 'Request is being processed',
				data: { orderId: 'PO-made-anyway', status: 'Pending', comments: `[ref:${REFERENCE}]` },
			}),
		});

		const first = await suite.run({ parameters }).then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(first).toBeDefined();
		expect(`${first?.message} ${first?.description ?? ''}`).not.toMatch(
			/nothing was sent|refused the payout/i,
		);

		// The operator (or Retry On Fail) runs it again at once.
		await suite.run({ parameters }).catch(() => undefined);
		expect(creates()).toHaveLength(1);
	});
});
