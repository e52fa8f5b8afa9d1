/**
 * Version 1 of the TYLT node and of the TYLT Trigger, unchanged: what every workflow saved before version 2 holds
 * keeps its names, places and meanings. Every other test runs version 2, the version users get; this file runs
 * what version 1 reads or does differently:
 * - Payout → Create: Reference under Options, Base Currency under Additional Fields, Concurrent Payouts and
 *   Pause Between Payouts set apart (version 2 has one pace, Max Payouts Per Second), and an output without
 *   `outcome` or `skippedBecause`. A workflow upgraded to version 2 finds what version 1 paid.
 * - Payout → Get: Wait Until Final and Max Wait under Options.
 * - TYLT Trigger: the Additional Secret under Options.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { WAIT_POLICY } from '../nodes/Tylt/actions/payout/get.operation';
import { IN_DOUBT_CHECK_POLICY } from '../nodes/Tylt/payout/guard';
import { inDoubtSince } from '../nodes/Tylt/payout/processMemory';
import { RATE_LIMIT_POLICY } from '../nodes/Tylt/payout/createTraffic';
import { tyltAccountKey } from '../nodes/Tylt/transport/credentials';
import { createExecuteContext } from '../tools/harness/n8nContext';
import { callbackBody, payInRecord, payoutRecord } from './support/callbackSamples';
import {
	createsReceivedWhenRead,
	onceEach,
	payoutsPerReference,
	useMoneySafetySandbox,
} from './support/moneySafetyKit';
import {
	credentialsFor,
	payoutCreate as newNodePayout,
	requestsTo,
	tronAddress,
	useTyltNode,
	withPlainSymbols,
	type NodeRun,
} from './support/sandboxKit';
import {
	API_SECRET,
	PAY_IN_SECRET,
	signedHeaders,
	startTriggerServer,
} from './support/triggerServer';

const VERSION_1 = 1;

/** Payout → Create as version 1 saves it: Settled Currency and Network as plain symbols. */
const payoutCreate = (overrides: Record<string, unknown> = {}) =>
	withPlainSymbols(newNodePayout(overrides));

