/**
 * Adversarial review (pays twice on a 200 that is not what the spec shows): the history reader stops after the
 * first page holding any payout older than the window's cut-off, which is right only if TYLT lists payouts
 * strictly newest-created first. The spec promises no order: "The sample lists records with the newest creation
 * time first". If TYLT lists by last change (a payout created 400 h ago that settled just now comes near the
 * top), one old record on page 1 ends the read, and a reference on page 2, well inside the look-back, is never
 * seen: the duplicate guard pays it again. Fail closed: a page that is not in creation order must not end the
 * read (read on to the empty page, or refuse to send), never be taken as "the window is covered".
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	listFirstPageByLastChange,
	payoutsPerReference,
	useMoneySafetySandbox,
} from '../support/moneySafetyKit';

const { suite } = useMoneySafetySandbox();

const ADDRESS = tronAddress('out-of-order recipient');
const REFERENCE = 'row-behind-an-old-record';

describe('a history page not in creation order', () => {
	it('one old payout listed among new ones does not end the read: the reference on page 2 is found', async () => {
		suite.sandbox.seedPayouts(200); // page 1 (200 rows, the guard's page size)
		const [paid] = suite.sandbox.seedPayouts(1, {
			toAddress: ADDRESS,
			settledAmountRequested: 25,
			comments: `[ref:${REFERENCE}]`,
		}); // page 2, a few minutes old: well inside the default 168 h look-back

		// Page 1 as TYLT would list it by last change: one payout created 400 h ago settled just now.
		listFirstPageByLastChange(suite.sandbox);

		const outcome = await suite
			.run({ parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }) })
			.then(
				([output]) => output.json,
				() => undefined, // refusing to send is a fine fix too
			);

		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBe(1);
		if (outcome) expect(outcome).toMatchObject({ alreadySent: true, orderId: paid.orderId });
	});
});
