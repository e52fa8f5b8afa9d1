/**
 * A Dry Run reports what a real run would do, and is never reported as what a real run did.
 * - Over repeated references, a dry run says the repeat would not be sent again, as a real run skips it.
 * - When a batch stops at an error (Continue On Fail off), the error names the items "Paid in this execution
 *   all the same". A Dry Run item's report has `alreadySent: false` too (it would send); counted as paid, a row
 *   that was only previewed would be reported as paid: "saying someone was paid when they were not".
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite } = useMoneySafetySandbox();

it('dry run reports a repeated reference as not sent again, as a real run would skip it', async () => {
	const items = [{}, {}];
	const dry = await suite.run({
		items,
		parameters: payoutCreate({ reference: 'row-50', options: { dryRun: true } }),
	});
	const real = await suite.run({
		items,
		parameters: payoutCreate({ reference: 'row-50', options: {} }),
	});

	expect(real.map((item) => item.json.alreadySent)).toEqual([false, true]);
	expect(dry.map((item) => item.json.wouldSend)).toEqual([true, false]);
});

it('a batch error does not name a Dry Run item as paid', async () => {
	suite.sandbox.injectFault('createPayout', {
		kind: 'errorCode',
		errorCode: 4017,
		msg: 'Payouts are paused for this merchant',
	});
	const items = [
		{ row: 'previewed', dry: true, address: tronAddress('previewed') },
		{ row: 'refused', dry: false, address: tronAddress('refused') },
	];

	const error = await suite.fail({
		items,
		parameters: payoutCreate({
			address: '={{ $json.address }}',
			reference: '={{ $json.row }}',
			options: { dryRun: '={{ $json.dry }}' },
		}),
	});

	expect(error.message).toContain('Payouts are paused for this merchant');
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	// Nothing was paid: item 0 was a preview, item 1 was refused.
	expect(error.description ?? '').not.toContain('Paid in this execution');
});
