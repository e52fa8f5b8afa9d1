/**
 * Max Amount per 24 Hours when the user stops the execution while a create is on its way to TYLT: the request has
 * left, so TYLT may make the payout (the transport calls it an unknown outcome, not "stopped before it was sent").
 * Its room is never given back on the stop: only an error that proves no payout was made gives it back.
 */
import { exactText } from '../../../nodes/shared/decimalText';
import { tyltAccountHash } from '../../../nodes/shared/tyltAccount';
import { reservationsOf } from '../../../nodes/Tylt/payout/limits/reservations';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { until, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const credentials = () => ({ ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' });

it('keeps the room of a create the stop caught on its way, which TYLT then made', async () => {
	// TYLT makes the payout 1 s after the request arrives.
	suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 1000 });
	const stop = new AbortController();
	const run = suite.fail({
		credentials: credentials(),
		parameters: payoutCreate({
			baseAmount: 60,
			address: tronAddress('stopped on its way'),
			reference: 'stopped-on-its-way',
		}),
		abortSignal: stop.signal,
	});
	await until(() => requestsTo(suite.sandbox, 'createPayout').length === 1, 'the create to arrive');
	stop.abort();
	const error = await run;
	await until(() => suite.sandbox.payouts.length === 1, 'TYLT to make the payout');

	expect(error.message).toContain('outcome of this payout is unknown');
	const reserved = reservationsOf(tyltAccountHash(credentials())).flatMap((reservation) =>
		reservation.lines.map(({ currency, amount }) => `${exactText(amount)} ${currency}`),
	);
	expect(reserved).toEqual(['60 USDT']);
});

itShowsNoSecret();
