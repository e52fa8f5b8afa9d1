/**
 * TYLT may cut a page short by its load on any page (docs/money-safety.md, "Every read of history ends"). A read
 * that asked every later page at no more rows than the shortest page served would turn one page TYLT cut to a
 * single row at a busy moment into one request per payout for the rest of the read, however many rows TYLT
 * serves again: 9,802 requests where 51 read 10,000 payouts uncut (about 40 s against the local sandbox,
 * minutes against a remote TYLT, and TYLT's rate limit long before), all within the request bound (one request
 * per payout read, up to 20,000). Its page numbers would grow as fast: at a TYLT that pages only so far, the
 * page past its last would come 200 times sooner, and its empty answer would pass for the end of history. The
 * read after one cut must cost a few requests and still reach every record.
 */
import type { HistoryPaging } from '../../sandbox';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { expectTheGuardFindsThePayout } from '../support/historyPagingKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const PAYOUTS = 600;

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
	it('reads them in 4 requests when no page is cut', async () => {
		suite.sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsAsked' };

		expect(await historyRequestsOfOneGuardRead()).toBe(4);
	});

	// A read that kept every later page at the cut page's one row would pay 402 requests, one per payout.
	it('pays for one page TYLT cut to a single row with a few requests, not one request per payout', async () => {
		suite.sandbox.historyPaging = {
			maxRows: 200,
			offsetBy: 'rowsAsked',
			shortPages: { from: 2, through: 2, rowsFewer: 199 },
		};

		// The 4 requests of an uncut read, the one row asked where the cut page stopped, one page per doubling
		// from that row back to 200 (8), and one more to prove the end after a last page the sizes left short.
		expect(await historyRequestsOfOneGuardRead()).toBeLessThanOrEqual(4 + 1 + 8 + 1);
	});
});

const PAGES_ONLY_TO_300: HistoryPaging = { maxRows: 200, offsetBy: 'rowsAsked', maxPage: 300 };
const REFERENCE = 'row-past-the-last-page';

describe('a TYLT that pages only to page 300 (an empty list past it)', () => {
	it.each([
		['no page cut: pages of 200 reach record 400 on page 2', PAGES_ONLY_TO_300],
		// Pages of one row would reach page 301 at record 301, 200 times sooner than pages of 200, and its
		// empty answer would pass for the end of history: the reference on record 400 would be paid again.
		[
			'page 2 cut to a single row',
			{ ...PAGES_ONLY_TO_300, shortPages: { from: 2, through: 2, rowsFewer: 199 } },
		],
	])(
		'the duplicate guard finds a reference on record 400 and sends nothing (%s)',
		async (_, paging) => {
			suite.sandbox.historyPaging = paging;
			await expectTheGuardFindsThePayout({
				suite,
				// 399 newer payouts, then the reference on record 400, then 100 older ones.
				record: { newer: 399, older: 100 },
				address: tronAddress('page-cap recipient'),
				reference: REFERENCE,
			});
		},
	);
});

itShowsNoSecret();
