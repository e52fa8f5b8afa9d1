/**
 * TYLT documents nothing about a page listing one payout twice (a row that moved while the page was cut, say).
 * The paging counts both rows toward where the next page starts, so nothing is skipped; what decides must
 * count the payout once, or Max Amount per 24 Hours refuses what it should send.
 */
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { historyPageOf, historyQueries } from '../support/historyPagingKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

it('Max Amount per 24 Hours counts a Completed 85 listed twice on one page once: 10 more under USDT 100 is sent', async () => {
	const [paid] = suite.sandbox.seedPayouts(1, { status: 'Completed', settledAmountRequested: 85 });
	suite.sandbox.injectFault('payoutHistory', historyPageOf([paid, paid]));

	await suite.run({
		credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
		parameters: payoutCreate({ baseAmount: 10, address: tronAddress('repeated-row recipient') }),
	});

	// One read: the page listing it twice, then the page where that one stopped, empty.
	expect(historyQueries(suite.sandbox)).toEqual(['rows=200&page=1', 'rows=2&page=2']);
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
});

itShowsNoSecret();
