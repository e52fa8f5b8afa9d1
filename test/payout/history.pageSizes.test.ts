/**
 * Adversary (issue 24, item 3): "a page shorter than a page TYLT already served in the same read is the end".
 * The spec names no maximum `rows` and no rule that TYLT serves the same number every time: a TYLT that caps a
 * page by its size in bytes (long comments), or under load, serves 200 rows on page 1 and 150 on page 2 while
 * history goes on. The duplicate guard stopped after page 2, missed the payout on page 3, and paid twice;
 * Payout → Get by reference said there was no such payout (the same reader serves the polling trigger). Only
 * a listing (Get Many) may take that rule now; every reader that decides reads on to an empty page.
 */
import { payoutCreate, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { expectPaidOnce, outcomeOf } from '../support/runOutcome';

const { suite } = useMoneySafetySandbox();

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
			parameters: payoutCreate({ address: ADDRESS, options: { reference: REFERENCE } }),
		}),
	);

	expectPaidOnce(suite, REFERENCE, outcome);
});
