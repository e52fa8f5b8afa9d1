/**
 * TYLT documents no largest history page. A page shorter than the rows asked for may be TYLT's own cap, not the
 * end of history: every reader (the duplicate guard, Payout → Get, Get Many's Return All) reads on until an
 * empty page or the window's cut-off, whichever way a capped TYLT counts its pages.
 */
import type { HistoryPaging } from '../../sandbox';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('short-page recipient');
const REFERENCE = 'row-on-page-two';

/** 130 newer payouts, then the one with the reference: it sits on the second page of 100. */
function seedReferenceBehindOnePage() {
	suite.sandbox.seedPayouts(130);
	const [paid] = suite.sandbox.seedPayouts(1, {
		toAddress: ADDRESS,
		settledAmountRequested: 25,
		comments: `[ref:${REFERENCE}]`,
	});
	return paid;
}

const CAPPED: HistoryPaging[] = [
	{ maxRows: 100, offsetBy: 'rowsServed' },
	{ maxRows: 100, offsetBy: 'rowsAsked' },
];

describe.each(CAPPED)('TYLT serves at most $maxRows rows a page, offset by $offsetBy', (paging) => {
	beforeEach(() => {
		suite.sandbox.historyPaging = paging;
	});

	it('the duplicate guard finds a reference on the second page and sends nothing', async () => {
		const paid = seedReferenceBehindOnePage();

		const [output] = await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		expect(output.json).toMatchObject({ alreadySent: true, orderId: paid.orderId });
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBe(1);
	});

	it('Payout → Get finds a payout on the second page', async () => {
		const paid = seedReferenceBehindOnePage();

		const [output] = await suite.run({
			parameters: {
				resource: 'payout',
				operation: 'get',
				lookupBy: 'reference',
				payoutReference: REFERENCE,
			},
		});

		expect(output.json.orderId).toBe(paid.orderId);
	});
	// Get Many with a Page Size above the cap is version 1's (version 2 leaves the page size to the node):
	// test/versionOne.test.ts.
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
});

itShowsNoSecret();
