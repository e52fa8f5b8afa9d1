/**
 * Payout → Get finds payouts by TYLT order ID (TYLT's call for one payout) or by the reference Payout → Create
 * used (in history, read at most once per round for all items, through the duplicate guard's history reader),
 * and with Wait Until Final looks again, backing off, until each item is final or its own Max Wait has passed:
 * all items of the execution wait together.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Fault, TyltSandbox } from '../../../sandbox';

import { WAIT_POLICY } from '../../../nodes/Tylt/actions/payout/get.operation';
import { ORDER_ID_CALLS_MAX } from '../../../nodes/Tylt/payout/lookup';
import {
	failureOf,
	payoutCreate,
	requestsTo,
	tronAddress,
	useTyltNode,
	type TyltNodeOnSandbox,
} from '../../support/sandboxKit';
import { useShortRetryBackoff } from '../../support/moneySafetyKit';

function get(parameters: INodeParameters): INodeParameters {
	return { resource: 'payout', operation: 'get', lookupBy: 'orderId', options: {}, ...parameters };
}

async function run(tylt: TyltNodeOnSandbox, parameters: INodeParameters, items?: IDataObject[]) {
	const output = await tylt.run({
		parameters: get(parameters),
		items,
	});
	return output.map((item) => item.json);
}

async function create(tylt: TyltNodeOnSandbox, reference: string): Promise<IDataObject> {
	const [created] = await tylt.run({
		parameters: payoutCreate({
			address: tronAddress(reference),
			reference,
			options: {},
		}),
	});
	return created.json;
}

const HOUR_MS = 3_600_000;

/** Reads of payout history (each starts at page 1), however many pages each took. */
function historyReads(sandbox: TyltSandbox): number {
	return requestsTo(sandbox, 'payoutHistory').filter((request) =>
		/(^|&)page=1$/.test(request.query),
	).length;
}

