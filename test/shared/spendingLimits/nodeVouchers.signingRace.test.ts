/**
 * Adversary (issue 26): the TYLT node's voucher for Max Amount per 24 Hours is keyed by the body text alone. An
 * HTTP Request node with the credential that sends the same text while the node's create is on its way to the
 * signing (n8n awaits between the node's call and the credential's authenticate) takes the voucher: the HTTP
 * Request node's payout is signed and sent, the node's own create is refused by the signing, and that refusal
 * frees the reservation as if nothing had been paid. This process then forgets a payout it made; while TYLT's
 * history does not list it yet (what the reservations are for), the next run pays the same room again.
 * Fixed: a refusal to sign frees the room only when no other request took the node's voucher.
 */
import { holdFirstCreateBeforeSigning } from '../../support/heldSigning';
import { httpRequestNode } from '../../support/httpRequestNode';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { historyNotListingThemYet, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('stolen-voucher');
const LIMITS = { maxAmountPer24Hours: 'USDT 100' };
const run = (reference: string) => ({
	credentials: { ...credentialsFor(suite.sandbox), ...LIMITS },
	parameters: payoutCreate({ baseAmount: 60, address: RECIPIENT, options: { reference } }),
	continueOnFail: true,
});

it('an HTTP Request node cannot ride on the node’s voucher and leave its payout uncounted', async () => {
	let stolen: unknown;
	const spy = holdFirstCreateBeforeSigning(async (body) => {
		stolen = await httpRequestNode(suite.sandbox, LIMITS, { body });
	});
	try {
		await suite.run(run('voucher-first'));
	} finally {
		spy.mockRestore();
	}
	// The signing took the node's voucher for the HTTP Request node's request: it was paid.
	const paidByHttpRequest = stolen !== undefined && 'answer' in (stolen as object);
	historyNotListingThemYet(suite.sandbox);

	await suite.run(run('voucher-second'));

	// Before the fix: the HTTP Request node was paid on the voucher, the node's create was refused and its room
	// freed, and the second run paid 60 more: 120 USDT under a limit of 100. Now the room stays spent: a request
	// with the very body the node counted (same recipient, amount and reference) may still take the node's place
	// in such a race, which pays what the limit allowed once.
	expect(
		suite.sandbox.payouts.reduce((sum, p) => sum + p.settledAmountRequested, 0),
	).toBeLessThanOrEqual(100);
	expect(requestsTo(suite.sandbox, 'createPayout').length).toBeLessThanOrEqual(1);
	expect(paidByHttpRequest).toBe(true);
});

it('held: without the HTTP Request node, the node’s own payout counts while history does not list it', async () => {
	await suite.run(run('journal-first'));
	historyNotListingThemYet(suite.sandbox);

	const [second] = await suite.run(run('journal-second'));

	expect(String(second.json.error)).toMatch(/above Max Amount per 24 Hours/);
	expect(suite.sandbox.payouts).toHaveLength(1);
});

itShowsNoSecret();
