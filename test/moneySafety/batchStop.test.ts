/**
 * Without Continue On Fail, an item's error stops every payout that has not started yet: the batch decides
 * right before each create, after every wait (a free slot, the pace's spacing, a 429's Retry-After, an
 * earlier row of the same reference), never only when it takes the row. A row that did not start is "not
 * sent", never "in doubt"; a create already on its way when the batch stopped is recorded all the same.
 */
import type { IDataObject } from 'n8n-workflow';

import { IN_DOUBT_CHECK_POLICY } from '../../nodes/Tylt/payout/guard';
import { DAILY_RECHECK } from '../../nodes/Tylt/payout/limits/dailyLimit';
import { RATE_LIMIT_POLICY } from '../../nodes/Tylt/payout/createTraffic';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	onceEach,
	payoutsPerReference,
	until,
	useMoneySafetySandbox,
} from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

const RECHECK_AFTER_MS = DAILY_RECHECK.afterMs;

const REFUSAL = { kind: 'errorCode', errorCode: 4017, msg: 'Payouts are paused for this merchant' };

function rows(prefix: string, count = 5): IDataObject[] {
	return Array.from({ length: count }, (_, index) => ({
		row: `${prefix}-${index}`,
		address: tronAddress(`${prefix} recipient ${index}`),
	}));
}

const references = (items: IDataObject[]) => items.map((item) => String(item.row));

/** Max Payouts Per Second `perSecond`: creates start 1000 / perSecond ms apart, ceil(perSecond) at once. */
function pacedBatch(perSecond: number, options: IDataObject = {}) {
	return payoutCreate({
		address: '={{ $json.address }}',
		reference: '={{ $json.row }}',
		options: { maxPayoutsPerSecond: perSecond, ...options },
	});
}

describe('a batch with a pause whose first row TYLT refuses', () => {
	it('with Continue On Fail, the refused row is an error item and the other four are still paid', async () => {
		const items = rows('refused-cof');
		suite.sandbox.injectFault('createPayout', { ...REFUSAL } as never);

		const output = await suite.run({
			items,
			parameters: pacedBatch(10),
			continueOnFail: true,
		});

		expect(output.map((item) => item.json.error === undefined)).toEqual([
			false,
			true,
			true,
			true,
			true,
		]);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items).slice(1)));
	});

	it('a row that repeats the refused row’s reference is not sent either', async () => {
		const items = rows('repeat');
		items[2] = { ...items[0] };
		suite.sandbox.injectFault('createPayout', { ...REFUSAL } as never);

		const error = await suite.fail({ items, parameters: pacedBatch(0) });

		expect(error.message).toContain('Payouts are paused for this merchant');
		expect(error.context.itemIndex).toBe(0);
		// Rows 1, 3 and 4 had started with row 0 (no pause); row 2 waited for row 0 and never started.
		expect(
			requestsTo(suite.sandbox, 'createPayout').filter((request) =>
				request.rawBody.includes('[ref:repeat-0]'),
			),
		).toHaveLength(1);
	});
});

describe('a batch with a pause whose first row TYLT answers with HTTP 429', () => {
	const configuredRateLimit = { ...RATE_LIMIT_POLICY };
	const configuredInDoubtCheck = { ...IN_DOUBT_CHECK_POLICY };
	beforeAll(() => {
		RATE_LIMIT_POLICY.baseDelayMs = 50;
		IN_DOUBT_CHECK_POLICY.firstPauseMs = 100;
		IN_DOUBT_CHECK_POLICY.maxPauseMs = 200;
	});
	afterAll(() => {
		Object.assign(RATE_LIMIT_POLICY, configuredRateLimit);
		Object.assign(IN_DOUBT_CHECK_POLICY, configuredInDoubtCheck);
	});

	const RATE_LIMITED = { kind: 'status', status: 429, headers: { 'Retry-After': '0.2' } } as const;

	it('goes on when the In-Doubt Check finds the 429’d payout made: every row paid once', async () => {
		const items = rows('limited-made');
		// A gateway that counted the request after TYLT made the payout.
		suite.sandbox.injectFault('createPayout', { ...RATE_LIMITED, processed: true });

		const output = await suite.run({
			items,
			parameters: pacedBatch(10, { inDoubtCheckSeconds: 5 }),
		});

		expect(output[0].json.confirmedFromHistory).toBe(true);
		expect(output.map((item) => item.json.alreadySent)).toEqual(items.map(() => false));
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
	});
});

