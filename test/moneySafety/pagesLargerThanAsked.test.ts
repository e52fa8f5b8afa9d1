/**
 * TYLT documents what `rows` means ("number of records per page") but neither a largest nor a smallest page.
 * A TYLT with a fixed smallest page serves more rows than asked and counts its pages by the rows it serves.
 * Asked on at the same size, page 2 starts where page 1 ended whichever way TYLT counts. The read instead
 * takes the rows served as where the next page starts and changes its size to divide them: page 3 of 125,
 * which such a TYLT starts at record 501, and records 251–500 are never read.
 */
import type { PayoutRecord } from '../../nodes/Tylt/transport/records';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('large-page recipient');
const REFERENCE = 'row-after-a-large-page';

/** 250 newer payouts, then `payout` on record 251, the first one past page 1, then 349 older ones. */
function seedOnFirstRecordPastPageOne(
	payout: Partial<PayoutRecord>,
	others: Partial<PayoutRecord> = {},
) {
	suite.sandbox.seedPayouts(250, others);
	const [pastPageOne] = suite.sandbox.seedPayouts(1, payout);
	suite.sandbox.seedPayouts(349, others);
	return pastPageOne;
}

describe('TYLT serves at least 250 rows a page where 200 are asked, counting pages by the rows it serves', () => {
	beforeEach(() => {
		suite.sandbox.historyPaging = { maxRows: 300, offsetBy: 'rowsServed', minRows: 250 };
	});

	// Defect: after a page of 250, the read asks page 3 of 125 (record 501 on) and never reads record 251,
	// so the reference is paid a second time.
	it('the duplicate guard finds a reference on the first record past a page larger than asked', async () => {
		const paid = seedOnFirstRecordPastPageOne({
			toAddress: ADDRESS,
			settledAmountRequested: 25,
			comments: `[ref:${REFERENCE}]`,
		});

		const [output] = await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBe(1);
		expect(output.json).toMatchObject({ alreadySent: true, orderId: paid.orderId });
	});

	// Defect: the Completed 90 on record 251 is never read, so 20 more is paid under USDT 100.
	it('Max Amount per 24 Hours counts a Completed 90 past a page larger than asked', async () => {
		seedOnFirstRecordPastPageOne(
			{ status: 'Completed', settledAmountRequested: 90 },
			{ status: 'Failed' },
		);

		const error = await suite.fail({
			credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
			parameters: payoutCreate({ baseAmount: 20, address: ADDRESS }),
		});

		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(error.message).toMatch(/110 USDT, above Max Amount per 24 Hours for USDT \(100 USDT\)/);
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
		suite.sandbox.seedPayouts(260);
		const [paid] = suite.sandbox.seedPayouts(1, {
			toAddress: ADDRESS,
			settledAmountRequested: 25,
			comments: `[ref:${REFERENCE}]`,
		});
		suite.sandbox.seedPayouts(339);

		const [output] = await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBe(1);
		expect(output.json).toMatchObject({ alreadySent: true, orderId: paid.orderId });
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
		suite.sandbox.seedPayouts(600);
		suite.sandbox.seedPayouts(1, {
			toAddress: ADDRESS,
			settledAmountRequested: 25,
			comments: `[ref:${REFERENCE}]`,
		});
		suite.sandbox.seedPayouts(199);

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

	// Defect (fails closed where it need not, and since before the paging rule): a Limit of 5 asks 5 rows and
	// gets 50, which passes the read's bound of Limit plus one page (10), so the list is an error.
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
		const paid = seedOnFirstRecordPastPageOne({
			toAddress: ADDRESS,
			settledAmountRequested: 25,
			comments: `[ref:${REFERENCE}]`,
		});

		const [output] = await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		expect(output.json).toMatchObject({ alreadySent: true, orderId: paid.orderId });
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	});
});

itShowsNoSecret();
