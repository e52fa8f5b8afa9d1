/**
 * Payout → Get finds one payout in TYLT history, by TYLT order ID or by the reference Payout → Create used
 * (through the duplicate guard's history reader), and with Wait Until Final reads it again, backing off, until
 * TYLT marks it final or Max Wait has passed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { WAIT_POLICY } from '../../../nodes/Tylt/actions/payout/get.operation';
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
		parameters: payoutCreate({ address: tronAddress(reference), options: { reference } }),
	});
	return created.json;
}

describe('finding a payout', () => {
	const tylt = useTyltNode({ autoSettle: false });
	const { sandbox } = tylt;
	useShortRetryBackoff();

	it('by TYLT order ID returns the record exactly as history holds it, named by its reference', async () => {
		sandbox.seedPayouts(5);
		const created = await create(tylt, 'invoice-7');
		const [found] = await run(tylt, { payoutOrderId: String(created.orderId) });
		expect(found).toEqual({
			...sandbox.payouts.find((payout) => payout.orderId === created.orderId),
			merchantReference: 'invoice-7',
		});
		// One read for Create's guard, one for Get; each read is the page and the empty page that ends history.
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(4);
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

	it('not found: a clear error naming what was looked for and where', async () => {
		sandbox.seedPayouts(3);
		const error = await failureOf(run(tylt, { payoutOrderId: 'PO-nope' }));
		expect(error.message).toBe(
			'No payout with order ID "PO-nope" in TYLT payout history of the last 168 hours',
		);
		expect(error.description).toMatch(/Look-Back \(Hours\).*If Not Found/);
		expect(error.context.itemIndex).toBe(0);
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

	it('only inside the look-back', async () => {
		const old = new Date(Date.now() - 48 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
		const [seeded] = sandbox.seedPayouts(1, { createdAt: old });
		const options = { lookBackHours: 24, ifNotFound: 'returnNothing' };
		expect(await run(tylt, { payoutOrderId: seeded.orderId, options })).toEqual([]);
		expect(await run(tylt, { payoutOrderId: seeded.orderId })).toHaveLength(1);
	});

	it('an empty order ID is a field error, and nothing is read', async () => {
		const error = await failureOf(run(tylt, { payoutOrderId: '  ' }));
		expect(error.message).toBe(
			'Invalid Order ID "  " in item 0: the order id of the payout is required',
		);
		expect(requestsTo(sandbox, 'payoutHistory')).toEqual([]);
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
			run(tylt, { payoutOrderId: 'PO-1', options: { ifNotFound: 'returnNothing' } }),
		);
		expect(error.message).toMatch(/TYLT did not answer usefully/);
	});
});

describe('Wait Until Final', () => {
	// This sandbox settles payouts by itself, 300 ms after creation.
	const tylt = useTyltNode({ autoSettle: true, completionDelayMs: 300 });
	const { sandbox } = tylt;
	const configured = { ...WAIT_POLICY };
	beforeAll(() => Object.assign(WAIT_POLICY, { firstDelayMs: 50, maxDelayMs: 200 }));
	afterAll(() => Object.assign(WAIT_POLICY, configured));

	it('reads again, backing off, until the payout is final, and says so', async () => {
		const created = await create(tylt, 'wait-1');
		const [settled] = await run(tylt, {
			payoutOrderId: String(created.orderId),
			options: { waitUntilFinal: true },
		});
		expect(settled).toMatchObject({
			orderId: created.orderId,
			status: 'Completed',
			isFinal: 1,
			finalReached: true,
		});
		// 50, 100, 200 ms...: a handful of reads, not a busy loop. Each read of this short history is two
		// requests (the page, then the empty page that ends it); Create's guard made the first read.
		const reads = requestsTo(sandbox, 'payoutHistory').length / 2 - 1;
		expect(reads).toBeGreaterThanOrEqual(3);
		expect(reads).toBeLessThanOrEqual(6);
	});

	it('returns a payout that is final already after one read', async () => {
		const [seeded] = sandbox.seedPayouts(1, { status: 'Failed', isFinal: 1 });
		const found = await run(tylt, {
			payoutOrderId: seeded.orderId,
			options: { waitUntilFinal: true },
		});
		expect(found).toEqual([
			expect.objectContaining({ status: 'Failed', finalReached: true, waitedSeconds: 0 }),
		]);
		// One read: the page, then the empty page that ends history.
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(2);
	});

	it('gives up after Max Wait and outputs the payout as it is, not final', async () => {
		const [stuck] = sandbox.seedPayouts(1, { status: 'Pending', isFinal: 0 });
		const startedMs = Date.now();
		const [found] = await run(tylt, {
			payoutOrderId: stuck.orderId,
			options: { waitUntilFinal: true, maxWaitSeconds: 1 },
		});
		const elapsedMs = Date.now() - startedMs;
		expect(found).toMatchObject({ orderId: stuck.orderId, status: 'Pending', finalReached: false });
		expect(elapsedMs).toBeGreaterThanOrEqual(1000);
		expect(elapsedMs).toBeLessThan(3000);
		// 50, 100, 200, 200, 200, 200, 50 ms: the cap holds and the last wait stops at the deadline (each read
		// is two requests: the page, then the empty page that ends history).
		expect(requestsTo(sandbox, 'payoutHistory').length).toBeLessThanOrEqual(18);
	});

	it('waits for a payout that is not in history yet, then fails (or returns nothing) at Max Wait', async () => {
		const error = await failureOf(
			run(tylt, {
				payoutOrderId: 'PO-later',
				options: { waitUntilFinal: true, maxWaitSeconds: 1 },
			}),
		);
		expect(error.message).toMatch(/No payout with order ID "PO-later"/);
		expect(requestsTo(sandbox, 'payoutHistory').length).toBeGreaterThan(1);
	});
});
