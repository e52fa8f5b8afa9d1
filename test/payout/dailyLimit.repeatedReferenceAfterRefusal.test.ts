/**
 * Max Amount per 24 Hours and rows that share a reference. The batch's decision counts a reference once (its later
 * rows come back as already sent), so a later row carries no room of its own. With Continue On Fail, when TYLT
 * refuses the first row's create (nothing was made), the duplicate guard sends the later row: it fits the limit,
 * so it must be paid, or refused in words that are true; never sent without its room.
 */
import { credentialsFor, payoutCreate, tronAddress } from '../support/sandboxKit';
import { onceEach, payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

it('a row repeating a reference TYLT refused is paid within the limit, as without the limit', async () => {
	suite.sandbox.injectFault('createPayout', {
		kind: 'errorCode',
		errorCode: 4017,
		msg: 'Payouts are paused for this merchant',
	});

	const output = await suite.run({
		credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
		items: [{ row: 'repeat-after-refusal' }, { row: 'repeat-after-refusal' }],
		parameters: payoutCreate({
			baseAmount: 25,
			address: tronAddress('repeat after refusal'),
			reference: '={{ $json.row }}',
		}),
		continueOnFail: true,
	});

	expect(String(output[0].json.error)).toContain('Payouts are paused for this merchant');
	expect(output[1].json).toMatchObject({ alreadySent: false });
	expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['repeat-after-refusal']));
});

itShowsNoSecret();
