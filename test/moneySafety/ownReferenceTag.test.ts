/**
 * The duplicate guard reads the reference tag the node itself put first in a payout's comments, not a
 * `[ref:…]` a user's own comment mentions: a re-run of a payout whose comment names another reference pays once.
 */
import { payoutCreate, tronAddress } from '../support/sandboxKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

it('reads the node’s own tag, not a reference the user’s comment mentions, so a re-run pays once', async () => {
	const parameters = payoutCreate({
		address: tronAddress('retry recipient'),
		additionalFields: { comments: 'Retry of [ref:row-17]' },
		reference: 'row-17-b',
		options: {},
	});
	await suite.run({ parameters });
	const [rerun] = await suite.run({ parameters });

	expect(rerun.json.alreadySent).toBe(true);
	expect(payoutsPerReference(suite.sandbox)).toEqual({ 'row-17-b': 1 });
});

itShowsNoSecret();
