/**
 * TYLT documents no largest page, and docs/money-safety.md says it may change its cap between reads and cut a
 * page on any page. A TYLT that counts its pages by the rows it serves (page N starts at (N − 1) × its cap, as
 * the sandbox's `offsetBy: 'rowsServed'` does) and lowers its cap while a read goes on serves page 2 from an
 * earlier record than where page 1 ended: the page overlaps page 1 and ends short. The read takes the overlap
 * for history pushed down and asks the next page where it believes page 2 ended, past records no page served.
 *
 * Pages of 200, the cap down to 150 from page 2: page 2 serves records 151–300; the read asks page 6 of 70,
 * from record 351, and records 301–350 are never read.
 */
import type { PayoutRecord } from '../../nodes/Tylt/transport/records';
import type { HistoryPaging } from '../../sandbox';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';
import { changes, createPayout, pollingWorkflow } from '../support/payoutStatusKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('cap-drop recipient');
const REFERENCE = 'row-past-the-overlap';

const CAP_DROPS_FROM_PAGE_TWO: HistoryPaging = {
	maxRows: 200,
	offsetBy: 'rowsServed',
	cappedPages: { from: 2, maxRows: 150 },
};

/** 300 newer payouts, then `payout` on record 301 (the first one no page serves), then 149 older ones. */
function seedOnFirstRecordSkipped(
	payout: Partial<PayoutRecord>,
	others: Partial<PayoutRecord> = {},
) {
	suite.sandbox.seedPayouts(300, others);
	const [skipped] = suite.sandbox.seedPayouts(1, payout);
	suite.sandbox.seedPayouts(149, others);
	return skipped;
}

describe('TYLT lowers its cap from 200 to 150 rows after page 1, counting pages by the rows it serves', () => {
	beforeEach(() => {
		suite.sandbox.historyPaging = CAP_DROPS_FROM_PAGE_TWO;
	});

	// Defect: page 2 (records 151–300) overlaps page 1 and ends short; the read asks on from record 351 and
	// never reads the payout on record 301, so the reference is paid a second time.
	it('the duplicate guard finds a reference on the first record past the overlapping page and sends nothing', async () => {
		const paid = seedOnFirstRecordSkipped({
			toAddress: ADDRESS,
			settledAmountRequested: 25,
			comments: `[ref:${REFERENCE}]`,
		});

		const [output] = await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBe(1);
		expect(output.json).toMatchObject({ alreadySent: true, orderId: paid.orderId });
	});

	// Defect: the Completed 90 on record 301 is never read, so 20 more is paid under USDT 100.
	it('Max Amount per 24 Hours counts a Completed 90 past the overlapping page: 20 more under USDT 100 is refused', async () => {
		seedOnFirstRecordSkipped(
			{ status: 'Completed', settledAmountRequested: 90 },
			{ status: 'Failed' },
		);

		const error = await suite.fail({
			credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
			parameters: payoutCreate({ baseAmount: 20, address: ADDRESS }),
		});

		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(error.message).toMatch(/110 USDT, above Max Amount per 24 Hours for USDT \(100 USDT\)/);
	});

	// Defect: the read ends at an empty page having never served record 301, and Get says "not found".
	it('Payout → Get by reference finds a payout past the overlapping page', async () => {
		const paid = seedOnFirstRecordSkipped({ comments: `[ref:${REFERENCE}]` });

		const [output] = await suite.run({
			parameters: {
				resource: 'payout',
				operation: 'get',
				lookupBy: 'reference',
				payoutReference: REFERENCE,
			},
		});

		expect(output.json.orderId).toBe(paid.orderId);
	});

	// Defect: Return All, which docs/money-safety.md says proves its end as every read does, asks pages of 100:
	// with the cap down to 60 from page 2, page 2 serves records 61–120 and records 121–160 are never listed.
	it('Payout → Get Many with Return All lists every payout', async () => {
		suite.sandbox.historyPaging = {
			...CAP_DROPS_FROM_PAGE_TWO,
			cappedPages: { from: 2, maxRows: 60 },
		};
		suite.sandbox.seedPayouts(450);

		const output = await suite.run({
			parameters: { resource: 'payout', operation: 'getMany', returnAll: true },
		});

		expect(new Set(output.map((item) => item.json.orderId)).size).toBe(450);
	});

	// Defect: the followed payout sits on record 301, which no page serves, so its turn is never reported.
	it('the polling trigger reports a followed payout on the first record past the overlapping page when it turns', async () => {
		suite.sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsServed' };
		const trigger = pollingWorkflow(suite.sandbox, { options: { includeNewPayouts: false } });
		await trigger.activate();
		const followed = await createPayout(suite.sandbox);
		expect(await trigger.poll()).toBeNull();

		// 300 newer payouts, still pending (so not reported), put it on record 301.
		const newerMs = Date.parse(String(followed.createdAt)) + 60_000;
		suite.sandbox.seedPayouts(300, {
			status: 'Pending',
			isFinal: 0,
			createdAt: new Date(newerMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
		});
		suite.sandbox.historyPaging = CAP_DROPS_FROM_PAGE_TWO;
		await suite.sandbox.advanceTime(2000);

		expect(changes(await trigger.poll())).toEqual([`${followed.orderId}:Completed`]);
	});
});

describe('the same cap drop at a TYLT counting pages by the rows asked', () => {
	it('the duplicate guard finds the reference: every page starts where the read asks it to', async () => {
		suite.sandbox.historyPaging = { ...CAP_DROPS_FROM_PAGE_TWO, offsetBy: 'rowsAsked' };
		const paid = seedOnFirstRecordSkipped({
			toAddress: ADDRESS,
			settledAmountRequested: 25,
			comments: `[ref:${REFERENCE}]`,
		});

		const [output] = await suite.run({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		expect(output.json).toMatchObject({ alreadySent: true, orderId: paid.orderId });
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	});
});

itShowsNoSecret();
