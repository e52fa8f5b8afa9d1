/**
 * Two credentials of one TYLT account in one n8n process, one with Max Amount
 * per 24 Hours and one without. The limit counts every payout of the account "however it was made"; this
 * process's journal covers the ones TYLT's history does not list yet. A payout the TYLT node makes with the
 * credential without the limit is not put in the journal (applyDailyLimit returns early when the credential has
 * no daily limit), so while history lags, the limited credential's next run does not count it.
 *
 * Left as documented (docs/credential.md, "What it cannot see"): whoever may use a credential without the limit
 * is bound by none, so this is no way around the limit, and journaling every payout of every credential would
 * keep a process-wide record of all payouts for a gap of seconds. What must hold: once history lists the other
 * credential's payout, the limited credential counts it.
 */
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('unlimited-twin');
const run = (limits: object, baseAmount: number, reference: string) => ({
	credentials: { ...credentialsFor(suite.sandbox), ...limits },
	parameters: payoutCreate({ baseAmount, address: RECIPIENT, reference, options: {} }),
	continueOnFail: true,
});

it('a payout made with the same account’s unlimited credential counts once history lists it', async () => {
	// The owner's other credential of the account, without limits (a Base URL spelled another way, same key).
	const unlimited = { baseUrl: `${credentialsFor(suite.sandbox).baseUrl}/` };
	await suite.run(run(unlimited, 90, 'twin-unlimited'));
	expect(suite.sandbox.payouts).toHaveLength(1);

	const [limited] = await suite.run(run({ maxAmountPer24Hours: 'USDT 100' }, 60, 'twin-limited'));

	expect(String(limited.json.error)).toMatch(/above Max Amount per 24 Hours/);
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
});

itShowsNoSecret();
