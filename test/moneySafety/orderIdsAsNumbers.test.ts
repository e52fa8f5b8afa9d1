/**
 * The spec types orderId as a string. A JSON number past 2^53 is parsed to the nearest double, so two payouts
 * whose long numeric orderIds differ only in their last digits would read as one orderId, and the paging's
 * "already served" check, the history cache and the 24-hour room would each keep one payout and drop the other.
 * The history envelope refuses a record whose orderId is not a string, so no such record reaches them.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	payoutsPerReference,
	useMoneySafetySandbox,
	useShortRetryBackoff,
} from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();
useShortRetryBackoff();

const ADDRESS = tronAddress('numeric-id recipient');
const REFERENCE = 'row-with-a-long-numeric-order-id';

/** History as a TYLT with 19-digit numeric orderIds answers it: both read as 1234567890123456800. */
function historyWithOrderIdsAsNumbers(): string {
	const [newer, older] = suite.sandbox.payouts;
	return JSON.stringify({ data: [newer, older], errorCode: 0, msg: '' })
		.replace(`"orderId":"${newer.orderId}"`, '"orderId":1234567890123456789')
		.replace(`"orderId":"${older.orderId}"`, '"orderId":1234567890123456790');
}

it('the duplicate guard refuses history whose orderIds are long numbers, and sends nothing', async () => {
	suite.sandbox.seedPayouts(1);
	suite.sandbox.seedPayouts(1, {
		toAddress: ADDRESS,
		settledAmountRequested: 25,
		comments: `[ref:${REFERENCE}]`,
	});
	suite.sandbox.injectFault('payoutHistory', {
		kind: 'status',
		status: 200,
		contentType: 'application/json',
		body: historyWithOrderIdsAsNumbers(),
		times: 100,
	});

	const error = await suite.fail({
		parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
	});

	expect(error.message).toMatch(
		/record 1 of the payout history answer is not a payout \(no orderId\)/,
	);
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBe(1);
});

itShowsNoSecret();
