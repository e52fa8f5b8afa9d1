/**
 * TYLT documents no largest history page and no rule that every page comes full: it may cap a page by its bytes
 * or its load, on any page. A read that went on at `page × rows` after a page cut short would never read the
 * rows cut off. Every reader (the duplicate guard, Max Amount per 24 Hours, Payout → Get, Get Many's Return
 * All, the polling trigger) reads on from exactly where a short page stopped, so an empty page proves the end;
 * against a TYLT that keeps cutting pages it fails closed and sends nothing.
 */
import type { HistoryPaging } from '../../sandbox';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';
import {
	PAGE_TWO_CUT,
	getByReference,
	historyPageOf,
	historyQueries,
	expectTheGuardFindsThePayout,
	itReadsThePayoutAtRisk,
	seedPayoutOnRecord,
	type RecordInHistory,
} from '../support/historyPagingKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('short-page recipient');
const REFERENCE = 'row-on-page-two';

const CAPPED: HistoryPaging[] = [
	{ maxRows: 100, offsetBy: 'rowsServed' },
	{ maxRows: 100, offsetBy: 'rowsAsked' },
];

describe.each(CAPPED)('TYLT serves at most $maxRows rows a page, offset by $offsetBy', (paging) => {
	beforeEach(() => {
		suite.sandbox.historyPaging = paging;
	});

	// 130 newer payouts, then the one with the reference: it sits on the second page of 100.
	itReadsThePayoutAtRisk({
		suite,
		where: 'on the second page',
		record: { newer: 130, older: 0 },
		address: ADDRESS,
		reference: REFERENCE,
		readers: ['duplicateGuard', 'getByReference'],
	});
	// Get Many with a Page Size above the cap is version 1's (version 2 leaves the page size to the node):
	// test/versionOne.test.ts.
});

/** 360 newer payouts, then record 361, the first one page 2 cut off, then 89 older ones. */
const FIRST_RECORD_CUT_OFF: RecordInHistory = { newer: 360, older: 89 };

describe('TYLT cuts page 2 short while history goes on', () => {
	beforeEach(() => {
		suite.sandbox.historyPaging = PAGE_TWO_CUT;
	});

	itReadsThePayoutAtRisk({
		suite,
		where: 'on a record cut off page 2',
		record: FIRST_RECORD_CUT_OFF,
		address: ADDRESS,
		reference: REFERENCE,
		// Page 3 of 200 would start at record 401: the read goes on at 120 rows from record 361 instead.
		guardAsksFirst: ['rows=200&page=1', 'rows=200&page=2', 'rows=120&page=4'],
	});

	it('the duplicate guard finds a reference cut off page 2 when history ends before page 3 would start', async () => {
		// 380 payouts: page 3 of 200 (records 401 on) is empty, yet records 361–380 were never served.
		await expectTheGuardFindsThePayout({
			suite,
			record: { newer: 360, older: 19 },
			address: ADDRESS,
			reference: REFERENCE,
		});
	});

	it('payouts pushed down while history is read are no second cut: the page after the short last one repeats them', async () => {
		// 450 payouts: pages 1 and 2 of 200 (2 cut to 160), then page 4 of 120 serves the last 90, short.
		suite.sandbox.seedPayouts(450);
		const newestFirst = suite.sandbox.payouts;
		for (let request = 0; request < 3; request++) {
			suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 0 });
		}
		// Two payouts made meanwhile push history down: the page asked at record 451 holds the last two again.
		suite.sandbox.injectFault('payoutHistory', historyPageOf(newestFirst.slice(448)));

		await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		// The two repeated rows are not counted toward where history goes on (a short page may have started
		// early), so the page that proves the end is asked at record 451 again, at their size: empty.
		expect(historyQueries(suite.sandbox)).toEqual([
			'rows=200&page=1',
			'rows=200&page=2',
			'rows=120&page=4',
			'rows=90&page=6',
			'rows=2&page=226',
		]);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	});

	it('Payout → Get Many with Return All lists the payouts cut off page 2', async () => {
		const paid = seedPayoutOnRecord(suite.sandbox, FIRST_RECORD_CUT_OFF, {
			comments: `[ref:${REFERENCE}]`,
		});

		const output = await suite.run({
			parameters: { resource: 'payout', operation: 'getMany', returnAll: true },
		});

		expect(output.map((item) => item.json.orderId)).toEqual(
			suite.sandbox.payouts.map((record) => record.orderId),
		);
		expect(output.map((item) => item.json.orderId)).toContain(paid.orderId);
	});
});

describe('TYLT keeps cutting pages short', () => {
	beforeEach(() => {
		suite.sandbox.historyPaging = { ...PAGE_TWO_CUT, shortPages: { from: 2, rowsFewer: 40 } };
	});

	it('the duplicate guard sends nothing and says history could not be read completely', async () => {
		suite.sandbox.seedPayouts(600);

		const error = await suite.fail({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		// Page 2 cut to 160 rows; read on at 120 from record 361, page 4 is cut to 80 rows as well.
		expect(error.message).toMatch(
			/TYLT history could not be read completely: page 4 came shorter than asked while history went on/,
		);
		expect(error.description).toMatch(/no payout sent/);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBeUndefined();
	});

	it('Payout → Get by reference does not say "not found"', async () => {
		suite.sandbox.seedPayouts(600);

		const error = await suite.fail({
			parameters: getByReference('never-paid'),
		});

		expect(error.message).toMatch(/TYLT history could not be read completely/);
	});
});

describe('only an empty page ends history', () => {
	it('a full history that ends on a short page costs one more request, for the empty page', async () => {
		suite.sandbox.seedPayouts(30);

		const output = await suite.run({
			parameters: { resource: 'payout', operation: 'getMany', returnAll: true },
		});

		expect(output).toHaveLength(30);
		const pages = requestsTo(suite.sandbox, 'payoutHistory').map((request) => request.query);
		expect(pages).toHaveLength(2);
		// After a first page of 30 where 100 were asked, page 2 is asked at 30 rows: no record is skipped.
		expect(pages[1]).toBe('rows=30&page=2');
	});

	it('a short page after full ones costs one more request, asked where that page stopped', async () => {
		suite.sandbox.seedPayouts(250);

		await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		// Page 3 of 200 would start at record 401, past any record a cut page 2 left out: page 6 of 50 starts
		// at record 251, where page 2 stopped, so its being empty proves the end.
		expect(historyQueries(suite.sandbox)).toEqual([
			'rows=200&page=1',
			'rows=200&page=2',
			'rows=50&page=6',
		]);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	});
});

itShowsNoSecret();
