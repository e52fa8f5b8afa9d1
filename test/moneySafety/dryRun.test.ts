/**
 * Dry Run: every check a real run makes, the duplicate guard included, and a report of what would be
 * sent instead of a create. The sandbox's request log shows that nothing was created.
 */
import { NodeOperationError } from 'n8n-workflow';

import { SEEDED_CURRENCIES } from '../../sandbox';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('dry-run recipient');
const usdtOnTron = SEEDED_CURRENCIES.find(
	(currency) => currency.currencySymbol === 'USDT',
)!.networks.find((network) => network.networkSymbol === 'TRX')!;

const creates = () => requestsTo(suite.sandbox, 'createPayout');

const payout = (overrides: Parameters<typeof payoutCreate>[0] = {}) =>
	payoutCreate({ address: ADDRESS, ...overrides });

it('reports what would be sent, with fee and limits, and sends nothing', async () => {
	const [report] = await suite.run({
		parameters: payout({
			additionalFields: { comments: 'July bonus' },
			reference: 'row-31',
			options: { dryRun: true },
		}),
	});

	expect(report.json).toEqual({
		dryRun: true,
		wouldSend: true,
		alreadySent: false,
		merchantReference: 'row-31',
		amount: 25,
		amountCurrency: 'USDT',
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		networkFee: usdtOnTron.networkFees,
		minimumWithdrawal: usdtOnTron.minimumWithdrawal,
		maximumWithdrawal: usdtOnTron.maximumWithdrawal,
		request: {
			baseAmount: 25,
			address: ADDRESS,
			settledCurrency: 'USDT',
			networkSymbol: 'TRX',
			comments: '[ref:row-31] July bonus',
		},
	});
	expect(creates()).toHaveLength(0);
	expect(suite.sandbox.payouts).toHaveLength(0);
	// The guard ran as in a real run: the history was read.
	expect(requestsTo(suite.sandbox, 'payoutHistory')).toHaveLength(1);
});

it('gives the amount in the Base Currency when one is set', async () => {
	const [report] = await suite.run({
		parameters: payout({
			baseAmount: 100,
			amountIn: 'fiat',
			baseCurrency: 'eur',
			additionalFields: {},
			options: { dryRun: true },
		}),
	});

	expect(report.json).toMatchObject({ amount: 100, amountCurrency: 'EUR', wouldSend: true });
	expect(creates()).toHaveLength(0);
});

it('shows the exact body a real run then sends', async () => {
	const [report] = await suite.run({
		parameters: payout({ reference: 'row-32', options: { dryRun: true } }),
	});
	await suite.run({ parameters: payout({ reference: 'row-32', options: {} }) });

	expect(creates()).toHaveLength(1);
	expect(creates()[0].rawBody).toBe(JSON.stringify(report.json.request));
});

it('with a matching payout at TYLT, reports alreadySent and the existing payout, and sends nothing', async () => {
	const [existing] = suite.sandbox.seedPayouts(1, {
		toAddress: ADDRESS,
		settledAmountRequested: 25,
		comments: '[ref:row-33]',
		merchantOrderId: 'row-33',
		status: 'Completed',
	});

	const [report] = await suite.run({
		parameters: payout({ reference: 'row-33', options: { dryRun: true } }),
	});

	expect(report.json).toMatchObject({
		dryRun: true,
		wouldSend: false,
		alreadySent: true,
		merchantReference: 'row-33',
		existingPayout: { orderId: existing.orderId, status: 'Completed' },
	});
	expect(creates()).toHaveLength(0);
});

it('refuses bad input exactly as a real run does', async () => {
	const bad = { baseAmount: 'abc', reference: 'row-34', options: {} };

	const dryRunError = await suite.fail({
		parameters: payout({ ...bad, options: { ...bad.options, dryRun: true } }),
	});
	const realError = await suite.fail({ parameters: payout(bad) });

	expect(dryRunError).toBeInstanceOf(NodeOperationError);
	expect(dryRunError.message).toBe(realError.message);
	expect(dryRunError.message).toContain('Base Amount');
	expect(creates()).toHaveLength(0);
});

it('leaves nothing behind: a real run after it sends the payout', async () => {
	await suite.run({ parameters: payout({ reference: 'row-35', options: { dryRun: true } }) });
	const [sent] = await suite.run({ parameters: payout({ reference: 'row-35', options: {} }) });

	expect(sent.json).toMatchObject({ alreadySent: false, merchantReference: 'row-35' });
	expect(creates()).toHaveLength(1);
});

it('reports a reference held in doubt (an earlier create’s outcome unknown) as not sent, with inDoubt', async () => {
	suite.sandbox.injectFault('createPayout', { kind: 'drop' });
	const options = { inDoubtCheckSeconds: 0 };
	await suite.fail({ parameters: payout({ reference: 'row-36', options }) });

	const [report] = await suite.run({
		parameters: payout({ reference: 'row-36', options: { ...options, dryRun: true } }),
	});

	expect(report.json).toMatchObject({ wouldSend: false, alreadySent: false, inDoubt: true });
	expect(creates()).toHaveLength(1);
});

it('reports a collision exactly as a real run does', async () => {
	const [other] = suite.sandbox.seedPayouts(1, {
		comments: '[ref:row-37]',
		settledAmountRequested: 99,
	});

	const error = await suite.fail({
		parameters: payout({ reference: 'row-37', options: { dryRun: true } }),
	});

	expect(error.message).toContain(
		`"row-37" of item 0 is already used by TYLT payout ${other.orderId}`,
	);
	expect(creates()).toHaveLength(0);
});

itShowsNoSecret();
