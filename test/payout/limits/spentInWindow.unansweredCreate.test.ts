/**
 * Max Amount per 24 Hours counts each payout once. A create whose answer was lost keeps its room (TYLT may have
 * made it); once history lists the payout under the create's reference, the payout counts from history instead
 * of from the reservation, so a lost answer costs its amount once, not twice for 24 hours and 15 minutes.
 */
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { until, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('unanswered create under the 24-hour limit');
const pay = (baseAmount: number, reference: string, options: Record<string, unknown> = {}) =>
	suite.run({
		credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
		parameters: payoutCreate({
			baseAmount,
			address: RECIPIENT,
			reference,
			options: { inDoubtCheckSeconds: 0, ...options },
		}),
		continueOnFail: true,
	});
const sentAmounts = () =>
	requestsTo(suite.sandbox, 'createPayout').map(
		(request) => JSON.parse(request.rawBody).baseAmount as number,
	);

describe('under USDT 100 per 24 hours, a create of 60 whose answer was lost', () => {
	it('once history lists its payout, counts once: a following 30 is sent (60 + 30, not 150)', async () => {
		suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });
		const [lost] = await pay(60, 'lost-then-listed');
		expect(String(lost.json.error)).toMatch(/outcome of this payout is unknown/);

		const [next] = await pay(30, 'after-lost-then-listed');

		expect(next.json.error).toBeUndefined();
		expect(sentAmounts()).toEqual([60, 30]);
		expect(suite.sandbox.payouts).toHaveLength(2);
	});

	it('keeps its room while history does not list it, and counts once when it does', async () => {
		// TYLT makes the payout 1.5 s after the request; the node stops waiting after 0.2 s.
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 1500 });
		const [lost] = await pay(60, 'lost-then-late', { timeoutSeconds: 0.2 });
		expect(String(lost.json.error)).toMatch(/outcome of this payout is unknown/);

		const [whileUnlisted] = await pay(50, 'while-unlisted');
		await until(() => suite.sandbox.payouts.length === 1, 'the slow create to land');
		const [onceListed] = await pay(30, 'once-listed');

		expect(String(whileUnlisted.json.error)).toMatch(/above Max Amount per 24 Hours/);
		expect(onceListed.json.error).toBeUndefined();
		expect(sentAmounts()).toEqual([60, 30]);
	});
});

itShowsNoSecret();
