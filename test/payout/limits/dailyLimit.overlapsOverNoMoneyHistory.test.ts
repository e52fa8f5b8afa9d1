/**
 * Max Amount per 24 Hours with overlapping executions on history that holds payouts which moved no money: the
 * room a Cancelled payout leaves is shared, never given to each execution whole.
 */
import { credentialsFor, payoutCreate, tronAddress } from '../../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('overlap-no-money');
let references = 0;
const run = (baseAmount: number) =>
	suite.run({
		credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
		parameters: payoutCreate({
			baseAmount,
			address: RECIPIENT,
			reference: `overlap-${++references}`,
			options: {},
		}),
		continueOnFail: true,
	});
const paid = () =>
	suite.sandbox.payouts
		.filter((payout) => payout.status !== 'Cancelled')
		.reduce((sum, payout) => sum + payout.settledAmountRequested, 0);

it('two executions of 60 at once, over a Cancelled 90 and a Pending 30: one is paid', async () => {
	suite.sandbox.seedPayouts(1, {
		createdAt: hoursAgo(1),
		status: 'Cancelled',
		settledAmountRequested: 90,
	});
	suite.sandbox.seedPayouts(1, {
		createdAt: hoursAgo(2),
		status: 'Pending',
		settledAmountRequested: 30,
	});

	const outcomes = (await Promise.all([run(60), run(60)])).flat();

	expect(outcomes.filter((item) => item.json.error !== undefined)).toHaveLength(1);
	expect(paid()).toBe(90);
});

itShowsNoSecret();