describe('a row that waits for another execution’s claim on its reference', () => {
	it('is not sent when a later row stopped the batch meanwhile, and says so in its own words', async () => {
		const items = rows('claimed');
		// Another execution is sending the first row's reference: TYLT answers it late, and refuses it (too
		// much once converted from USD), so this execution's row 0 then has its turn to send.
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 800 });
		suite.sandbox.injectFault('createPayout', { ...REFUSAL } as never);
		const other = suite.fail({
			items: [items[0]],
			parameters: payoutCreate({
				address: '={{ $json.address }}',
				baseAmount: 1_000_000,
				amountIn: 'fiat',
				baseCurrency: 'USD',
				additionalFields: {},
				reference: '={{ $json.row }}',
				options: {},
			}),
		});
		await until(
			() => requestsTo(suite.sandbox, 'createPayout').length === 1,
			'the other execution’s create to arrive',
		);

		const error = await suite.fail({
			items,
			parameters: pacedBatch(5),
		});

		expect((await other).message).toContain('above the maximum withdrawal');
		// Row 0 comes first in input order, so its error is the one reported: not sent, because of row 1.
		expect(error.message).toContain(
			'The payout of item 0 was not sent: the error of item 1 stopped the batch before it started',
		);
		expect(error.message).toContain('Payouts are paused for this merchant');
		expect(error.context.itemIndex).toBe(0);
		// The other execution's create and this execution's row 1: nothing after the refusal.
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(2);
		expect(suite.sandbox.payouts).toHaveLength(0);
	});
});

describe('a create on its way when the batch stops', () => {
	it('is recorded when its answer comes after the stop: a re-run outputs it as already sent and pays the rest once', async () => {
		const items = rows('in-flight');
		const parameters = pacedBatch(10 / 3);
		// Row 0's create is on its way for a while; row 1 is refused meanwhile and stops the batch.
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 1500 });
		suite.sandbox.injectFault('createPayout', { ...REFUSAL } as never);

		const error = await suite.fail({ items, parameters });

		expect(error.message).toContain('Payouts are paused for this merchant');
		expect(error.context.itemIndex).toBe(1);
		// The failed execution outputs nothing, so its error names what was paid all the same.
		expect(error.description).toContain('Paid in this execution all the same: item 0.');
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(2);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['in-flight-0']));

		const output = await suite.run({ items, parameters });

		expect(output.map((item) => item.json.alreadySent)).toEqual([true, false, false, false, false]);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
	});
});

describe('a late create under Max Amount per 24 Hours', () => {
	afterEach(() => {
		DAILY_RECHECK.afterMs = RECHECK_AFTER_MS;
	});

	it('looks at history again, then waits for the failed row’s In-Doubt Check like any create: one create', async () => {
		// Every create is late, so each looks at history again first; those reads are slow, so row 0's create
		// fails (429) while row 1 is reading.
		DAILY_RECHECK.afterMs = 0;
		suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 400, times: 50 });
		suite.sandbox.injectFault('createPayout', { kind: 'status', status: 429 } as never);

		const error = await suite.fail({
			credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 1000' },
			items: rows('late-recheck', 3),
			parameters: pacedBatch(5, { inDoubtCheckSeconds: 1 }),
		});

		expect(error.message).toContain('outcome of this payout is unknown (HTTP 429)');
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	});
});

describe('the error of a failed execution', () => {
	it('names the items paid all the same, which the failed execution does not output', async () => {
		const items = rows('named');
		// One create a second: TYLT refuses item 3's create, after items 0 to 2 were paid.
		const failed = suite.fail({ items, parameters: pacedBatch(1) });
		await until(() => requestsTo(suite.sandbox, 'createPayout').length === 3, 'three creates');
		suite.sandbox.injectFault('createPayout', { ...REFUSAL } as never);
		const error = await failed;

		expect(error.message).toContain('Payouts are paused for this merchant');
		expect(error.context.itemIndex).toBe(3);
		expect(error.description).toContain('Paid in this execution all the same: items 0, 1, 2.');
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['named-0', 'named-1', 'named-2']));
	});
});

itShowsNoSecret();