describe('TYLT node version 1: Payout → Create', () => {
	const tylt = useTyltNode();
	const { sandbox } = tylt;
	const runV1 = async (run: NodeRun) =>
		(await tylt.run({ ...run, typeVersion: VERSION_1 })).map((item) => item.json);
	const createBodies = () =>
		requestsTo(sandbox, 'createPayout').map((request) => JSON.parse(request.rawBody));

	it('Reference under Options names the payout; the output leads with the decision and adds no field of its own', async () => {
		const [sent] = await runV1({
			parameters: payoutCreate({ options: { reference: 'v1-order' } }),
		});
		expect(createBodies()[0].comments).toBe('[ref:v1-order]');
		expect(sent.merchantReference).toBe('v1-order');
		expect(Object.keys(sent).slice(0, 3)).toEqual(['alreadySent', 'merchantReference', 'status']);
		expect(sent).not.toHaveProperty('outcome');
		expect(sent).not.toHaveProperty('skippedBecause');

		const [repeat] = await runV1({
			parameters: payoutCreate({ options: { reference: 'v1-order' } }),
		});
		expect(repeat).toMatchObject({ alreadySent: true, orderId: sent.orderId });
		expect(repeat).not.toHaveProperty('skippedBecause');
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});

	it('sends a fiat payout with the Base Currency under Additional Fields, in capitals', async () => {
		await runV1({
			parameters: payoutCreate({ baseAmount: 100, additionalFields: { baseCurrency: 'eur' } }),
		});

		expect(createBodies()).toEqual([
			expect.objectContaining({ baseAmount: 100, baseCurrency: 'EUR' }),
		]);
	});

	it('leaves an empty Base Currency and other empty Additional Fields out of the body', async () => {
		const address = tronAddress('v1 empty fields');
		await runV1({
			parameters: payoutCreate({
				address,
				additionalFields: { customerName: '', comments: '   ', callBackUrl: '', baseCurrency: '' },
				options: { reference: 'row-7' },
			}),
		});

		expect(requestsTo(sandbox, 'createPayout')[0].rawBody).toBe(
			JSON.stringify({
				baseAmount: 25,
				address,
				settledCurrency: 'USDT',
				networkSymbol: 'TRX',
				comments: '[ref:row-7]',
			}),
		);
	});

	describe('a negative Pause Between Payouts', () => {
		const parameters = payoutCreate({
			address: '={{ $json.address }}',
			options: { reference: '={{ $json.row }}', pauseBetweenPayoutsMs: '={{ $json.pause }}' },
		});
		const item = (row: string, pause: number) => ({ row, pause, address: tronAddress(row) });

		it('is refused naming the field, the value and the item', async () => {
			const error = await tylt.fail({
				typeVersion: VERSION_1,
				items: [item('v1-pause-good', 0), item('v1-pause-bad', -1)],
				parameters,
			});

			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.context.itemIndex).toBe(1);
			expect(error.message).toContain('Pause Between Payouts (Ms)');
			expect(error.message).toContain('-1');
			expect(error.message).toContain('item 1');
		});

		it('fails on its own before even the currency list is read', async () => {
			const error = await tylt.fail({
				typeVersion: VERSION_1,
				items: [item('v1-pause-bad', -1)],
				parameters,
			});

			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toContain('Pause Between Payouts (Ms)');
			expect(error.message).toContain('item 0');
			expect(sandbox.requests).toHaveLength(0);
		});
	});

	it('Check Balance First over crypto and fiat rows in one node: the fiat row cannot be priced, nothing is sent', async () => {
		const items = [
			{ id: 'crypto', wallet: tronAddress('c'), amount: 25, base: '' },
			{ id: 'fiat', wallet: tronAddress('f'), amount: 100, base: 'EUR' },
		];

		const error = await tylt.fail({
			typeVersion: VERSION_1,
			items,
			parameters: payoutCreate({
				address: '={{ $json.wallet }}',
				baseAmount: '={{ $json.amount }}',
				additionalFields: { baseCurrency: '={{ $json.base }}' },
				options: { reference: '={{ $json.id }}', checkBalanceFirst: true },
			}),
		});

		expect(error.message).toBe(
			'Check Balance First stopped the batch before anything was sent: 1 payout cannot be priced before TYLT converts them, so the balance cannot be checked: item 1 (sized in EUR, which TYLT converts to USDT only when it creates the payout)',
		);
		expect(error.description).toContain('Size these payouts in the settled crypto currency');
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});

	describe('a workflow upgraded to version 2 or 3 finds what version 1 paid', () => {
		const v2 = (reference: string): INodeParameters =>
			payoutCreate({ amountIn: 'settledCurrency', reference, options: {} });
		const v3 = (reference: string): INodeParameters =>
			newNodePayout({ amountIn: 'settledCurrency', reference, options: {} });

		async function outcomes(...runs: Array<{ parameters: INodeParameters; typeVersion: number }>) {
			const results = [];
			for (const run of runs) results.push((await tylt.run(run))[0].json.alreadySent);
			return results;
		}

		it('sent by a version-1 node (Options → Reference), repeated by a version-2 and a version-3 node', async () => {
			expect(
				await outcomes(
					{ parameters: payoutCreate({ options: { reference: 'INV-v1' } }), typeVersion: 1 },
					{ parameters: v2('INV-v1'), typeVersion: 2 },
					{ parameters: v3('INV-v1'), typeVersion: 3 },
				),
			).toEqual([false, true, true]);
			expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
		});

		it('left empty in version 2 or 3 after a version-1 run without a reference: the derived one matches', async () => {
			expect(
				await outcomes(
					{ parameters: payoutCreate({ options: {} }), typeVersion: 1 },
					{ parameters: v2(''), typeVersion: 2 },
					{ parameters: v2('   '), typeVersion: 2 },
					{ parameters: v3(''), typeVersion: 3 },
				),
			).toEqual([false, true, true, true]);
			expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
		});
	});
});

describe('TYLT node version 1: a batch with a bad item, without Continue On Fail', () => {
	const tylt = useTyltNode();
	const { sandbox } = tylt;

	it('pays the items before the first bad one, as when items ran one at a time, and names that item', async () => {
		// Item 1 has a mistyped TRON address, item 3 is under the network's minimum withdrawal.
		const rows = [
			{ row: 'v1-batch-0', address: tronAddress('v1 batch 0'), amount: 25 },
			{ row: 'v1-batch-1', address: `${tronAddress('v1 batch 1').slice(0, -1)}x`, amount: 25 },
			{ row: 'v1-batch-2', address: tronAddress('v1 batch 2'), amount: 25 },
			{ row: 'v1-batch-3', address: tronAddress('v1 batch 3'), amount: 0.5 },
		];
		const error = await tylt.fail({
			items: rows,
			parameters: payoutCreate({
				address: '={{ $json.address }}',
				baseAmount: '={{ $json.amount }}',
				options: { reference: '={{ $json.row }}' },
			}),
			typeVersion: VERSION_1,
		});

		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
		expect(error.context.itemIndex).toBe(1);
		expect(error.description).toContain('Paid in this execution all the same: item 0.');
	});
});

