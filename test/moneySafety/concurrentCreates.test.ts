/**
 * Concurrent Payouts: the payouts of one execution go out several at once, and every promise of the guard
 * holds as when they went one by one: one payout per reference, output in input order with pairedItem,
 * Continue On Fail per item, and a create TYLT turns away for its rate sent again, with fewer in flight.
 */
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_CONCURRENT_PAYOUTS } from '../../nodes/Tylt/actions/payout/create.options';
import { RATE_LIMIT_POLICY } from '../../nodes/Tylt/payout/createTraffic';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	expectSpacedStarts,
	onceEach,
	payoutsPerReference,
	useMoneySafetySandbox,
} from '../support/moneySafetyKit';

// The sandbox clock follows real time only with autoSettle: arrival times are then wall-clock times.
const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

const LATENCY_MS = 300;

function rows(references: string[]): IDataObject[] {
	return references.map((row) => ({ row, address: tronAddress(`recipient ${row}`) }));
}

function payoutPerRow(options: IDataObject = {}) {
	return payoutCreate({
		address: '={{ $json.address }}',
		reference: '={{ $json.row }}',
		options: { ...options },
	});
}

/** Arrival times of the creates at TYLT, in the order they arrived. */
const createArrivals = () =>
	requestsTo(suite.sandbox, 'createPayout').map((request) => request.receivedAt);

/**
 * The most creates that arrived within half the latency of each other: with every answer taking the whole
 * latency, those were on their way at the same time. A lower bound on what was in flight at once.
 */
function mostArrivingTogether(arrivals: number[]): number {
	let most = 0;
	for (const start of arrivals) {
		most = Math.max(
			most,
			arrivals.filter((arrival) => arrival >= start && arrival - start < LATENCY_MS / 2).length,
		);
	}
	return most;
}

describe('payouts on their way together', () => {
	beforeEach(() => {
		suite.sandbox.latencyMs = LATENCY_MS;
	});

	it('sends up to the node’s own pace at once (Max Payouts Per Second 0), never more, and outputs every item in input order', async () => {
		const references = Array.from({ length: 12 }, (_, index) => `together-${index}`);

		const output = await suite.run({
			items: rows(references),
			parameters: payoutPerRow(),
		});

		expect(output.map((item) => item.json.merchantReference)).toEqual(references);
		expect(output.map((item) => item.pairedItem)).toEqual(
			references.map((_, index) => ({ item: index })),
		);
		expect(output.every((item) => item.json.alreadySent === false)).toBe(true);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references));
		const together = mostArrivingTogether(createArrivals());
		expect(together).toBeGreaterThanOrEqual(2);
		expect(together).toBeLessThanOrEqual(DEFAULT_CONCURRENT_PAYOUTS);
	});

	it('pays a reference once when rows repeat it: the later rows output the first row’s payout', async () => {
		const references = ['row-a', 'row-b', 'row-a', 'row-c', 'row-a', 'row-b'];

		const output = await suite.run({ items: rows(references), parameters: payoutPerRow() });

		expect(output.map((item) => item.json.alreadySent)).toEqual([
			false,
			false,
			true,
			false,
			true,
			true,
		]);
		expect(output[2].json.orderId).toBe(output[0].json.orderId);
		expect(output[4].json.orderId).toBe(output[0].json.orderId);
		expect(output[5].json.orderId).toBe(output[1].json.orderId);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['row-a', 'row-b', 'row-c']));
	});

	it('with Continue On Fail, a refused payout is an error item in its place and the others are sent', async () => {
		const references = Array.from({ length: 6 }, (_, index) => `cof-${index}`);
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 0, times: 3 });
		suite.sandbox.injectFault('createPayout', {
			kind: 'errorCode',
			errorCode: 4017,
			msg: 'Recipient address is on a sanctions list',
		});

		const output = await suite.run({
			items: rows(references),
			parameters: payoutPerRow(),
			continueOnFail: true,
		});

		expect(output).toHaveLength(6);
		const failed = output.filter((item) => item.json.error !== undefined);
		expect(failed).toHaveLength(1);
		expect(String(failed[0].json.error)).toContain('sanctions list');
		const failedRow = references[(failed[0].pairedItem as { item: number }).item];
		expect(payoutsPerReference(suite.sandbox)).toEqual(
			onceEach(references.filter((row) => row !== failedRow)),
		);
	});

	it('keeps Max Payouts Per Second’s spacing of request starts', async () => {
		const references = ['paced-1', 'paced-2', 'paced-3', 'paced-4'];

		await suite.run({
			items: rows(references),
			// 250 ms apart: wide enough that a loaded machine delaying one request's arrival does not hide the spacing.
			parameters: payoutPerRow({ maxPayoutsPerSecond: 4 }),
		});

		const arrivals = createArrivals();
		expect(arrivals).toHaveLength(4);
		expectSpacedStarts(arrivals, 250);
	});
});

describe('TYLT answers HTTP 429 to a create in a batch', () => {
	const configured = { ...RATE_LIMIT_POLICY };
	beforeAll(() => {
		RATE_LIMIT_POLICY.baseDelayMs = 50;
	});
	afterAll(() => {
		Object.assign(RATE_LIMIT_POLICY, configured);
	});
	beforeEach(() => {
		suite.sandbox.latencyMs = LATENCY_MS;
	});

	it('never sends the 429’d payout again blind, waits as TYLT asks and sends fewer at once from then on: each row paid at most once', async () => {
		const references = Array.from({ length: 16 }, (_, index) => `limited-${index}`);
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 0, times: 4 });
		suite.sandbox.injectFault('createPayout', {
			kind: 'status',
			status: 429,
			headers: { 'Retry-After': '0.5' },
		});

		const output = await suite.run({
			items: rows(references),
			parameters: payoutPerRow({ inDoubtCheckSeconds: 0 }),
			continueOnFail: true,
		});

		const creates = requestsTo(suite.sandbox, 'createPayout');
		const limited = creates.find((request) => request.status === 429);
		const limitedRow = String(JSON.parse(limited?.rawBody ?? '{}').comments).slice(5, -1);
		expect(creates).toHaveLength(16);
		expect(output.filter((item) => item.json.error !== undefined)).toHaveLength(1);
		expect(String(output.find((item) => item.json.error !== undefined)?.json.error)).toContain(
			'outcome of this payout is unknown (HTTP 429)',
		);
		expect(payoutsPerReference(suite.sandbox)).toEqual(
			onceEach(references.filter((row) => row !== limitedRow)),
		);
		// TYLT answered the 429 one latency after it arrived. Creates that started as that answer came in (a
		// busy machine may take a few hundred ms to hand it over) were
		// already on their way; after it, nothing started in the half second TYLT asked for, and from then on at
		// most 2 (5 halved) were on their way at once.
		const answeredAt = (limited?.receivedAt ?? 0) + LATENCY_MS;
		const arrivals = createArrivals();
		expect(
			arrivals.filter((arrival) => arrival > answeredAt + 250 && arrival < answeredAt + 450),
		).toEqual([]);
		expect(
			mostArrivingTogether(arrivals.filter((arrival) => arrival >= answeredAt + 450)),
		).toBeLessThanOrEqual(2);
	});
});

itShowsNoSecret();
