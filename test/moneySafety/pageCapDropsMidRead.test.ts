/**
 * TYLT documents no largest page, and docs/money-safety.md says it may change its cap between reads and cut a
 * page on any page. A TYLT that counts its pages by the rows it serves (page N starts at (N − 1) × its cap, as
 * the sandbox's `offsetBy: 'rowsServed'` does) and lowers its cap while a read goes on serves page 2 from an
 * earlier record than where page 1 ended: the page overlaps page 1 and ends short. A read that took the overlap
 * for history pushed down would ask the next page where it believes page 2 ended, past records no page served.
 *
 * Pages of 200, the cap down to 150 from page 2: page 2 serves records 151–300; such a read would ask page 6 of
 * 70, from record 351, and never read records 301–350. Every reader here must read them.
 */
import type { HistoryPaging } from '../../sandbox';
import { tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { changes, createPayout, pollingWorkflow } from '../support/payoutStatusKit';
import {
	expectTheGuardFindsThePayout,
	itReadsThePayoutAtRisk,
	type RecordInHistory,
} from '../support/historyPagingKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('cap-drop recipient');
const REFERENCE = 'row-past-the-overlap';

const CAP_DROPS_FROM_PAGE_TWO: HistoryPaging = {
	maxRows: 200,
	offsetBy: 'rowsServed',
	cappedPages: { from: 2, maxRows: 150 },
};

/** 300 newer payouts, then record 301 (the first one no page serves), then 149 older ones. */
const FIRST_RECORD_SKIPPED: RecordInHistory = { newer: 300, older: 149 };

describe('TYLT lowers its cap from 200 to 150 rows after page 1, counting pages by the rows it serves', () => {
	beforeEach(() => {
		suite.sandbox.historyPaging = CAP_DROPS_FROM_PAGE_TWO;
	});

	// Page 2 (records 151–300) overlaps page 1 and ends short: a read that took the overlap for history pushed
	// down would ask on from record 351 and never read record 301.
	itReadsThePayoutAtRisk({
		suite,
		where: 'on the first record past the overlapping page',
		record: FIRST_RECORD_SKIPPED,
		address: ADDRESS,
		reference: REFERENCE,
	});

	// Return All proves its end as every read does (docs/money-safety.md). It asks pages of 100: with the cap
	// down to 60 from page 2, page 2 serves records 61–120, and records 121–160 must still be listed.
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

	// The followed payout sits on record 301, which no page serves as asked: a read that skipped it would never
	// report its turn.
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
		await expectTheGuardFindsThePayout({
			suite,
			record: FIRST_RECORD_SKIPPED,
			address: ADDRESS,
			reference: REFERENCE,
		});
	});
});

itShowsNoSecret();