describe('TYLT node version 1: Concurrent Payouts and Pause Between Payouts set apart', () => {
	// The sandbox clock follows real time only with autoSettle: arrival times are then wall-clock times.
	const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });
	const runV1 = async (run: NodeRun) => await suite.run({ ...run, typeVersion: VERSION_1 });
	const failV1 = async (run: NodeRun) => await suite.fail({ ...run, typeVersion: VERSION_1 });

	const REFUSAL = {
		kind: 'errorCode',
		errorCode: 4017,
		msg: 'Payouts are paused for this merchant',
	};

	function rows(prefix: string, count = 5): IDataObject[] {
		return Array.from({ length: count }, (_, index) => ({
			row: `${prefix}-${index}`,
			address: tronAddress(`${prefix} recipient ${index}`),
		}));
	}

	const references = (items: IDataObject[]) => items.map((item) => String(item.row));

	/** Concurrent Payouts 5 (the default) and a pause: all five rows are taken at once and wait their turn. */
	function pacedBatch(options: IDataObject = {}) {
		return payoutCreate({
			address: '={{ $json.address }}',
			options: {
				reference: '={{ $json.row }}',
				concurrentPayouts: 5,
				// Long enough that TYLT's answer to row 0 is back before row 1 is due, even on a busy machine.
				pauseBetweenPayoutsMs: 1000,
				...options,
			},
		});
	}

	async function accountOf(parameters: ReturnType<typeof payoutCreate>) {
		return await tyltAccountKey.call(
			createExecuteContext({
				parameters,
				credentials: credentialsFor(suite.sandbox),
				typeVersion: VERSION_1,
			}),
		);
	}

	describe('payouts on their way together', () => {
		const LATENCY_MS = 300;
		beforeEach(() => {
			suite.sandbox.latencyMs = LATENCY_MS;
		});

		/** The most creates that arrived within half the latency of each other: on their way at the same time. */
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

		it('sends up to Concurrent Payouts at once, never more, and outputs every item in input order', async () => {
			const items = rows('together', 12);

			const output = await runV1({
				items,
				parameters: payoutCreate({
					address: '={{ $json.address }}',
					options: { reference: '={{ $json.row }}', concurrentPayouts: 4 },
				}),
			});

			expect(output.map((item) => item.json.merchantReference)).toEqual(references(items));
			expect(output.map((item) => item.pairedItem)).toEqual(
				items.map((_, index) => ({ item: index })),
			);
			expect(output.every((item) => item.json.alreadySent === false)).toBe(true);
			expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
			const together = mostArrivingTogether(
				requestsTo(suite.sandbox, 'createPayout').map((request) => request.receivedAt),
			);
			expect(together).toBeGreaterThanOrEqual(2);
			expect(together).toBeLessThanOrEqual(4);
		});
	});

	describe('a batch with a pause whose first row TYLT refuses', () => {
		it('sends exactly one create: the rows waiting for their start stop, and none of them is in doubt', async () => {
			const items = rows('refused-first');
			const parameters = pacedBatch();
			suite.sandbox.injectFault('createPayout', { ...REFUSAL } as never);

			const error = await failV1({ items, parameters });

			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toContain('Payouts are paused for this merchant');
			expect(error.description).toContain('TYLT refused the payout, so nothing was sent');
			expect(error.description).not.toContain('Paid in this execution');
			expect(error.context.itemIndex).toBe(0);
			expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
			expect(suite.sandbox.payouts).toHaveLength(0);
			const account = await accountOf(parameters);
			for (const reference of references(items)) {
				expect(inDoubtSince(account, reference)).toBeUndefined();
			}

			// Nothing is held: the next run sends all five at once, each once.
			const output = await runV1({ items, parameters: pacedBatch({ pauseBetweenPayoutsMs: 0 }) });
			expect(output.map((item) => item.json.alreadySent)).toEqual(items.map(() => false));
			expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
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

		const RATE_LIMITED = {
			kind: 'status',
			status: 429,
			headers: { 'Retry-After': '0.2' },
		} as const;

		it('sends exactly one create when the 429 is the batch’s error: no row waiting out Retry-After starts', async () => {
			const items = rows('limited-first');
			suite.sandbox.injectFault('createPayout', RATE_LIMITED);

			const error = await failV1({
				items,
				parameters: pacedBatch({ inDoubtCheckSeconds: 0 }),
			});

			expect(error.message).toContain('outcome of this payout is unknown (HTTP 429)');
			expect(error.context.itemIndex).toBe(0);
			expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
		});

		it('starts nothing while the In-Doubt Check decides the 429’d row, then stops when history does not show it', async () => {
			const items = rows('limited-checked');
			const parameters = pacedBatch({ inDoubtCheckSeconds: 1 });
			suite.sandbox.injectFault('createPayout', RATE_LIMITED);

			const error = await failV1({ items, parameters });

			expect(error.message).toContain('outcome of this payout is unknown (HTTP 429)');
			expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
			// Several history reads looked for row 0 while the others waited, and only row 0 is held in doubt.
			expect(requestsTo(suite.sandbox, 'payoutHistory').length).toBeGreaterThan(2);
			const account = await accountOf(parameters);
			expect(inDoubtSince(account, 'limited-checked-0')).toBeDefined();
			for (const reference of references(items).slice(1)) {
				expect(inDoubtSince(account, reference)).toBeUndefined();
			}
		});
	});

	describe('crypto and fiat rows in one node under Max Amount per 24 Hours', () => {
		it('one execution: USDT 1000 then EUR 900 under "USDT 1000, EUR 900" pays USDT 1000 only', async () => {
			const output = await runV1({
				credentials: {
					...credentialsFor(suite.sandbox),
					maxAmountPer24Hours: 'USDT 1000, EUR 900',
				},
				items: [
					{ amount: 1000, baseCurrency: '', row: 'fiat-row-1' },
					{ amount: 900, baseCurrency: 'EUR', row: 'fiat-row-2' },
				],
				parameters: payoutCreate({
					baseAmount: '={{ $json.amount }}',
					address: tronAddress('fiat-past-settled'),
					additionalFields: { baseCurrency: '={{ $json.baseCurrency }}' },
					options: { reference: '={{ $json.row }}' },
				}),
				continueOnFail: true,
			});
			const usdtPaid = suite.sandbox.payouts
				.filter((payout) => payout.settledCurrency === 'USDT')
				.reduce((sum, payout) => sum + payout.settledAmountRequested, 0);

			// Were both paid: 1972 USDT in all under a limit of 1000 USDT.
			expect(output[0].json.alreadySent).toBe(false);
			expect(String(output[1].json.error)).toMatch(/Max Amount per 24 Hours/);
			expect(usdtPaid).toBeLessThanOrEqual(1000);
		});
	});

	describe('a row waiting for a free slot', () => {
		it('does not start in the slot the refused create hands on', async () => {
			const items = rows('slot', 3);
			// Two on their way (row 1 for a while), row 2 waits for a slot; row 0 is refused and frees one.
			suite.sandbox.injectFault('createPayout', { ...REFUSAL } as never);
			suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 500 });

			const error = await failV1({
				items,
				parameters: pacedBatch({ concurrentPayouts: 2, pauseBetweenPayoutsMs: 0 }),
			});

			expect(error.message).toContain('Payouts are paused for this merchant');
			expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(2);
			expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['slot-1']));
		});
	});

	describe('rows read as slots free up (no step over the whole batch)', () => {
		const ROWS = 12;
		const SLOTS = 4;

		/** The run's error or output, with the creates TYLT had received when the last row's Address was read. */
		async function watchingTheLastRow(run: () => Promise<unknown>) {
			const watch = createsReceivedWhenRead(suite.sandbox, 'address', ROWS - 1);
			try {
				return { outcome: await run(), createsBeforeLastRow: watch.count };
			} finally {
				watch.restore();
			}
		}

		it('sends the first payouts before the last row is read, and pays every row once', async () => {
			const items = rows('slots', ROWS);

			const { createsBeforeLastRow } = await watchingTheLastRow(() =>
				runV1({
					items,
					parameters: pacedBatch({ concurrentPayouts: SLOTS, pauseBetweenPayoutsMs: 0 }),
				}),
			);

			expect(createsBeforeLastRow).toBeGreaterThanOrEqual(ROWS - SLOTS);
			expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
		});

		it('pays every row before a bad one and none after it, as when every row is checked first', async () => {
			const items = rows('slots-bad-row', ROWS);
			items[7] = { ...items[7], address: `${String(items[7].address).slice(0, -1)}x` };

			const error = await failV1({
				items,
				parameters: pacedBatch({ concurrentPayouts: SLOTS, pauseBetweenPayoutsMs: 0 }),
			});

			expect(error.context.itemIndex).toBe(7);
			expect(error.description).toContain(
				'Paid in this execution all the same: items 0, 1, 2, 3, 4, 5, 6.',
			);
			expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items).slice(0, 7)));
		});

		it('reads every row before the first create when Concurrent Payouts is an expression', async () => {
			const items = rows('slots-expression', ROWS);

			const { createsBeforeLastRow } = await watchingTheLastRow(() =>
				runV1({
					items,
					parameters: pacedBatch({ concurrentPayouts: '={{ 4 }}', pauseBetweenPayoutsMs: 0 }),
				}),
			);

			expect(createsBeforeLastRow).toBe(0);
			expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
		});
	});

	itShowsNoSecret();
});

