/**
 * Adversary (issue 26): TYLT's spec lists a payout record without baseAmount or baseCurrency (tylt-facts: only
 * "on some records"). A payout the node sized in EUR is reserved in EUR; once history lists its order ID the
 * reservation is dropped ("counted once, from history"), but the history record counts in USDT only. The EUR
 * the node itself paid is forgotten, and every later execution may pay Max Amount per 24 Hours in EUR again.
 * Fixed: under Max Amount per 24 Hours a payout sized in a fiat Base Currency is not sent at all (its settled
 * amount is unknown until TYLT converts it), so no limit is kept in fiat and nothing rests on baseCurrency.
 */
import { credentialsFor, payoutCreate, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

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
		additionalFields: { baseCurrency: 'EUR' },
		options: { reference },
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

	// Before the fix: both were paid, EUR 800 in 24 hours under a limit of EUR 500.
	expect(eurPaid()).toBe(0);
	for (const refused of [first, second]) {
		expect(String(refused.json.error)).toMatch(
			/sized in EUR .*Max Amount per 24 Hours for USDT cannot be checked/,
		);
	}
});

itShowsNoSecret();
