/**
 * Adversary (issue 26): a payout sized in a listed fiat Base Currency is counted against Max Amount per 24 Hours
 * in its fiat currency only, never in the crypto it settles in. So once the settled currency's room is used up
 * (by history, by an earlier item of the same execution, or by an overlapping execution), a fiat-sized payout
 * still goes out and pays that crypto all the same. The settled currency's limit must still bind it: with no
 * room left in USDT, no payout that settles in USDT may be sent, whatever it is sized in.
 */
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('fiat-past-settled');
const credentials = () => ({
	...credentialsFor(suite.sandbox),
	maxAmountPer24Hours: 'USDT 1000, EUR 900',
});

let rows = 0;
const item = (amount: number, baseCurrency?: string) => ({
	amount,
	baseCurrency: baseCurrency ?? '',
	row: `fiat-row-${++rows}`,
});
const run = (items: Array<ReturnType<typeof item>>) => ({
	credentials: credentials(),
	parameters: payoutCreate({
		baseAmount: '={{ $json.amount }}',
		address: RECIPIENT,
		additionalFields: { baseCurrency: '={{ $json.baseCurrency }}' },
		options: { reference: '={{ $json.row }}' },
	}),
	items,
	continueOnFail: true,
});
/** What left the account in USDT, as TYLT recorded it (converted from EUR where the payout was sized in EUR). */
const usdtPaid = () =>
	suite.sandbox.payouts
		.filter((payout) => payout.settledCurrency === 'USDT')
		.reduce((sum, payout) => sum + payout.settledAmountRequested, 0);

it('history already holds USDT 1000 under "USDT 1000": a payout of EUR 900 that settles in USDT is refused', async () => {
	suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(1), settledAmountRequested: 1000 });

	const output = await suite.run(run([item(900, 'EUR')]));

	// Today: paid, ~972 USDT on top of the 1000 USDT the limit allows for the whole 24 hours.
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	expect(String(output[0].json.error)).toMatch(/Max Amount per 24 Hours/);
	expect(usdtPaid()).toBeLessThanOrEqual(1000);
});

it('one execution: USDT 1000 then EUR 900 under "USDT 1000, EUR 900" pays USDT 1000 only', async () => {
	const output = await suite.run(run([item(1000), item(900, 'EUR')]));

	// Today: both are paid, 1972 USDT in all under a limit of 1000 USDT.
	expect(output[0].json.alreadySent).toBe(false);
	expect(String(output[1].json.error)).toMatch(/Max Amount per 24 Hours/);
	expect(usdtPaid()).toBeLessThanOrEqual(1000);
});

it('two executions at once: USDT 1000 in one, EUR 900 in the other, under "USDT 1000, EUR 900"', async () => {
	await Promise.allSettled([suite.run(run([item(1000)])), suite.run(run([item(900, 'EUR')]))]);

	// Today: both are paid (the reservations are in different currencies), 1972 USDT under 1000.
	expect(usdtPaid()).toBeLessThanOrEqual(1000);
});

itShowsNoSecret();