describe('TYLT node version 1: Payout → Get Many', () => {
	const tylt = useTyltNode();

	describe.each([
		{ maxRows: 100, offsetBy: 'rowsServed' as const },
		{ maxRows: 100, offsetBy: 'rowsAsked' as const },
	])('Page Size under Options above TYLT’s cap of $maxRows rows, offset by $offsetBy', (paging) => {
		it('Return All returns every record once', async () => {
			tylt.sandbox.historyPaging = paging;
			tylt.sandbox.seedPayouts(250);

			const output = await tylt.run({
				typeVersion: VERSION_1,
				parameters: {
					resource: 'payout',
					operation: 'getMany',
					returnAll: true,
					options: { pageSize: 200 },
				},
			});

			const orderIds = output.map((item) => item.json.orderId);
			expect(new Set(orderIds).size).toBe(250);
			expect(orderIds).toEqual(tylt.sandbox.payouts.map((record) => record.orderId));
		});
	});
});

describe('TYLT node version 1: Payout → Get', () => {
	// This sandbox settles payouts by itself, 300 ms after creation.
	const tylt = useTyltNode({ autoSettle: true, completionDelayMs: 300 });
	const { sandbox } = tylt;
	const configured = { ...WAIT_POLICY };
	beforeAll(() => Object.assign(WAIT_POLICY, { firstDelayMs: 50, maxDelayMs: 200 }));
	afterAll(() => Object.assign(WAIT_POLICY, configured));

	it('Wait Until Final and Max Wait under Options: gives up after Max Wait and outputs the payout as it is', async () => {
		const [stuck] = sandbox.seedPayouts(1, { status: 'Pending', isFinal: 0 });
		const startedMs = Date.now();
		const [found] = await tylt.run({
			typeVersion: VERSION_1,
			parameters: {
				resource: 'payout',
				operation: 'get',
				lookupBy: 'orderId',
				payoutOrderId: stuck.orderId,
				options: { waitUntilFinal: true, maxWaitSeconds: 1 },
			},
		});
		const elapsedMs = Date.now() - startedMs;

		expect(found.json).toMatchObject({
			orderId: stuck.orderId,
			status: 'Pending',
			finalReached: false,
		});
		expect(elapsedMs).toBeGreaterThanOrEqual(1000);
		expect(elapsedMs).toBeLessThan(3000);
	});
});

describe('TYLT Trigger version 1', () => {
	it('accepts callbacks signed with the Additional Secret under Options as well as the API secret', async () => {
		const server = await startTriggerServer({
			typeVersion: VERSION_1,
			parameters: { events: ['payout', 'payIn'], options: { additionalSecret: PAY_IN_SECRET } },
		});
		try {
			const ok = { status: 200, contentType: 'text/plain; charset=utf-8', text: 'ok' };
			const payIn = callbackBody('pay-in', payInRecord());
			const payout = callbackBody('pay-out', payoutRecord());
			expect(await server.post(payIn, signedHeaders(payIn, PAY_IN_SECRET))).toEqual(ok);
			expect(await server.post(payout, signedHeaders(payout, API_SECRET))).toEqual(ok);
			expect(server.runs.map((run) => run[0].json.event)).toEqual(['payIn', 'payout']);
		} finally {
			await server.close();
		}
	});
});
