/**
 * Issue #26: Max Amount per 24 Hours on the TYLT API credential, enforced by Payout → Create from TYLT's own
 * history (payouts of the last 24 hours whose status is not Failed, however they were made) plus this
 * execution's payouts, in exact decimals, before the first create; overlapping executions of one process never
 * spend the same room twice.
 */
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox, useShortRetryBackoff } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();
useShortRetryBackoff();

const RECIPIENT = tronAddress('recipient');
const withDailyLimit = (maxAmountPer24Hours: string) => ({
	...credentialsFor(suite.sandbox),
	maxAmountPer24Hours,
});
const createdAmounts = () =>
	requestsTo(suite.sandbox, 'createPayout').map(
		(request) => JSON.parse(request.rawBody).baseAmount as number,
	);
let rows = 0;
/** One payout per amount, each under a reference of its own; `options` and other fields added. */
const batch = (
	amounts: number[],
	{ options = {}, ...fields }: { options?: Record<string, unknown>; [field: string]: unknown } = {},
) => ({
	parameters: payoutCreate({
		baseAmount: '={{ $json.amount }}',
		address: RECIPIENT,
		...fields,
		reference: '={{ $json.row }}',
		options: { ...options },
	}),
	items: amounts.map((amount) => ({ amount, row: `row-${++rows}` })),
});
const outcomes = (output: Array<{ json: Record<string, unknown> }>) =>
	output.map((item) => (item.json.error ? 'refused' : 'paid'));

/** History of the account: what counts and what does not. */
function seedHistory() {
	suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(2), settledAmountRequested: 300 });
	suite.sandbox.seedPayouts(1, {
		createdAt: hoursAgo(5),
		status: 'Pending',
		settledAmountRequested: 200,
	});
	// A failed payout moved no money; one older than 24 hours is outside the window.
	suite.sandbox.seedPayouts(1, {
		createdAt: hoursAgo(1),
		status: 'Failed',
		settledAmountRequested: 1000,
	});
	suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(25), settledAmountRequested: 5000 });
}

it('adds pending and completed payouts of the last 24 hours, not failed or older ones, and pays what fits', async () => {
	seedHistory();
	const output = await suite.run({
		credentials: withDailyLimit('USDT 1009.99'),
		...batch([300, 200, 10]),
		continueOnFail: true,
	});

	expect(outcomes(output)).toEqual(['paid', 'paid', 'refused']);
	expect(createdAmounts()).toEqual([300, 200]);
	expect(String(output[2].json.error)).toMatch(
		/item 2 was not sent: .*10 USDT would take the last 24 hours to 1010 USDT, above Max Amount per 24 Hours for USDT \(1009\.99 USDT\): 500 USDT was paid out or is on its way in the last 24 hours, 500 USDT earlier in this execution/,
	);
});

it('without Continue On Fail, an item over the limit fails the run and nothing of the batch is sent', async () => {
	const error = await suite.fail({
		credentials: withDailyLimit('usdt 100'),
		...batch([60, 50, 10]),
	});

	expect(error.message).toMatch(/The payout of item 1 was not sent: .*Max Amount per 24 Hours/);
	expect(error.description).toMatch(/Nothing was sent to TYLT for this item/);
	expect(createdAmounts()).toEqual([]);
});

it('sums in exact decimals: 10.3 in history and 10.4 now fill a limit of 20.7 exactly', async () => {
	// In binary floating point 10.3 + 10.4 is 20.700000000000003, above the limit.
	suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(1), settledAmountRequested: 10.3 });
	const output = await suite.run({
		credentials: withDailyLimit('USDT 20.7'),
		...batch([10.4, 10]),
		continueOnFail: true,
	});

	expect(outcomes(output)).toEqual(['paid', 'refused']);
	expect(createdAmounts()).toEqual([10.4]);
});

it('counts what an earlier execution of this process paid', async () => {
	const credentials = withDailyLimit('USDT 100');
	await suite.run({ credentials, ...batch([60]) });
	const error = await suite.fail({ credentials, ...batch([60]) });

	expect(error.message).toMatch(/60 USDT was paid out or is on its way in the last 24 hours/);
	expect(createdAmounts()).toEqual([60]);
});

it('two executions at once never spend the same room: one of two 60 USDT payouts under 100 is paid', async () => {
	const credentials = withDailyLimit('USDT 100');
	const runs = await Promise.allSettled([
		suite.run({ credentials, ...batch([60]) }),
		suite.run({ credentials, ...batch([60]) }),
	]);

	expect(runs.map((run) => run.status).sort()).toEqual(['fulfilled', 'rejected']);
	expect(createdAmounts()).toEqual([60]);
	expect(suite.sandbox.payouts).toHaveLength(1);
});

it('frees the room of a payout TYLT refused, so the next run can pay it', async () => {
	const credentials = withDailyLimit('USDT 100');
	suite.sandbox.injectFault('createPayout', { kind: 'errorCode', errorCode: 1001, msg: 'refused' });
	await suite.fail({ credentials, ...batch([80]) });
	const output = await suite.run({ credentials, ...batch([80]) });

	expect(output[0].json.alreadySent).toBe(false);
	expect(suite.sandbox.payouts).toHaveLength(1);
});

it.each([
	['a currency the limit does not name', 'USDC 100', {}, /names no limit for USDT \(only USDC\)/],
	[
		'a payout sized in a fiat Base Currency, even one the limit names',
		'USDT 1000, EUR 500',
		{ amountIn: 'fiat', baseCurrency: 'EUR', additionalFields: {} },
		/sized in EUR \(Base Currency\), and its USDT amount is known only once TYLT converts it/,
	],
])('refuses %s, and sends nothing', async (_case, limit, extra, reason) => {
	const error = await suite.fail({ credentials: withDailyLimit(limit), ...batch([10], extra) });

	expect(error.message).toMatch(reason);
	expect(createdAmounts()).toEqual([]);
});

