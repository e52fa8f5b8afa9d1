/**
 * Adversary (issue 24, item 1, "saying someone was paid when they were not"): when a batch stops at an error
 * (Continue On Fail off), the error names the items "Paid in this execution all the same", counted as every
 * output with `alreadySent: false`. A Dry Run item's report also has `alreadySent: false` (it would send), so a
 * row that was only previewed is reported as paid.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite } = useMoneySafetySandbox();

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
			options: { reference: '={{ $json.row }}', dryRun: '={{ $json.dry }}' },
		}),
	});

	expect(error.message).toContain('Payouts are paused for this merchant');
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	// Nothing was paid: item 0 was a preview, item 1 was refused.
	expect(error.description ?? '').not.toContain('Paid in this execution');
});
