/**
 * Adversary (issue 24, item 2): every paged read is bounded by records read, and by the pages those records
 * fill. Counted at the rows ASKED for, a TYLT that serves fewer rows than asked (the spec shows no maximum
 * `rows`; one that ignores `rows` and serves a default of 10 is not ruled out) made the guard stop after 101
 * pages, 1,010 payouts, and refuse every payout of an account with more than that in its look-back. The pages
 * are counted at the rows TYLT served.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { outcomeOf } from '../support/runOutcome';

const { suite } = useMoneySafetySandbox();

it('a TYLT serving 10 rows a page does not make the guard refuse a window of 1,200 payouts', async () => {
	suite.sandbox.historyPaging = { maxRows: 10, offsetBy: 'rowsServed' };
	suite.sandbox.seedPayouts(1_200);

	const outcome = await outcomeOf(
		suite.run({
			parameters: payoutCreate({
				address: tronAddress('small cap'),
				options: { reference: 'small-cap' },
			}),
		}),
	);

	expect('error' in outcome ? outcome.error.message : 'no error').toBe('no error');
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
}, 60_000);
