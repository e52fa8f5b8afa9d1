/**
 * Adversary (issue 26, third round): a reservation that never settles. A batch's creates that were never sent
 * keep their room under Max Amount per 24 Hours for 24 hours when the user stops the execution while they wait
 * for their turn (Pause Between Payouts). The traffic lets a waiting create run on when the execution is stopped
 * (only the batch's own stop refuses it as CreateNotStarted), so `counted` marks the reservation as sending, the
 * transport then refuses to send in a stopped execution (TyltStoppedError: "Nothing reached TYLT"), and
 * settleFailed keeps the room of a payout that surely was not made. Denial of service: the owner's next run is
 * refused although the last 24 hours hold far less than the limit.
 */
import { sleep } from 'n8n-workflow';

import { payoutCreate, credentialsFor, requestsTo, tronAddress } from '../support/sandboxKit';
import { until, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('stopped-batch');
const credentials = () => ({ ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' });

it('a stopped batch frees the room of the payouts it never sent', async () => {
	const stop = new AbortController();
	const batch = suite.run({
		credentials: credentials(),
		items: [
			{ amount: 30, row: 'stopped-1' },
			{ amount: 30, row: 'stopped-2' },
			{ amount: 30, row: 'stopped-3' },
		],
		parameters: payoutCreate({
			baseAmount: '={{ $json.amount }}',
			address: RECIPIENT,
			options: {
				reference: '={{ $json.row }}',
				concurrentPayouts: 1,
				pauseBetweenPayoutsMs: 60_000,
			},
		}),
		continueOnFail: true,
		abortSignal: stop.signal,
	});
	// The first payout is made; the user stops the execution while the second waits out its pause.
	await until(() => suite.sandbox.payouts.length === 1, 'the first payout');
	// Its answer reaches the node a moment later (well inside the 60-second pause).
	await sleep(1000);
	stop.abort();
	const outcomes = await batch;
	expect(outcomes.map((item) => String(item.json.error ?? ''))).toEqual([
		'',
		expect.stringMatching(/stopped before this payout was sent/),
		expect.stringMatching(/stopped before this payout was sent/),
	]);

	// 30 USDT paid in the last 24 hours under a limit of 100: a payout of 60 fits.
	const [next] = await suite.run({
		credentials: credentials(),
		parameters: payoutCreate({
			baseAmount: 60,
			address: RECIPIENT,
			options: { reference: 'after-stop' },
		}),
		continueOnFail: true,
	});

	// Before a fix: refused ("would take the last 24 hours to 150 USDT"): the two unsent 30s hold their room for
	// 24 hours 15 minutes.
	expect(next.json.error).toBeUndefined();
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(2);
});

itShowsNoSecret();
