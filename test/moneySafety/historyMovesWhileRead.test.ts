/**
 * History moves while it is read, page by page. Payouts made meanwhile push older rows down: a page then repeats
 * rows an earlier page served, which costs nothing and skips nothing, even right after a page TYLT cut short and
 * by a number of rows that divides nothing. A payout TYLT stops listing meanwhile (TYLT documents no rule that
 * a listed payout stays listed: an expired request, say) pulls older rows up instead, and the row that moves
 * onto a page already read is served by no page: a limit the docs state, pinned here.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';
import {
	PAGE_TWO_CUT,
	historyPageOf,
	historyQueries,
	paidUnderReference,
	seedPayoutOnRecord,
} from '../support/historyPagingKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('moving-history recipient');
const REFERENCE = 'row-while-history-moves';

/**
 * History answers its first `before` requests at once and holds the next one while `meanwhile` runs; the
 * faults are queued before `run` starts the node, and the wait ends when the run does.
 */
async function whileHistoryRequestWaits<T>(
	before: number,
	run: () => Promise<T>,
	meanwhile: () => void,
): Promise<T> {
	for (let request = 0; request < before; request++) {
		suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 0 });
	}
	suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 300 });
	let settled = false;
	const running = run().finally(() => (settled = true));
	while (!settled && requestsTo(suite.sandbox, 'payoutHistory').length <= before) {
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	if (!settled) meanwhile();
	return await running;
}

describe('payouts made while history is read push older rows down', () => {
	it('seven new payouts right after page 2 came cut short: the guard still finds the reference cut off it', async () => {
		suite.sandbox.historyPaging = PAGE_TWO_CUT;
		const paid = seedPayoutOnRecord(
			suite.sandbox,
			{ newer: 360, older: 89 },
			paidUnderReference(ADDRESS, REFERENCE),
		);
		const newestMs = Date.parse(suite.sandbox.payouts[0].createdAt as string);
		const newer = new Date(newestMs + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

		const [output] = await whileHistoryRequestWaits(
			2,
			async () =>
				await suite.run({
					parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
				}),
			() => suite.sandbox.seedPayouts(7, { createdAt: newer }),
		);

		// Page 4 of 120 starts at record 361, now 7 rows lower: 7 payouts page 2 served, then 113 not yet read.
		expect(historyQueries(suite.sandbox).slice(0, 3)).toEqual([
			'rows=200&page=1',
			'rows=200&page=2',
			'rows=120&page=4',
		]);
		expect(suite.sandbox.payouts).toHaveLength(457);
		expect(output.json).toMatchObject({ alreadySent: true, orderId: paid.orderId });
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	});
});

describe('a payout TYLT stops listing while history is read pulls older rows up', () => {
	// A limit docs/money-safety.md states ("Every read of history ends"), pinned so that a read that comes to see
	// it shows here: one payout on page 1 gone before page 2 is served moves the reference from record 201 to
	// record 200, onto a page already read. Page 2 asked at record 201 may show none of page 1's payouts, and no
	// page can be asked one row earlier without sizes that divide odd numbers (one row a page, at worst).
	it('a row that moves up onto a page already read is served by no page, and its reference is paid again', async () => {
		suite.sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsAsked' };
		const paid = seedPayoutOnRecord(
			suite.sandbox,
			{ newer: 200, older: 249 },
			paidUnderReference(ADDRESS, REFERENCE),
		);
		// History as TYLT lists it after record 100 is gone: what page 1 served, less that one, then the rest.
		const afterRemoval = suite.sandbox.payouts.filter((_, index) => index !== 99);
		const pageAfterRemoval = (from: number, to?: number) =>
			historyPageOf(afterRemoval.slice(from, to));
		suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 0 });
		suite.sandbox.injectFault('payoutHistory', pageAfterRemoval(200, 400));
		suite.sandbox.injectFault('payoutHistory', pageAfterRemoval(400));
		suite.sandbox.injectFault('payoutHistory', pageAfterRemoval(449));

		const [output] = await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		// The answers above are TYLT's to exactly these pages.
		expect(historyQueries(suite.sandbox)).toEqual([
			'rows=200&page=1',
			'rows=200&page=2',
			'rows=200&page=3',
			'rows=1&page=450',
		]);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
		expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBe(2);
		expect(output.json.orderId).not.toBe(paid.orderId);
	});
});

itShowsNoSecret();
