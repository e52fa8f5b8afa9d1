/**
 * TYLT may cut a page short by its load on any page (docs/money-safety.md, "Every read of history ends"). After
 * a page cut short the read asks every later page at no more rows than the shortest page served, so one page
 * TYLT cut to a single row at a busy moment makes the rest of the read one request per payout, however many
 * rows TYLT serves again: 9,802 requests where 51 read 10,000 payouts uncut (about 40 s against the local
 * sandbox, minutes against a remote TYLT, and TYLT's rate limit long before). The request bound holds (one
 * request per payout read, up to 20,000): the cost is what a read that goes on after one cut pays.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const PAYOUTS = 1000;

async function historyRequestsOfOneGuardRead(): Promise<number> {
	suite.sandbox.seedPayouts(PAYOUTS);
	await suite.run({
		parameters: payoutCreate({
			address: tronAddress('one-row recipient'),
			reference: 'read-after-a-one-row-page',
			options: {},
		}),
	});
	return requestsTo(suite.sandbox, 'payoutHistory').length;
}

describe(`the duplicate guard reading ${PAYOUTS} payouts in pages of 200`, () => {
	it('reads them in 6 requests when no page is cut', async () => {
		suite.sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsAsked' };

		expect(await historyRequestsOfOneGuardRead()).toBe(6);
	});

	// Defect (cost): page 2 cut to one row makes every later page one row: 802 requests, one per payout.
	it('pays for one page TYLT cut to a single row with a few requests, not one request per payout', async () => {
		suite.sandbox.historyPaging = {
			maxRows: 200,
			offsetBy: 'rowsAsked',
			shortPages: { from: 2, through: 2, rowsFewer: 199 },
		};

		expect(await historyRequestsOfOneGuardRead()).toBeLessThanOrEqual(3 * 6);
	});
});

itShowsNoSecret();
