/**
 * TYLT may cut one page short (its bytes or load) and lower its cap while a read goes on, counting pages by the
 * rows asked or served (docs/money-safety.md, "Every read of history ends"). Each fault has its own test; here
 * they come together, page 1, 2 or 3 cut while the cap drops on page 1, 2 or 3 for good or for a while. Every
 * read, the duplicate guard's and a listing's, either serves every payout once or fails closed with "could not
 * be read completely", and costs a few requests per page TYLT serves, never one per payout.
 */
import type { HistoryPaging } from '../../sandbox';
import { payoutHistoryPages, type HistoryReader } from '../../nodes/Tylt/transport/calls';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { credentialsFor, requestsTo, useSandbox } from '../support/sandboxKit';

const sandbox = useSandbox();

const CUTS: Array<HistoryPaging['shortPages']> = [
	{ from: 1, through: 1, rowsFewer: 23 },
	{ from: 2, through: 2, rowsFewer: 61 },
	{ from: 3, through: 3, rowsFewer: 150 },
];
const CAPS: Array<HistoryPaging['cappedPages']> = [
	undefined,
	{ from: 2, maxRows: 90 },
	{ from: 1, through: 2, maxRows: 130 },
	{ from: 3, maxRows: 41 },
];
const PAGINGS: HistoryPaging[] = (['rowsAsked', 'rowsServed'] as const).flatMap((offsetBy) =>
	CUTS.flatMap((shortPages) =>
		CAPS.map((cappedPages) => ({ maxRows: 200, offsetBy, shortPages, cappedPages })),
	),
);

async function readEveryPage(reader: HistoryReader) {
	const context = createExecuteContext({ parameters: {}, credentials: credentialsFor(sandbox) });
	const orderIds: string[] = [];
	try {
		const pages = payoutHistoryPages.call(context, { rows: 200, maxRecords: 20_000, reader }, 0);
		for await (const page of pages) orderIds.push(...page.map((record) => String(record.orderId)));
		return { orderIds };
	} catch (error) {
		return { orderIds, failure: (error as Error).message };
	}
}

describe.each(PAGINGS)('TYLT pages %j', (paging) => {
	it.each([
		[241, 'decision'],
		[617, 'decision'],
		[617, 'listing'],
	] as const)(
		'a %s-payout %s read serves every payout once or fails closed',
		async (count, reader) => {
			sandbox.historyPaging = paging;
			const seeded = sandbox.seedPayouts(count).map((record) => String(record.orderId));

			const { orderIds, failure } = await readEveryPage(reader);

			if (failure === undefined) expect(orderIds).toEqual(seeded);
			else expect(failure).toMatch(/^TYLT history could not be read completely/);
			// TYLT's smallest page here is 41 rows: a read costs at most about three requests per page it serves.
			expect(requestsTo(sandbox, 'payoutHistory').length).toBeLessThanOrEqual(
				3 * Math.ceil(count / 41) + 3,
			);
		},
	);
});
