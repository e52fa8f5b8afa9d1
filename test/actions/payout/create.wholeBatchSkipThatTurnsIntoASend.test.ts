/**
 * A row the batch's verdict counts as the guard's skip (its payout is in history, inside its look-back) is left
 * out of what Check Balance First and Max Amount per 24 Hours add up. Every look-back ends at the execution's
 * start, so when the clock moves past that payout's place in the window while the batch runs, the row's turn reads
 * the window its batch was decided on and skips it still: no create goes out that no check before the first send
 * counted.
 */
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const creates = () => requestsTo(suite.sandbox, 'createPayout');

/** A createdAt `seconds` after the cut-off of a 1-hour look-back, in TYLT's whole-second format. */
const secondsInsideOneHour = (seconds: number) =>
	new Date(Date.now() - 3_600_000 + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A row whose 25 USDT payout TYLT already made, inside the 1-hour look-back by 3 s (whole seconds: at least
 * 2 s) when the batch is decided.
 */
function rowPaidJustInsideOneHour(recipient: string) {
	const repeated = { row: 'paid-an-hour-ago', address: tronAddress(recipient) };
	suite.sandbox.seedPayouts(1, {
		comments: `[ref:${repeated.row}]`,
		toAddress: repeated.address,
		settledCurrency: 'USDT',
		network: 'TRX',
		settledAmountRequested: 25,
		createdAt: secondsInsideOneHour(3),
	});
	return repeated;
}

it('a skip whose payout leaves the look-back before its turn is not paid past Check Balance First', async () => {
	suite.sandbox.setBalances({ USDT: 30 });
	const repeated = rowPaidJustInsideOneHour('skip turns into send');
	// The first row's create takes 5 s; one payout at a time, so the repeated row's turn comes after it.
	suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 5000, times: 1 });
	const items = [{ row: 'new-row', address: tronAddress('skip turns into send new') }, repeated];

	const output = await suite
		.run({
			items,
			parameters: payoutCreate({
				amountIn: 'settledCurrency',
				address: '={{ $json.address }}',
				reference: '={{ $json.row }}',
				options: { lookBackHours: 1, checkBalanceFirst: true, maxPayoutsPerSecond: 1 },
			}),
		})
		.catch((error: Error) => error);

	// 25 + 1 network fee fits a balance of 30; two such payouts do not.
	expect(creates()).toHaveLength(1);
	expect(Array.isArray(output) ? output[1].json.alreadySent : undefined).toBe(true);
}, 20_000);

it('under Max Amount per 24 Hours such a row stays a skip at its turn: it takes no room and is not sent', async () => {
	const repeated = rowPaidJustInsideOneHour('skip turns into send, limit');
	suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 5000, times: 1 });
	const items = [
		{ row: 'new-row', address: tronAddress('skip turns into send, limit, new') },
		repeated,
	];

	const output = await suite.run({
		// 25 in history and 25 for the new row fit; 25 more would not.
		credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 60' },
		items,
		parameters: payoutCreate({
			amountIn: 'settledCurrency',
			address: '={{ $json.address }}',
			reference: '={{ $json.row }}',
			options: { lookBackHours: 1, maxPayoutsPerSecond: 1 },
		}),

		continueOnFail: true,
	});

	expect(creates()).toHaveLength(1);
	expect(output[0].json.outcome).toBe('sent');
	expect(output[1].json).toMatchObject({ outcome: 'skipped', alreadySent: true });
}, 20_000);

itShowsNoSecret();
