/**
 * Adversary (issue 24, item 2/3): the history cache once remembered the largest page TYLT served an account
 * and took a later first page shorter than that for the end of history. The spec shows no maximum `rows`: a
 * TYLT that served 200 rows once and caps lower later (a deploy, a load-dependent cap) is not ruled out, and
 * the guard then read only the first, capped page and paid the reference on the next one a second time. No
 * page size is remembered between reads now.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { expectPaidOnce, outcomeOf } from '../support/runOutcome';

const { suite } = useMoneySafetySandbox();

const ADDRESS = tronAddress('page-size memory recipient');
const REFERENCE = 'behind-the-lowered-cap';

it('a TYLT that lowers its page cap between executions does not make the guard pay a reference twice', async () => {
	// Execution 1: TYLT serves pages of 200; the guard reads 250 payouts and the cache learns "serves 200".
	suite.sandbox.seedPayouts(250);
	await suite.run({
		parameters: payoutCreate({ address: ADDRESS, options: { reference: 'first-run' } }),
	});
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);

	// The payout with the reference, seeded older than everything so far (each seed is older than the ones
	// before): row 252, past a page of 100; 150 older payouts behind it.
	suite.sandbox.seedPayouts(1, {
		toAddress: ADDRESS,
		settledAmountRequested: 25,
		comments: `[ref:${REFERENCE}]`,
	});
	suite.sandbox.seedPayouts(150);
	// TYLT now serves at most 100 rows a page (the spec names no maximum).
	suite.sandbox.historyPaging = { maxRows: 100, offsetBy: 'rowsServed' };

	const outcome = await outcomeOf(
		suite.run({
			parameters: payoutCreate({ address: ADDRESS, options: { reference: REFERENCE } }),
		}),
	);

	expectPaidOnce(suite, REFERENCE, outcome);
});
