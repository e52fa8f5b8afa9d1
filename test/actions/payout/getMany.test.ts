/**
 * Payout → Get Many pages through TYLT's history newest first, asking for no page it does not need, and
 * signs each page's query as the spec's `{"rows":N,"page":P}` with numbers.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { HISTORY_PAGE_SIZE_DEFAULT } from '../../../nodes/Tylt/transport/calls';
import { expectedSignature, failureOf, requestsTo, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

function getMany(parameters: INodeParameters): INodeParameters {
	return {
		resource: 'payout',
		operation: 'getMany',
		returnAll: false,
		limit: 50,
		options: {},
		...parameters,
	};
}

/** The `rows` and `page` of every history request, in the order they were sent. */
function pagesRequested(): Array<{ rows: number; page: number }> {
	return requestsTo(sandbox, 'payoutHistory').map((request) => {
		const query = new URLSearchParams(request.query);
		return { rows: Number(query.get('rows')), page: Number(query.get('page')) };
	});
}

async function run(parameters: INodeParameters) {
	return await tylt.run({ parameters: getMany(parameters) });
}

function orderIds(records: Array<{ json: { orderId?: unknown } }>): unknown[] {
	return records.map((record) => record.json.orderId);
}

it('returns no items after one request when the history is empty', async () => {
	const output = await run({ returnAll: true });

	expect(output).toEqual([]);
	expect(pagesRequested()).toEqual([{ rows: HISTORY_PAGE_SIZE_DEFAULT, page: 1 }]);
});

it('asks for only as many rows as a limit smaller than a page needs', async () => {
	sandbox.seedPayouts(30);

	const output = await run({ limit: 5 });

	expect(pagesRequested()).toEqual([{ rows: 5, page: 1 }]);
	expect(orderIds(output)).toEqual(sandbox.payouts.slice(0, 5).map((record) => record.orderId));
});

it('pages with the documented default page size when none is set', async () => {
	sandbox.seedPayouts(HISTORY_PAGE_SIZE_DEFAULT + 1);

	const output = await run({ returnAll: true });

	// A short page may be cut (TYLT's bytes or load), so the end is proven by an empty page asked exactly
	// where the short page stopped: record 102, as page 102 of 1.
	expect(pagesRequested()).toEqual([
		{ rows: HISTORY_PAGE_SIZE_DEFAULT, page: 1 },
		{ rows: HISTORY_PAGE_SIZE_DEFAULT, page: 2 },
		{ rows: 1, page: HISTORY_PAGE_SIZE_DEFAULT + 2 },
	]);
	expect(output).toHaveLength(HISTORY_PAGE_SIZE_DEFAULT + 1);
});

it('with Return All of 237 payouts at 100 a page, asks ceil(237 / 100) = 3 pages and proves the end', async () => {
	sandbox.seedPayouts(237);

	const output = await run({ returnAll: true });

	// The empty page that proves the end starts at record 238: 237 = 3 × 79, so page 80 of 3.
	expect(pagesRequested()).toEqual([
		{ rows: 100, page: 1 },
		{ rows: 100, page: 2 },
		{ rows: 100, page: 3 },
		{ rows: 3, page: 80 },
	]);
	expect(output).toHaveLength(237);
});

it('with Return All over an exact multiple of the page size, stops at the first empty page', async () => {
	sandbox.seedPayouts(200);

	const output = await run({ returnAll: true });

	expect(pagesRequested()).toEqual([
		{ rows: 100, page: 1 },
		{ rows: 100, page: 2 },
		{ rows: 100, page: 3 },
	]);
	expect(output).toHaveLength(200);
});

it('with Return All across many pages, returns every record newest first, in TYLT’s order', async () => {
	sandbox.seedPayouts(1050);

	const output = await run({ returnAll: true });

	// Ten full pages, a short one, and the empty page at record 1051 that proves it was the end.
	expect(pagesRequested()).toEqual([
		...Array.from({ length: 11 }, (_, index) => ({ rows: 100, page: index + 1 })),
		{ rows: 50, page: 22 },
	]);
	expect(output).toHaveLength(1050);
	expect(orderIds(output)).toEqual(sandbox.payouts.map((record) => record.orderId));
	expect(new Set(orderIds(output)).size).toBe(1050);
	expect(
		output.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0),
	).toBe(true);
});

it('stops paging as soon as a limit is reached, and returns exactly the limit', async () => {
	sandbox.seedPayouts(1050);

	const output = await run({ limit: 250 });

	expect(pagesRequested()).toEqual([
		{ rows: 100, page: 1 },
		{ rows: 100, page: 2 },
		{ rows: 100, page: 3 },
	]);
	expect(orderIds(output)).toEqual(sandbox.payouts.slice(0, 250).map((record) => record.orderId));
});

it('asks for no further page when a limit equals the page size', async () => {
	sandbox.seedPayouts(300);

	const output = await run({ limit: 100 });

	expect(pagesRequested()).toEqual([{ rows: 100, page: 1 }]);
	expect(output).toHaveLength(100);
});

it('returns what there is when the history ends before the limit', async () => {
	sandbox.seedPayouts(130);

	const output = await run({ limit: 500 });

	expect(pagesRequested()).toEqual([
		{ rows: 100, page: 1 },
		{ rows: 100, page: 2 },
		{ rows: 26, page: 6 },
	]);
	expect(output).toHaveLength(130);
});

it('sends rows before page and signs them as JSON numbers', async () => {
	sandbox.seedPayouts(130);

	await run({ returnAll: true });

	const history = requestsTo(sandbox, 'payoutHistory');
	expect(history.map((request) => request.query)).toEqual([
		'rows=100&page=1',
		'rows=100&page=2',
		'rows=26&page=6',
	]);
	history.slice(0, 2).forEach((request, index) => {
		const signedString = `{"rows":100,"page":${index + 1}}`;
		expect(request.status).toBe(200);
		expect(request.signedString).toBe(signedString);
		expect(request.headers['x-tlp-signature']).toBe(
			expectedSignature(sandbox.apiSecret, signedString),
		);
	});
});

describe('an unusable limit', () => {
	it.each<[string, unknown, string]>([
		['0', 0, '0'],
		['2.5 from an expression', '={{ 2.5 }}', '2.5'],
		['-3 from an expression', '={{ -3 }}', '-3'],
	])('%s is refused naming Limit, before any request', async (_case, limit, shown) => {
		const error = await failureOf(run({ limit: limit as number }));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('Limit');
		expect(error.message).toContain(shown);
		expect(error.message).toContain('item 0');
		expect(error.context.itemIndex).toBe(0);
		expect(sandbox.requests).toHaveLength(0);
	});
});
