/**
 * Max Amount per 24 Hours and payouts sized in a fiat Base Currency: under the limit such a payout is not sent
 * at all (its settled amount is unknown until TYLT converts it), so no limit is kept in fiat and nothing rests on
 * a history record's baseCurrency.
 * - TYLT's spec lists a payout record without baseAmount or baseCurrency (tylt-facts: only "on some records"):
 *   a payout reserved in EUR and then counted from history in USDT only would be forgotten in EUR, and every
 *   later execution could pay the EUR limit again.
 * - Counted in its fiat currency only, a fiat-sized payout would still go out once the settled currency's room
 *   is used up (by history, an earlier item of the same execution, or an overlapping execution) and pay that
 *   crypto all the same: with no room left in USDT, no payout that settles in USDT may be sent.
 */
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

describe('history records without baseAmount or baseCurrency', () => {
	const RECIPIENT = tronAddress('fiat-history-without-base');
	const credentials = () => ({
		...credentialsFor(suite.sandbox),
		maxAmountPer24Hours: 'USDT 100000, EUR 500',
	});
	const eurPayout = (amount: number, reference: string) => ({
		credentials: credentials(),
		parameters: payoutCreate({
			baseAmount: amount,
			address: RECIPIENT,
			amountIn: 'fiat',
			baseCurrency: 'EUR',
			additionalFields: {},
			reference,
			options: {},
		}),
	});

	/**
	 * History as the spec's payout record has it: no baseAmount, no baseCurrency. Each read's first page lists the
	 * payouts and the page after it is past the end (enough pairs queued for every read of the next run).
	 */
	function listHistoryAsTheSpecDoes() {
		const records = suite.sandbox.payouts.map((payout) => {
			const record: Record<string, unknown> = { ...payout };
			delete record.baseAmount;
			delete record.baseCurrency;
			return record;
		});
		const page = (data: unknown[]) => ({
			kind: 'status' as const,
			status: 200,
			body: JSON.stringify({ data, errorCode: 0, msg: '' }),
			contentType: 'application/json',
		});
		for (let read = 0; read < 5; read++) {
			suite.sandbox.injectFault('payoutHistory', page(records));
			suite.sandbox.injectFault('payoutHistory', page([]));
		}
	}

	const eurPaid = () =>
		suite.sandbox.payouts
			.filter((payout) => payout.baseCurrency === 'EUR')
			.reduce((sum, payout) => sum + (payout.baseAmount ?? 0), 0);

	it('two runs of EUR 400 under "EUR 500": neither is sent, whatever history says of EUR', async () => {
		const [first] = await suite.run({ ...eurPayout(400, 'eur-first'), continueOnFail: true });
		listHistoryAsTheSpecDoes();
		const [second] = await suite.run({ ...eurPayout(400, 'eur-second'), continueOnFail: true });

		// Were both paid: EUR 800 in 24 hours under a limit of EUR 500.
		expect(eurPaid()).toBe(0);
		for (const refused of [first, second]) {
			expect(String(refused.json.error)).toMatch(
				/sized in EUR .*Max Amount per 24 Hours for USDT cannot be checked/,
			);
		}
	});
});

describe('the settled currency’s room', () => {
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
	/** One node per kind of amount: Amount In takes no expression, so a node's items are all crypto or all fiat. */
	const run = (items: Array<ReturnType<typeof item>>) => ({
		credentials: credentials(),
		parameters: payoutCreate({
			baseAmount: '={{ $json.amount }}',
			address: RECIPIENT,
			...(items.every((row) => row.baseCurrency !== '')
				? { amountIn: 'fiat', baseCurrency: '={{ $json.baseCurrency }}' }
				: { amountIn: 'settledCurrency' }),
			reference: '={{ $json.row }}',
			options: {},
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

		// Were it paid: ~972 USDT on top of the 1000 USDT the limit allows for the whole 24 hours.
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(String(output[0].json.error)).toMatch(/Max Amount per 24 Hours/);
		expect(usdtPaid()).toBeLessThanOrEqual(1000);
	});

	// One execution paying USDT 1000 and then EUR 900 in one node is version 1's: test/versionOne.test.ts.
	it('two executions at once: USDT 1000 in one, EUR 900 in the other, under "USDT 1000, EUR 900"', async () => {
		await Promise.allSettled([suite.run(run([item(1000)])), suite.run(run([item(900, 'EUR')]))]);

		// Were both paid (reservations in different currencies): 1972 USDT under 1000.
		expect(usdtPaid()).toBeLessThanOrEqual(1000);
	});
});

itShowsNoSecret();
