/**
 * A row whose payout TYLT already made is a skip: nothing is sent for it. When the credential's per-payout limit
 * has since been set below its amount, Dry Run reports it as already sent (and the limit's verdict beside it); a
 * real run decides the same row by the same checks, so a re-run of the sheet pays the new rows and skips it.
 */
import { credentialsFor, requestsTo, tronAddress } from '../../support/sandboxKit';
import { onceEach, payoutsPerReference, useMoneySafetySandbox } from '../../support/moneySafetyKit';
import { batchCreate } from '../../support/wholeBatchKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const items = [
	{ row: 'paid-before-the-limit', address: tronAddress('above the limit 0'), amount: 60 },
	{ row: 'new-row', address: tronAddress('above the limit 1'), amount: 25 },
];

const batch = batchCreate;

it('a row paid before the per-payout limit was lowered is skipped, as Dry Run says, and the new row is paid', async () => {
	await suite.run({ items: [items[0]], parameters: batch() });
	const limited = { ...credentialsFor(suite.sandbox), maxAmountPerPayout: 'USDT 50' };

	const dry = await suite.run({
		credentials: limited,
		items,
		parameters: batch({ dryRun: true }),
	});
	expect(dry[0].json).toMatchObject({ alreadySent: true, wouldSend: false });
	expect(dry[1].json).toMatchObject({ wouldSend: true });

	const output = await suite.run({
		credentials: limited,
		items,
		parameters: batch(),
	});

	expect(output.map((item) => item.json.outcome)).toEqual(['skipped', 'sent']);
	expect(payoutsPerReference(suite.sandbox)).toEqual(
		onceEach(['paid-before-the-limit', 'new-row']),
	);
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(2);
});

itShowsNoSecret();
