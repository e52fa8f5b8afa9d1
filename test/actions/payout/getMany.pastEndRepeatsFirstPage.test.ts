/**
 * The spec does not say what a page past the end holds. Some paged APIs answer
 * it with the FIRST page (they clamp an out-of-range page to 1). Recognising only a page that repeats the one
 * just before it, Get Many's Return All would output the first page twice (a report summing these payouts
 * counts 100 of them twice). A page made only of payouts the read already served ends a listing.
 */
import { useMoneySafetySandbox } from '../../support/moneySafetyKit';
import { outcomeOf } from '../../support/runOutcome';

const { suite } = useMoneySafetySandbox();

it('Return All lists every payout once when a page past the end answers with the first page', async () => {
	suite.sandbox.seedPayouts(200);
	const firstPage = JSON.stringify({
		data: suite.sandbox.payouts.slice(0, 100),
		errorCode: 0,
		msg: '',
	});
	// Pages 1 and 2 as TYLT serves them; every page past the end answers with page 1.
	suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 0, times: 2 });
	suite.sandbox.injectFault('payoutHistory', {
		kind: 'status',
		status: 200,
		contentType: 'application/json',
		body: firstPage,
		times: 50,
	});

	const outcome = await outcomeOf(
		suite.run({
			parameters: {
				resource: 'payout',
				operation: 'getMany',
				returnAll: true,
			},
		}),
	);

	// Every payout once, or an error that says the list could not be read: never a payout listed twice.
	if ('output' in outcome) {
		const orderIds = outcome.output.map((item) => item.json.orderId);
		expect(orderIds).toHaveLength(new Set(orderIds).size);
	}
});
