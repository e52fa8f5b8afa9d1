/**
 * What the history-paging attack files share. Each sets a sandbox `historyPaging` fault (or queues answers of
 * its own), puts a payout on a record that fault puts at risk of never being read, and asks every reader that
 * decides whether money moves to find it: the duplicate guard, Max Amount per 24 Hours and Payout → Get.
 */
import type { Fault, HistoryPaging, PayoutRecord, TyltSandbox } from '../../sandbox';
import type { MoneySafetySuite } from './moneySafetyKit';
import { payoutsPerReference } from './moneySafetyKit';
import { credentialsFor, payoutCreate, requestsTo } from './sandboxKit';

/** Pages of 200, page 2 cut to 160 (records 201–360); page 3 still starts at record 401. */
export const PAGE_TWO_CUT: HistoryPaging = {
	maxRows: 200,
	offsetBy: 'rowsAsked',
	shortPages: { from: 2, through: 2, rowsFewer: 40 },
};

/** Where a payout sits in history, newest first: `newer` payouts above it and `older` ones below. */
export interface RecordInHistory {
	newer: number;
	older: number;
}

/** Seeds `newer` payouts, then `payout` on record `newer + 1`, then `older` ones; returns that payout. */
export function seedPayoutOnRecord(
	sandbox: TyltSandbox,
	record: RecordInHistory,
	payout: Partial<PayoutRecord>,
	others: Partial<PayoutRecord> = {},
): PayoutRecord {
	sandbox.seedPayouts(record.newer, others);
	const [seeded] = sandbox.seedPayouts(1, payout);
	sandbox.seedPayouts(record.older, others);
	return seeded;
}

/** A payout already made to `address` under `reference`, as the duplicate guard looks for it. */
export function paidUnderReference(address: string, reference: string): Partial<PayoutRecord> {
	return { toAddress: address, settledAmountRequested: 25, comments: `[ref:${reference}]` };
}

/** The query of every history page asked so far, in order (`rows=200&page=1`, ...). */
export function historyQueries(sandbox: TyltSandbox): string[] {
	return requestsTo(sandbox, 'payoutHistory').map((request) => request.query);
}

/** A fault that has TYLT answer the next history request with exactly these rows, whatever page it asks. */
export function historyPageOf(rows: readonly PayoutRecord[]): Fault {
	return {
		kind: 'status',
		status: 200,
		contentType: 'application/json',
		body: JSON.stringify({ data: rows, errorCode: 0, msg: '' }),
	};
}

export const getByReference = (payoutReference: string) => ({
	resource: 'payout',
	operation: 'get',
	lookupBy: 'reference',
	payoutReference,
});

export type HistoryReader = 'duplicateGuard' | 'dailyLimit' | 'getByReference';

export interface PayoutAtRisk {
	readonly suite: MoneySafetySuite;
	/** Ends each test's name: where the payout sits, e.g. "on the first record past the overlapping page". */
	readonly where: string;
	readonly record: RecordInHistory;
	readonly address: string;
	readonly reference: string;
	/** The readers to test: all three unless a file pins fewer. */
	readonly readers?: readonly HistoryReader[];
	/** The pages the duplicate guard's read must ask first, where the fault's point is where it reads on. */
	readonly guardAsksFirst?: readonly string[];
}

/**
 * Seeds a payout made under the reference on the record, runs Payout → Create for that reference, and expects
 * the duplicate guard to find it: `alreadySent` with its order id, and no second payout.
 */
export async function expectTheGuardFindsThePayout(
	atRisk: Pick<PayoutAtRisk, 'suite' | 'record' | 'address' | 'reference'>,
): Promise<void> {
	const { suite, record, address, reference } = atRisk;
	const paid = seedPayoutOnRecord(suite.sandbox, record, paidUnderReference(address, reference));

	const [output] = await suite.run({
		parameters: payoutCreate({ address, reference, options: {} }),
	});

	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	expect(payoutsPerReference(suite.sandbox)[reference]).toBe(1);
	expect(output.json).toMatchObject({ alreadySent: true, orderId: paid.orderId });
}

/**
 * Declares, in the calling describe (whose beforeEach sets the fault), one test per reader: each must read
 * the payout on the record at risk, since a reader that misses it pays a reference twice, pays past the
 * 24-hour limit, or says "not found" for a payout that exists.
 */
export function itReadsThePayoutAtRisk(atRisk: PayoutAtRisk): void {
	const { suite, where, record, address, reference } = atRisk;
	const readers = atRisk.readers ?? ['duplicateGuard', 'dailyLimit', 'getByReference'];

	if (readers.includes('duplicateGuard')) {
		it(`the duplicate guard finds a reference ${where} and sends nothing`, async () => {
			await expectTheGuardFindsThePayout(atRisk);
			if (atRisk.guardAsksFirst) {
				const asked = atRisk.guardAsksFirst;
				expect(historyQueries(suite.sandbox).slice(0, asked.length)).toEqual(asked);
			}
		});
	}

	if (readers.includes('dailyLimit')) {
		it(`Max Amount per 24 Hours counts a Completed 90 ${where}: 20 more under USDT 100 is refused`, async () => {
			// The newer and older payouts Failed: they moved no money, so only the 90 takes room.
			seedPayoutOnRecord(
				suite.sandbox,
				record,
				{ status: 'Completed', settledAmountRequested: 90 },
				{ status: 'Failed' },
			);

			const error = await suite.fail({
				credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
				parameters: payoutCreate({ baseAmount: 20, address }),
			});

			expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
			expect(error.message).toMatch(
				/110 USDT, above Max Amount per 24 Hours for USDT \(100 USDT\)/,
			);
		});
	}

	if (readers.includes('getByReference')) {
		it(`Payout → Get by reference finds a payout ${where}`, async () => {
			const paid = seedPayoutOnRecord(suite.sandbox, record, { comments: `[ref:${reference}]` });

			const [output] = await suite.run({ parameters: getByReference(reference) });

			expect(output.json.orderId).toBe(paid.orderId);
		});
	}
}