/** TYLT's record time, `hours` ago. */
function hoursAgo(hours: number): string {
	return new Date(Date.now() - hours * HOUR_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

describe('finding a payout', () => {
	const tylt = useTyltNode({ autoSettle: false });
	const { sandbox } = tylt;
	useShortRetryBackoff();

	it('by TYLT order ID asks TYLT for that payout, and returns it named by its reference', async () => {
		sandbox.seedPayouts(5);
		const created = await create(tylt, 'invoice-7');
		const [found] = await run(tylt, { payoutOrderId: String(created.orderId) });
		expect(found).toEqual({
			...sandbox.payouts.find((payout) => payout.orderId === created.orderId),
			merchantReference: 'invoice-7',
		});
		expect(historyReads(sandbox)).toBe(1); // Create's guard; Get reads none
		expect(requestsTo(sandbox, 'payoutInformation').map((request) => request.signedString)).toEqual(
			[`{"orderId":"${String(created.orderId)}"}`],
		);
	});

	it('by the reference Payout → Create used, newest payout first', async () => {
		const created = await create(tylt, 'invoice-8');
		await sandbox.advanceTime(2000);
		const [found] = await run(tylt, { lookupBy: 'reference', payoutReference: 'invoice-8' });
		expect(found).toMatchObject({
			orderId: created.orderId,
			status: 'Completed',
			merchantReference: 'invoice-8',
			referenceCertain: true,
		});
	});

	it('by the reference Create made up itself (its merchantReference output)', async () => {
		const [created] = await tylt.run({
			parameters: payoutCreate({ address: tronAddress('no-reference') }),
		});
		const [found] = await run(tylt, {
			lookupBy: 'reference',
			payoutReference: String(created.json.merchantReference),
		});
		expect(found.orderId).toBe(created.json.orderId);
	});

	it('for each input item its own payout', async () => {
		const first = await create(tylt, 'row-1');
		const second = await create(tylt, 'row-2');
		const found = await run(tylt, { payoutOrderId: '={{ $json.orderId }}' }, [
			{ orderId: second.orderId },
			{ orderId: first.orderId },
		]);
		expect(found.map((payout) => payout.orderId)).toEqual([second.orderId, first.orderId]);
	});

	it('not found by order ID: a clear error naming what was looked for', async () => {
		sandbox.seedPayouts(3);
		const error = await failureOf(run(tylt, { payoutOrderId: 'PO-nope' }));
		expect(error.message).toBe('TYLT has no payout with order ID "PO-nope"');
		expect(error.description).toMatch(/If Not Found/);
		expect(error.context.itemIndex).toBe(0);
	});

	it('not found by reference: a clear error naming what was looked for and where', async () => {
		const error = await failureOf(
			run(tylt, { lookupBy: 'reference', payoutReference: 'never-sent' }),
		);
		expect(error.message).toBe(
			'No payout with reference "never-sent" in TYLT payout history of the last 168 hours',
		);
		expect(error.description).toMatch(/Look-Back \(Hours\).*If Not Found/);
	});

	it('not found: nothing, with If Not Found → Return Nothing', async () => {
		expect(
			await run(tylt, {
				lookupBy: 'reference',
				payoutReference: 'never-sent',
				options: { ifNotFound: 'returnNothing' },
			}),
		).toEqual([]);
	});

	// TYLT does not show how it answers an unknown orderId: each plausible answer means "not found".
	it.each([
		['HTTP 404 (the sandbox)', undefined],
		[
			'data: null',
			{
				kind: 'status',
				status: 200,
				body: '{"msg":"","data":null}',
				contentType: 'application/json',
			},
		],
		['a non-zero errorCode', { kind: 'errorCode', errorCode: 1, msg: 'Order not found' }],
		[
			'HTTP 400',
			{
				kind: 'status',
				status: 400,
				body: '{"msg":"Invalid orderId","data":null}',
				contentType: 'application/json',
			},
		],
	] as Array<[string, Fault | undefined]>)(
		'not found by order ID when TYLT answers %s',
		async (_answer, fault) => {
			if (fault) sandbox.injectFault('payoutInformation', fault);
			const options = { ifNotFound: 'returnNothing' };
			expect(await run(tylt, { payoutOrderId: 'PO-unknown', options })).toEqual([]);
			expect(requestsTo(sandbox, 'payoutInformation')).toHaveLength(1);
		},
	);

	it.each([
		['a rejected credential (401)', { kind: 'status', status: 401, body: '{"msg":"Invalid key"}' }],
		['a redirect', { kind: 'status', status: 302, headers: { location: 'http://elsewhere' } }],
		[
			'another payout',
			{ kind: 'status', status: 200, body: '{"msg":"","data":{"orderId":"PO-2"}}' },
		],
		['no data at all', { kind: 'status', status: 200, body: '{"msg":""}', times: 4 }],
	] as const)('by order ID, %s is an error, never "not found"', async (_answer, fault) => {
		sandbox.injectFault('payoutInformation', {
			contentType: 'application/json',
			times: 4,
			...fault,
		});
		const error = await failureOf(
			run(tylt, { payoutOrderId: 'PO-1', options: { ifNotFound: 'returnNothing' } }),
		);
		expect(error.message).toMatch(/TYLT/);
		expect(error.context.itemIndex).toBe(0);
	});

	it('by reference only inside the look-back', async () => {
		const [seeded] = sandbox.seedPayouts(1, { createdAt: hoursAgo(48) });
		const reference = String(seeded.merchantOrderId);
		const byReference = { lookupBy: 'reference', payoutReference: reference };
		const options = { lookBackHours: 24, ifNotFound: 'returnNothing' };
		expect(await run(tylt, { ...byReference, options })).toEqual([]);
		expect(await run(tylt, byReference)).toHaveLength(1);
	});

	it('by order ID however old the payout is: TYLT is asked for it directly', async () => {
		const [seeded] = sandbox.seedPayouts(1, { createdAt: hoursAgo(48) });
		const options = { lookBackHours: 24 };
		expect(await run(tylt, { payoutOrderId: seeded.orderId, options })).toEqual([
			expect.objectContaining({ orderId: seeded.orderId }),
		]);
	});

	it('an empty order ID is a field error, and nothing is read', async () => {
		const error = await failureOf(run(tylt, { payoutOrderId: '  ' }));
		expect(error.message).toBe(
			'Invalid Order ID "  " in item 0: the order id of the payout is required',
		);
		expect(sandbox.requests).toEqual([]);
	});

	it('a history answer that is not TYLT’s envelope is an error, never "not found"', async () => {
		sandbox.injectFault('payoutHistory', {
			kind: 'status',
			status: 200,
			body: '{"data":"nothing"}',
			contentType: 'application/json',
			times: 4,
		});
		const error = await failureOf(
			run(tylt, {
				lookupBy: 'reference',
				payoutReference: 'PO-1',
				options: { ifNotFound: 'returnNothing' },
			}),
		);
		expect(error.message).toMatch(/TYLT did not answer usefully/);
	});
});

describe('many items read history once', () => {
	const tylt = useTyltNode({ autoSettle: false });
	const { sandbox } = tylt;
	useShortRetryBackoff();

	it('100 references against 2,000 payouts in history: one read of 11 pages for all of them', async () => {
		const seeded = sandbox.seedPayouts(2000);
		const wanted = seeded.filter((_, index) => index % 20 === 7);
		expect(wanted).toHaveLength(100);

		const found = await run(
			tylt,
			{ lookupBy: 'reference', payoutReference: '={{ $json.reference }}' },
			wanted.map((record) => ({ reference: record.merchantOrderId })),
		);

		expect(found.map((payout) => payout.orderId)).toEqual(wanted.map((record) => record.orderId));
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(11);
		expect(sandbox.requests).toHaveLength(11);
	});

	it('each reference only accepts a payout inside its own look-back, from the one read', async () => {
		const [recent] = sandbox.seedPayouts(1, { createdAt: hoursAgo(2) });
		const [old] = sandbox.seedPayouts(1, { createdAt: hoursAgo(48) });
		const items = [
			{ reference: old.merchantOrderId, lookBack: 24 },
			{ reference: old.merchantOrderId, lookBack: 72 },
			{ reference: recent.merchantOrderId, lookBack: 24 },
		];

		const output = await tylt.run({
			parameters: get({
				lookupBy: 'reference',
				payoutReference: '={{ $json.reference }}',
				options: { lookBackHours: '={{ $json.lookBack }}', ifNotFound: 'returnNothing' },
			}),
			items,
		});

		expect(output.map((item) => [item.json.orderId, item.pairedItem])).toEqual([
			[old.orderId, { item: 1 }],
			[recent.orderId, { item: 2 }],
		]);
		expect(historyReads(sandbox)).toBe(1);
	});

	it(`up to ${ORDER_ID_CALLS_MAX} order IDs: one call each, no history`, async () => {
		const seeded = sandbox.seedPayouts(ORDER_ID_CALLS_MAX);
		const found = await run(
			tylt,
			{ payoutOrderId: '={{ $json.orderId }}' },
			seeded.map(({ orderId }) => ({ orderId })),
		);
		expect(found).toHaveLength(ORDER_ID_CALLS_MAX);
		expect(requestsTo(sandbox, 'payoutInformation')).toHaveLength(ORDER_ID_CALLS_MAX);
		expect(requestsTo(sandbox, 'payoutHistory')).toEqual([]);
	});

	it(`more order IDs: history once, and one call only for each order ID not in it`, async () => {
		const seeded = sandbox.seedPayouts(300);
		const [old] = sandbox.seedPayouts(1, { createdAt: hoursAgo(400) });
		const orderIds = [...seeded.slice(0, 12).map((record) => record.orderId), old.orderId, 'PO-x'];

		const output = await tylt.run({
			parameters: get({
				payoutOrderId: '={{ $json.orderId }}',
				options: { ifNotFound: 'returnNothing' },
			}),
			items: orderIds.map((orderId) => ({ orderId })),
		});

		expect(output.map((item) => item.json.orderId)).toEqual(orderIds.slice(0, 13));
		expect(output.map((item) => item.pairedItem)).toEqual(
			orderIds.slice(0, 13).map((_, item) => ({ item })),
		);
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(2);
		expect(requestsTo(sandbox, 'payoutInformation').map((request) => request.query)).toEqual([
			`orderId=${old.orderId}`,
			'orderId=PO-x',
		]);
	});

	it('a failed history read does not fail order IDs: each is then asked for on its own', async () => {
		const seeded = sandbox.seedPayouts(ORDER_ID_CALLS_MAX + 1);
		sandbox.injectFault('payoutHistory', { kind: 'status', status: 500, times: 4 });

		const found = await run(
			tylt,
			{ payoutOrderId: '={{ $json.orderId }}' },
			seeded.map(({ orderId }) => ({ orderId })),
		);

		expect(found.map((payout) => payout.orderId)).toEqual(seeded.map((record) => record.orderId));
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(4);
		expect(requestsTo(sandbox, 'payoutInformation')).toHaveLength(ORDER_ID_CALLS_MAX + 1);
	});

	it('a failed history read fails every reference, each as its own item', async () => {
		const seeded = sandbox.seedPayouts(2);
		sandbox.injectFault('payoutHistory', { kind: 'status', status: 500, times: 4 });

		const output = await tylt.run({
			parameters: get({ lookupBy: 'reference', payoutReference: '={{ $json.reference }}' }),
			items: seeded.map((record) => ({ reference: record.merchantOrderId })),
			continueOnFail: true,
		});

		expect(output).toEqual([
			{
				json: { error: expect.stringMatching(/TYLT did not answer usefully/) },
				pairedItem: { item: 0 },
			},
			{
				json: { error: expect.stringMatching(/TYLT did not answer usefully/) },
				pairedItem: { item: 1 },
			},
		]);
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(4);
	});

	it('without Continue On Fail, the first failing item in input order fails the run', async () => {
		const [seeded] = sandbox.seedPayouts(1);
		const error = await failureOf(
			run(tylt, { payoutOrderId: '={{ $json.orderId }}' }, [
				{ orderId: seeded.orderId },
				{ orderId: 'PO-missing-1' },
				{ orderId: 'PO-missing-2' },
			]),
		);
		expect(error.message).toBe('TYLT has no payout with order ID "PO-missing-1"');
		expect(error.context.itemIndex).toBe(1);
	});
});

describe('Wait Until Final', () => {
	// This sandbox settles payouts by itself, 300 ms after creation.
	const tylt = useTyltNode({ autoSettle: true, completionDelayMs: 300 });
	const { sandbox } = tylt;
	const configured = { ...WAIT_POLICY };
	beforeAll(() => Object.assign(WAIT_POLICY, { firstDelayMs: 50, maxDelayMs: 200 }));
	afterAll(() => Object.assign(WAIT_POLICY, configured));

	it('looks again, backing off, until the payout is final, and says so', async () => {
		const created = await create(tylt, 'wait-1');
		const [settled] = await run(tylt, {
			payoutOrderId: String(created.orderId),
			waitUntilFinal: true,
		});
		expect(settled).toMatchObject({
			orderId: created.orderId,
			status: 'Completed',
			isFinal: 1,
			finalReached: true,
		});
		// 50, 100, 200 ms...: a handful of calls, not a busy loop.
		const reads = requestsTo(sandbox, 'payoutInformation').length;
		expect(reads).toBeGreaterThanOrEqual(3);
		expect(reads).toBeLessThanOrEqual(6);
	});

	it('returns a payout that is final already after one call', async () => {
		const [seeded] = sandbox.seedPayouts(1, { status: 'Failed', isFinal: 1 });
		const found = await run(tylt, {
			payoutOrderId: seeded.orderId,
			waitUntilFinal: true,
		});
		expect(found).toEqual([
			expect.objectContaining({ status: 'Failed', finalReached: true, waitedSeconds: 0 }),
		]);
		expect(sandbox.requests).toHaveLength(1);
	});

	it('gives up after Max Wait and outputs the payout as it is, not final', async () => {
		const [stuck] = sandbox.seedPayouts(1, { status: 'Pending', isFinal: 0 });
		const startedMs = Date.now();
		const [found] = await run(tylt, {
			payoutOrderId: stuck.orderId,
			waitUntilFinal: true,
			maxWaitSeconds: 1,
		});
		const elapsedMs = Date.now() - startedMs;
		expect(found).toMatchObject({ orderId: stuck.orderId, status: 'Pending', finalReached: false });
		expect(elapsedMs).toBeGreaterThanOrEqual(1000);
		expect(elapsedMs).toBeLessThan(3000);
		// 50, 100, 200, 200, 200, 200, 50 ms: the cap holds and the last wait stops at the deadline.
		expect(requestsTo(sandbox, 'payoutInformation').length).toBeLessThanOrEqual(9);
	});

	it('waits for a payout that is not in history yet, then fails (or returns nothing) at Max Wait', async () => {
		const error = await failureOf(
			run(tylt, {
				lookupBy: 'reference',
				payoutReference: 'later',
				waitUntilFinal: true,
				maxWaitSeconds: 1,
			}),
		);
		expect(error.message).toMatch(/No payout with reference "later"/);
		expect(requestsTo(sandbox, 'payoutHistory').length).toBeGreaterThan(1);
	});

	it('each item stops at its own Max Wait, the others go on waiting', async () => {
		const stuck = sandbox.seedPayouts(2, { status: 'Pending', isFinal: 0 });
		const startedMs = Date.now();
		const output = await run(
			tylt,
			{
				payoutOrderId: '={{ $json.orderId }}',
				waitUntilFinal: true,
				maxWaitSeconds: '={{ $json.maxWait }}',
			},
			[
				{ orderId: stuck[0].orderId, maxWait: 2 },
				{ orderId: stuck[1].orderId, maxWait: 1 },
			],
		);
		const elapsedMs = Date.now() - startedMs;

		expect(output).toEqual([
			expect.objectContaining({ orderId: stuck[0].orderId, finalReached: false, waitedSeconds: 2 }),
			expect.objectContaining({ orderId: stuck[1].orderId, finalReached: false, waitedSeconds: 1 }),
		]);
		expect(elapsedMs).toBeGreaterThanOrEqual(2000);
		expect(elapsedMs).toBeLessThan(2800);
		// The second item's calls stop at 1 s: fewer than the first item's.
		const calls = (orderId: string) =>
			requestsTo(sandbox, 'payoutInformation').filter((request) => request.query.includes(orderId))
				.length;
		expect(calls(stuck[1].orderId)).toBeLessThan(calls(stuck[0].orderId));
	});

	it('all items wait together, one history read per round, each until final or its own Max Wait', async () => {
		const [done] = sandbox.seedPayouts(1, { status: 'Failed', isFinal: 1 });
		const [stuckA, stuckB] = sandbox.seedPayouts(2, { status: 'Pending', isFinal: 0 });
		const settling = await create(tylt, 'wait-together');
		const readsBefore = historyReads(sandbox);
		const items = [
			{ reference: stuckA.merchantOrderId, maxWait: 1 },
			{ reference: done.merchantOrderId, maxWait: 1 },
			{ reference: 'wait-together', maxWait: 2 },
			{ reference: stuckB.merchantOrderId, maxWait: 1 },
		];

		const startedMs = Date.now();
		const output = await run(
			tylt,
			{
				lookupBy: 'reference',
				payoutReference: '={{ $json.reference }}',
				waitUntilFinal: true,
				maxWaitSeconds: '={{ $json.maxWait }}',
			},
			items,
		);
		const elapsedMs = Date.now() - startedMs;

		expect(output).toEqual([
			expect.objectContaining({ orderId: stuckA.orderId, finalReached: false, waitedSeconds: 1 }),
			expect.objectContaining({ orderId: done.orderId, finalReached: true, waitedSeconds: 0 }),
			expect.objectContaining({
				orderId: settling.orderId,
				status: 'Completed',
				finalReached: true,
			}),
			expect.objectContaining({ orderId: stuckB.orderId, finalReached: false, waitedSeconds: 1 }),
		]);
		// Together: the longest Max Wait of the items still waiting, not the sum (1 + 1 s one after another).
		expect(elapsedMs).toBeGreaterThanOrEqual(1000);
		expect(elapsedMs).toBeLessThan(1800);
		// One history read per round for all items: 50, 100, 200, 200, 200, 200, 50 ms is at most 8 rounds.
		const rounds = historyReads(sandbox) - readsBefore;
		expect(rounds).toBeGreaterThanOrEqual(4);
		expect(rounds).toBeLessThanOrEqual(9);
	});
});
