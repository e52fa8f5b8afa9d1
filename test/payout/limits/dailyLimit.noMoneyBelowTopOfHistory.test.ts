/**
 * Max Amount per 24 Hours over a payout that moved no money and sits below the top of history that later
 * executions read (the history cache re-reads only the top between full reads, so it is "read earlier" there).
 * What such a payout costs an account in steady state, what a dry run says of it, and what happens when the
 * full read its refusal asks for fails.
 *
 * The account: a Cancelled USDT payout two hours ago, and 90 payouts in USDC (no limit) made after it, so a
 * read of the top of history stops above it; the credential's limit is USDT 200 (the sandbox pays 10 at least).
 */
import * as history from '../../../nodes/Tylt/payout/history';
import type { PayoutRecord } from '../../../sandbox';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();
afterEach(() => jest.restoreAllMocks());

const RECIPIENT = tronAddress('no-money-below-top');
let references = 0;
const pay = (baseAmount: number, options: Record<string, unknown> = {}) =>
	suite.run({
		credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 200' },
		parameters: payoutCreate({
			baseAmount,
			address: RECIPIENT,
			reference: `below-top-${++references}`,
			options,
		}),
		continueOnFail: true,
	});
const historyReads = () => requestsTo(suite.sandbox, 'payoutHistory').length;
const createdAmounts = () =>
	requestsTo(suite.sandbox, 'createPayout')
		.filter((request) => request.status === 200)
		.map((request) => JSON.parse(request.rawBody).baseAmount as number);

function cancelledBelowTheTop(amount: number, isFinal = 0): PayoutRecord {
	const usdc = (count: number, hours: number) =>
		suite.sandbox.seedPayouts(count, {
			createdAt: hoursAgo(hours),
			settledCurrency: 'USDC',
			settledAmountRequested: 1,
		});
	usdc(30, 1);
	usdc(60, 1.5);
	const [cancelled] = suite.sandbox.seedPayouts(1, {
		createdAt: hoursAgo(2),
		status: 'Cancelled',
		settledAmountRequested: amount,
		settledAmountDebited: 0,
		isDebited: 0,
		isFinal,
	});
	return cancelled;
}

describe('a limit with room over a Cancelled 185 below the top of history, in steady state', () => {
	it('final (isFinal 1): each execution costs one history read, as it does without the Cancelled payout', async () => {
		cancelledBelowTheTop(185, 1);
		// The first execution reads the window in full; from then on the cache reads the top only.
		await pay(10);

		const costs: number[] = [];
		for (let run = 0; run < 3; run++) {
			const before = historyReads();
			const [output] = await pay(10);
			expect(output.json.error).toBeUndefined();
			costs.push(historyReads() - before);
		}

		// 40 of USDT 200 in all: room for each. A final record read earlier stays as it was read: no full read.
		expect(createdAmounts()).toEqual([10, 10, 10, 10]);
		expect(costs).toEqual([1, 1, 1]);
	});

	it('not final: it may still move money, so each execution it would refuse reads the window in full, and pays', async () => {
		cancelledBelowTheTop(185);
		await pay(10);

		const costs: number[] = [];
		for (let run = 0; run < 2; run++) {
			const before = historyReads();
			const [output] = await pay(10);
			expect(output.json.error).toBeUndefined();
			costs.push(historyReads() - before);
		}

		// Counted as read earlier, 185 + 10 + 10 is above the limit: the top of history, then the window in full.
		expect(createdAmounts()).toEqual([10, 10, 10]);
		for (const cost of costs) expect(cost).toBeGreaterThan(1);
	});
});

describe('Dry Run over a Cancelled 90 below the top of history', () => {
	it('reports the same last 24 hours for 10 and for 150: the Cancelled payout takes no room', async () => {
		cancelledBelowTheTop(90);
		await pay(10);

		const [ten] = await pay(10, { dryRun: true });
		const [oneFifty] = await pay(150, { dryRun: true });

		expect(oneFifty.json).toMatchObject({
			wouldSend: true,
			spendingLimits: { last24Hours: [{ currency: 'USDT', last24Hours: '10', remaining: '40' }] },
		});
		// A dry run reports what TYLT shows now: the window is read in full whatever the amount.
		expect(ten.json).toMatchObject({
			wouldSend: true,
			spendingLimits: { last24Hours: [{ currency: 'USDT', last24Hours: '10', remaining: '180' }] },
		});
		expect(createdAmounts()).toEqual([10]);
	});
});

describe('the full read a refusal on a Cancelled 185 below the top asks for fails', () => {
	it.each<[string, Parameters<typeof suite.sandbox.injectFault>[1]]>([
		['TYLT answers an error code', { kind: 'errorCode', errorCode: 500, msg: 'busy', times: 10 }],
		['the connection drops', { kind: 'drop', times: 10 }],
	])(
		'%s: nothing is sent, and the item says the limit could not be checked',
		async (_case, fault) => {
			cancelledBelowTheTop(185);
			await pay(10);
			// The read of the top of history goes through; the read in full (no page size) after it fails.
			const read = history.readPayoutHistoryBackTo;
			jest.spyOn(history, 'readPayoutHistoryBackTo').mockImplementation(async function (
				this: ThisParameterType<typeof read>,
				request,
			) {
				if (request.pageSize === undefined) suite.sandbox.injectFault('payoutHistory', fault);
				return await read.call(this, request);
			});

			const [output] = await pay(10);

			expect(String(output.json.error)).toMatch(/Max Amount per 24 Hours could not be checked/);
			expect(createdAmounts()).toEqual([10]);
		},
	);
});

itShowsNoSecret();