it('a 24-hour limit written wrong stops every payout, naming the field and the text', async () => {
	const output = await suite.run({
		credentials: withDailyLimit('USDT 1,000'),
		...batch([10, 20]),
		continueOnFail: true,
	});

	expect(output.map((item) => String(item.json.error))).toEqual([
		expect.stringMatching(/item 0 was not sent: .*Max Amount per 24 Hours cannot be read: "000"/),
		expect.stringMatching(/item 1 was not sent: .*Max Amount per 24 Hours cannot be read/),
	]);
	expect(createdAmounts()).toEqual([]);
});

it('sends nothing when history cannot be read, and says the limit could not be checked', async () => {
	suite.sandbox.injectFault('payoutHistory', { kind: 'status', status: 503, times: 20 });
	const error = await suite.fail({
		credentials: withDailyLimit('USDT 100'),
		...batch([10], { options: { duplicateGuard: false } }),
	});

	expect(error.message).toMatch(/Max Amount per 24 Hours could not be checked/);
	expect(createdAmounts()).toEqual([]);
});

it('a dry run reports what the limit would allow, as if the whole run were real', async () => {
	suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(2), settledAmountRequested: 500 });
	const output = await suite.run({
		credentials: withDailyLimit('USDT 1000'),
		...batch([300, 300], { options: { dryRun: true } }),
	});

	expect(output[0].json).toMatchObject({
		wouldSend: true,
		spendingLimits: {
			allowed: true,
			last24Hours: [
				{
					currency: 'USDT',
					limit: '1000',
					last24Hours: '500',
					thisExecution: '300',
					remaining: '200',
				},
			],
		},
	});
	expect(output[1].json).toMatchObject({
		wouldSend: false,
		spendingLimits: {
			allowed: false,
			refusedBecause: expect.stringMatching(/above Max Amount per 24 Hours/),
		},
	});
	expect(createdAmounts()).toEqual([]);
});

it('a dry run counts no room for an item the per-payout limit refuses', async () => {
	const output = await suite.run({
		credentials: { ...withDailyLimit('USDT 1000'), maxAmountPerPayout: 'USDT 500' },
		...batch([600, 300], { options: { dryRun: true } }),
	});

	expect(output[0].json).toMatchObject({
		wouldSend: false,
		spendingLimits: { allowed: false, refusedBecause: expect.stringMatching(/600 USDT is above/) },
	});
	expect(output[1].json).toMatchObject({
		wouldSend: true,
		spendingLimits: { last24Hours: [{ thisExecution: '300', remaining: '700' }] },
	});
});

it('a re-run of a paid batch is not held to the limit for what it skips, and Check Balance First counts the same', async () => {
	const credentials = withDailyLimit('USDT 100');
	const first = batch([60]);
	await suite.run({ credentials, ...first });
	const rerun = { ...first, items: [...first.items, { amount: 30, row: `row-${++rows}` }] };

	const dry = await suite.run({
		credentials,
		parameters: {
			...rerun.parameters,
			options: { ...(rerun.parameters.options as object), dryRun: true, checkBalanceFirst: true },
		},
		items: rerun.items,
	});
	expect(dry[1].json).toMatchObject({
		spendingLimits: { last24Hours: [{ last24Hours: '60', thisExecution: '30' }] },
		balanceCheck: { currencies: [{ amounts: 30 }] },
	});

	const output = await suite.run({ credentials, ...rerun });
	expect(output.map((item) => item.json.alreadySent)).toEqual([true, false]);
	expect(createdAmounts()).toEqual([60, 30]);
});

it('shares the duplicate guard’s history read of the execution: the limit adds no history request', async () => {
	const historyRequests = async (credentials: ReturnType<typeof credentialsFor>) => {
		const before = requestsTo(suite.sandbox, 'payoutHistory').length;
		await suite.run({ credentials, ...batch([10, 11]) });
		return requestsTo(suite.sandbox, 'payoutHistory').length - before;
	};
	await historyRequests(credentialsFor(suite.sandbox)); // the process's first read of the account

	const withoutLimit = await historyRequests(credentialsFor(suite.sandbox));
	const withLimit = await historyRequests(withDailyLimit('USDT 1000'));

	expect(withoutLimit).toBeGreaterThan(0);
	expect(withLimit).toBe(withoutLimit);
});

describe('an AI agent using the node as a tool', () => {
	const agentPayout = (baseAmount: number, credentials: ReturnType<typeof withDailyLimit>) =>
		suite.run({
			nodeType: 'n8n-nodes-tylt.tyltTool',
			credentials,
			parameters: payoutCreate({
				baseAmount,
				address: RECIPIENT,
				options: { agentMaxAmount: 'USDT 50' },
			}),
		});

	it('is bound by every limit of the credential, the 24-hour one included', async () => {
		suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(1), settledAmountRequested: 70 });
		const limits = { ...withDailyLimit('USDT 100'), maxAmountPerPayout: 'USDT 40' };

		await expect(agentPayout(45, limits)).rejects.toThrow(/45 USDT is above Max Amount per Payout/);
		await expect(agentPayout(35, limits)).rejects.toThrow(/above Max Amount per 24 Hours/);
		expect(createdAmounts()).toEqual([]);
		await agentPayout(30, limits);
		expect(createdAmounts()).toEqual([30]);
	});

	it('keeps the node’s own agent cap on top of the credential’s limits', async () => {
		await expect(agentPayout(60, withDailyLimit('USDT 1000'))).rejects.toThrow(
			/at most 50 USDT per call/,
		);
		expect(createdAmounts()).toEqual([]);
	});
});

itShowsNoSecret();
