/**
 * TYLT documents what `rows` means ("number of records per page") but neither a largest nor a smallest page.
 * A TYLT with a fixed smallest page serves more rows than asked and counts its pages by the rows it serves.
 * Asked on at the same size, page 2 starts where page 1 ended whichever way TYLT counts. A read that took the
 * rows served as where the next page starts, and changed its size to divide them, would ask page 3 of 125,
 * which such a TYLT starts at record 501, and never read records 251–500.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';
import {
	expectTheGuardFindsThePayout,
	itReadsThePayoutAtRisk,
	paidUnderReference,
	seedPayoutOnRecord,
	type RecordInHistory,
} from '../support/historyPagingKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('large-page recipient');
const REFERENCE = 'row-after-a-large-page';

/** 250 newer payouts, then record 251, the first one past page 1, then 349 older ones. */
const FIRST_RECORD_PAST_PAGE_ONE: RecordInHistory = { newer: 250, older: 349 };

describe('TYLT serves at least 250 rows a page where 200 are asked, counting pages by the rows it serves', () => {
	beforeEach(() => {
		suite.sandbox.historyPaging = { maxRows: 300, offsetBy: 'rowsServed', minRows: 250 };
	});

	// A read that took the 250 rows served as where page 3 of 125 starts would ask from record 501 and never
	// read record 251.
	itReadsThePayoutAtRisk({
		suite,
		where: 'on the first record past a page larger than asked',
		record: FIRST_RECORD_PAST_PAGE_ONE,
		address: ADDRESS,
		reference: REFERENCE,
		readers: ['duplicateGuard', 'dailyLimit'],
	});
});

describe('TYLT serves at least 50 rows a page, counting pages by the rows it serves, and cuts page 2 to 40', () => {
	// The page asked where the cut page stopped (record 241, page 7 of 40) is one of TYLT's pages of 50: page 7
	// from record 301. It shows no payout read before, as a page asked exactly there may, and records 241-300
	// are never read unless a page larger than asked is taken to prove nothing about where it starts.
	it('the duplicate guard finds a reference on record 261, between where the cut page stopped and that page', async () => {
		suite.sandbox.historyPaging = {
			maxRows: 200,
			offsetBy: 'rowsServed',
			minRows: 50,
			shortPages: { from: 2, through: 2, rowsFewer: 160 },
		};
		await expectTheGuardFindsThePayout({
			suite,
			record: { newer: 260, older: 339 },
			address: ADDRESS,
			reference: REFERENCE,
		});
	});
});

describe('TYLT serves at least 250 rows a page and cuts page 3 to 100 however it is asked', () => {
	// No page TYLT keeps starts at record 601, where the cut page stopped; page 3 asked again at 250 rows would
	// come cut the same way, ending on the frontier, and look like the end of history.
	it('the duplicate guard sends nothing and says history could not be read completely', async () => {
		suite.sandbox.historyPaging = {
			maxRows: 300,
			offsetBy: 'rowsServed',
			minRows: 250,
			shortPages: { from: 3, through: 3, rowsFewer: 150 },
		};
		seedPayoutOnRecord(
			suite.sandbox,
			{ newer: 600, older: 199 },
			paidUnderReference(ADDRESS, REFERENCE),
		);

		const error = await suite.fail({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		expect(error.message).toMatch(/TYLT history could not be read completely/);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBe(1);
	});
});

describe('TYLT serves at least 50 rows a page, counting pages by the rows asked', () => {
	beforeEach(() => {
		suite.sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsAsked', minRows: 50 };
	});

	// A Limit of 5 asks 5 rows and gets 50, past the read's bound of Limit plus one page (10): a page larger
	// than asked proves nothing wrong, so the list must come, not an error that fails closed for no reason.
	it('Payout → Get Many with a Limit of 5 lists the 5 newest payouts', async () => {
		suite.sandbox.seedPayouts(120);

		const output = await suite.run({
			parameters: { resource: 'payout', operation: 'getMany', returnAll: false, limit: 5 },
		});

		expect(output.map((item) => item.json.orderId)).toEqual(
			suite.sandbox.payouts.slice(0, 5).map((record) => record.orderId),
		);
	});

	it('the duplicate guard finds a reference past a page larger than asked: pages overlap, none skips', async () => {
		suite.sandbox.historyPaging = { maxRows: 300, offsetBy: 'rowsAsked', minRows: 250 };
		await expectTheGuardFindsThePayout({
			suite,
			record: FIRST_RECORD_PAST_PAGE_ONE,
			address: ADDRESS,
			reference: REFERENCE,
		});
	});
});

itShowsNoSecret();
