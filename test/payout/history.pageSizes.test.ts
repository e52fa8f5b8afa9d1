/**
 * Page sizes TYLT chooses. The spec names no maximum `rows` and no rule that TYLT serves the same number of rows
 * every time: a TYLT that caps a page by its size in bytes (long comments), under load, after a deploy, or that
 * ignores `rows` and serves a default of 10, is not ruled out. Every reader that decides something (the
 * duplicate guard, Payout → Get by reference; the same reader serves the polling trigger) reads on to an empty
 * page; only a listing (Get Many) may take a page shorter than one already served for the end.
 * - A later page shorter than the first while history goes on: a reader that stopped there would miss the
 *   payout on the page after it, pay it twice, or say there is no such payout.
 * - Reads are bounded by records read and by the pages those records fill, counted at the rows TYLT served:
 *   counted at the rows asked for, a TYLT serving 10 a page would make the guard stop after 101 pages (1,010
 *   payouts) and refuse every payout of an account with more than that in its look-back.
 * - No page size is remembered between reads: a history cache that took a first page shorter than the largest
 *   TYLT once served for the end of history would read only that page and pay the reference on the next one.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { expectPaidOnce, outcomeOf } from '../support/runOutcome';

const { suite } = useMoneySafetySandbox();

describe('a later page shorter than the first, while history goes on', () => {
	const ADDRESS = tronAddress('short later page recipient');
	const REFERENCE = 'on-page-three';

	/** 400 newer payouts (seeded first: each seed is older than the ones before), then the reference's payout. */
	function seedReferenceOnPageThree() {
		suite.sandbox.seedPayouts(400);
		const [paid] = suite.sandbox.seedPayouts(1, {
			toAddress: ADDRESS,
			settledAmountRequested: 25,
			comments: `[ref:${REFERENCE}]`,
		});
		return paid;
	}

	/** Page 1 as TYLT serves it; page 2 cut to 150 rows (rows 200..349) by TYLT's own size cap. */
	function cutPageTwo() {
		const newestFirst = suite.sandbox.payouts;
		suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 0, times: 1 });
		suite.sandbox.injectFault('payoutHistory', {
			kind: 'status',
			status: 200,
			contentType: 'application/json',
			body: JSON.stringify({ data: newestFirst.slice(200, 350), errorCode: 0, msg: '' }),
			times: 1,
		});
	}

	it('Payout → Get by reference never says "no such payout" for one on a page after a short one', async () => {
		const paid = seedReferenceOnPageThree();
		cutPageTwo();

		const outcome = await outcomeOf(
			suite.run({
				parameters: {
					resource: 'payout',
					operation: 'get',
					lookupBy: 'reference',
					payoutReference: REFERENCE,
					options: { ifNotFound: 'returnNothing' },
				},
			}),
		);

		// The payout, or an error saying history could not be read: never "nothing" (a workflow pays again on it).
		if ('output' in outcome)
			expect(outcome.output.map((item) => item.json.orderId)).toEqual([paid.orderId]);
	});

	it('a later page shorter than the first, while history goes on, does not let the guard pay a reference twice', async () => {
		seedReferenceOnPageThree();
		cutPageTwo();

		const outcome = await outcomeOf(
			suite.run({
				parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
			}),
		);

		expectPaidOnce(suite, REFERENCE, outcome);
	});
});

describe('a TYLT serving fewer rows than asked', () => {
	it('a TYLT serving 10 rows a page does not make the guard refuse a window of 1,200 payouts', async () => {
		suite.sandbox.historyPaging = { maxRows: 10, offsetBy: 'rowsServed' };
		suite.sandbox.seedPayouts(1_200);

		const outcome = await outcomeOf(
			suite.run({
				parameters: payoutCreate({
					address: tronAddress('small cap'),
					reference: 'small-cap',
					options: {},
				}),
			}),
		);

		expect('error' in outcome ? outcome.error.message : 'no error').toBe('no error');
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	}, 60_000);
});

describe('a page cap lowered between executions', () => {
	const ADDRESS = tronAddress('page-size memory recipient');
	const REFERENCE = 'behind-the-lowered-cap';

	it('a TYLT that lowers its page cap between executions does not make the guard pay a reference twice', async () => {
		// Execution 1: TYLT serves pages of 200; the guard reads 250 payouts and the cache learns "serves 200".
		suite.sandbox.seedPayouts(250);
		await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: 'first-run', options: {} }),
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
				parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
			}),
		);

		expectPaidOnce(suite, REFERENCE, outcome);
	});
});
