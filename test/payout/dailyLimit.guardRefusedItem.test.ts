/**
 * Adversary (issue 26, third round): a reservation that never settles, and never expires. A reservation not
 * sent yet stays in the journal until its create is settled (dailySpendJournal.ts), and settleFailed frees it only
 * for a few errors. The duplicate guard can fail an item after the decision and before the create starts: here
 * another execution pays the same reference (with another amount) while this one waits for the reference's
 * claim, and the guard then refuses the collision. The reservation was never marked sending (no sentAtMs), the
 * item has an outcome (so releaseUnsent skips it), and settleFailed keeps it: it blocks its room until n8n
 * restarts. Denial of service: nothing was paid for it, and the owner's limit is smaller for good.
 */
import { exactText } from '../../nodes/shared/decimalText';
import { DAILY_WINDOW_MS, reservationsOf } from '../../nodes/Tylt/payout/dailySpendJournal';
import { tyltAccountHash } from '../../nodes/shared/tyltAccount';
import { holdFirstCreateBeforeSigning } from '../support/heldSigning';
import { credentialsFor, payoutCreate, tronAddress } from '../support/sandboxKit';
import { until, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('unsettled-forever');
const credentials = () => ({ ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' });
const run = (baseAmount: number) => ({
	credentials: credentials(),
	parameters: payoutCreate({
		baseAmount,
		address: RECIPIENT,
		options: { reference: 'shared-ref' },
	}),
	continueOnFail: true,
});

afterEach(() => jest.restoreAllMocks());

it('an item the guard fails before its create starts leaves no reservation behind', async () => {
	const account = tyltAccountHash(credentials());
	let other: Promise<unknown> | undefined;
	// Execution Y's create (20) is held before signing; meanwhile execution X (10, same reference) decides and
	// reserves, then waits for the reference's claim Y holds.
	const spy = holdFirstCreateBeforeSigning(async () => {
		other = suite.run(run(10));
		await until(() => reservationsOf(account).length === 2, 'the other execution’s reservation');
	});
	try {
		await suite.run(run(20));
		const [x] = (await other) as Array<{ json: { error?: unknown } }>;
		// The guard refuses X: the reference was paid meanwhile with another amount.
		expect(String(x.json.error)).toMatch(/shared-ref/);
	} finally {
		spy.mockRestore();
	}
	expect(suite.sandbox.payouts.map((payout) => payout.settledAmountRequested)).toEqual([20]);

	// Two days on, every payout and every create of these runs is long outside the window.
	const later = Date.now() + 2 * DAILY_WINDOW_MS;
	// Before a fix: X's 10 USDT, never sent, is still reserved (and stays so until n8n restarts).
	const reserved = reservationsOf(account, later).flatMap((reservation) =>
		reservation.lines.map(({ currency, amount }) => `${exactText(amount)} ${currency}`),
	);
	expect(reserved).toEqual([]);
});

itShowsNoSecret();
