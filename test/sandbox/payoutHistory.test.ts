/**
 * Payout history on both of its paths: newest first, paged, and seeded (sandbox/endpoints/payoutHistory.ts,
 * sandbox/payoutBook.ts).
 */
import type { PayoutRecord } from '../../sandbox';
import { PATHS, callApi, json, createPayout, useFreshSandbox } from '../support/sandboxClient';

const sandbox = useFreshSandbox();

describe('payout history', () => {
	it.each([PATHS.history, PATHS.historyAlias])(
		'pages payout records newest first on %s',
		async (path) => {
			const seeded = sandbox.seedPayouts(25);
			const createdAts = seeded.map((record) => Date.parse(record.createdAt));
			expect(createdAts).toEqual([...createdAts].sort((a, b) => b - a));
			expect(new Set(createdAts).size).toBe(25);

			const pages = [];
			for (const page of [1, 2, 3, 4]) {
				const result = await callApi(sandbox, 'GET', path, { query: { rows: 10, page } });
				expect(result.status).toBe(200);
				const envelope = json(result);
				expect(envelope).toMatchObject({ errorCode: 0, msg: '' });
				pages.push(envelope.data.map((record: PayoutRecord) => record.orderId));
			}
			expect(pages.map((page) => page.length)).toEqual([10, 10, 5, 0]);
			expect(pages.flat()).toEqual(seeded.map((record) => record.orderId));
		},
	);

	it.each(['rowsServed', 'rowsAsked'] as const)(
		'answers a page past the end with the last page again when pastEnd is lastPage (offset by %s)',
		async (offsetBy) => {
			const seeded = sandbox.seedPayouts(25);
			sandbox.historyPaging = { maxRows: 200, offsetBy, pastEnd: 'lastPage' };
			const pages = [];
			for (const page of [1, 2, 3, 4, 5]) {
				const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 10, page } });
				pages.push(json(result).data.map((record: PayoutRecord) => record.orderId));
			}
			const lastPage = seeded.slice(20).map((record) => record.orderId);
			expect(pages.slice(2)).toEqual([lastPage, lastPage, lastPage]);
		},
	);

	it('cuts the pages shortPages names by rowsFewer rows, leaving where every page starts as it was', async () => {
		const seeded = sandbox.seedPayouts(50).map((record) => record.orderId);
		sandbox.historyPaging = {
			maxRows: 200,
			offsetBy: 'rowsAsked',
			shortPages: { from: 2, through: 3, rowsFewer: 4 },
		};
		const pages = [];
		for (const page of [1, 2, 3, 4]) {
			const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 10, page } });
			pages.push(json(result).data.map((record: PayoutRecord) => record.orderId));
		}
		expect(pages).toEqual([
			seeded.slice(0, 10),
			seeded.slice(10, 16),
			seeded.slice(20, 26),
			seeded.slice(30, 40),
		]);
		expect(() => {
			sandbox.historyPaging = {
				maxRows: 200,
				offsetBy: 'rowsAsked',
				shortPages: { from: 3, through: 2, rowsFewer: 4 },
			};
		}).toThrow('historyPaging.shortPages.through must not be before from');
	});

	it('caps the pages cappedPages names lower, each starting at (page - 1) × its cap when offset by rows served', async () => {
		const seeded = sandbox.seedPayouts(50).map((record) => record.orderId);
		sandbox.historyPaging = {
			maxRows: 200,
			offsetBy: 'rowsServed',
			cappedPages: { from: 2, maxRows: 6 },
		};
		const pages = [];
		for (const page of [1, 2, 3]) {
			const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 10, page } });
			pages.push(json(result).data.map((record: PayoutRecord) => record.orderId));
		}
		expect(pages).toEqual([seeded.slice(0, 10), seeded.slice(6, 12), seeded.slice(12, 18)]);
		expect(() => {
			sandbox.historyPaging = {
				maxRows: 200,
				offsetBy: 'rowsServed',
				cappedPages: { from: 2, maxRows: 0 },
			};
		}).toThrow('historyPaging.cappedPages needs whole numbers >= 1');
	});

	it('serves at least minRows a page, each starting at (page - 1) × the rows served when offset by rows served', async () => {
		const seeded = sandbox.seedPayouts(50).map((record) => record.orderId);
		sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsServed', minRows: 15 };
		const pages = [];
		for (const page of [1, 2]) {
			const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 10, page } });
			pages.push(json(result).data.map((record: PayoutRecord) => record.orderId));
		}
		expect(pages).toEqual([seeded.slice(0, 15), seeded.slice(15, 30)]);
		expect(() => {
			sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsServed', minRows: 1.5 };
		}).toThrow('historyPaging.minRows must be a whole number >= 1, got 1.5');
	});

	it('answers every page past maxPage with an empty list', async () => {
		const seeded = sandbox.seedPayouts(50).map((record) => record.orderId);
		sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsServed', maxPage: 3 };
		const pages = [];
		for (const page of [3, 4]) {
			const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 10, page } });
			pages.push(json(result).data.map((record: PayoutRecord) => record.orderId));
		}
		expect(pages).toEqual([seeded.slice(20, 30), []]);
	});

	it('answers an empty history with an empty page, whatever pastEnd says', async () => {
		sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsServed', pastEnd: 'lastPage' };
		const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 10, page: 2 } });
		expect(json(result).data).toEqual([]);
	});

	it('lists a newly created payout before seeded history', async () => {
		sandbox.seedPayouts(3);
		const created = await createPayout(sandbox);
		const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 2, page: 1 } });
		expect(json(result).data[0].orderId).toBe(created.orderId);
		expect(sandbox.payouts[0].orderId).toBe(created.orderId);
	});

	it('defaults to rows 10, page 1 when the call has no query (signed as the empty string)', async () => {
		sandbox.seedPayouts(12);
		const result = await callApi(sandbox, 'GET', PATHS.history);
		expect(json(result).data).toHaveLength(10);
	});

	it('caps rows at 200', async () => {
		sandbox.seedPayouts(205);
		const result = await callApi(sandbox, 'GET', PATHS.history, { query: { rows: 500, page: 1 } });
		expect(json(result).data).toHaveLength(200);
	});

	it.each([
		{ rows: 0, page: 1 },
		{ rows: 10, page: 'first' },
	])('refuses paging %j with 400', async (query) => {
		const result = await callApi(sandbox, 'GET', PATHS.history, { query });
		expect(result.status).toBe(400);
		expect(json(result).errorCode).toBe(400);
	});

	it('seeds from a template and never calls back for seeded records', async () => {
		const [record] = sandbox.seedPayouts(1, {
			status: 'Failed',
			settledCurrency: 'DAI',
			network: 'ETH',
		});
		expect(record).toMatchObject({
			status: 'Failed',
			isFinal: 1,
			settledCurrency: 'DAI',
			network: 'ETH',
		});
		await sandbox.advanceTime(60000);
		expect(sandbox.callbacks).toEqual([]);
	});
});
