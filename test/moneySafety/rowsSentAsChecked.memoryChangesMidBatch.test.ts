/**
 * The guard's verdict over a batch sent row by row is the one it gives when every row is checked before the first
 * create: on a copy of TYLT history's index, this process's sends and its references in doubt, and the hold's clock,
 * frozen before the batch's first create. Each case runs the same batch twice on a fresh sandbox and process memory, once with
 * Duplicate Guard written as an expression (`={{ true }}`: every row is checked first), once as a user saves it,
 * and expects the same rows paid and the same verdict per item.
 */
import {
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
	sleep,
} from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/shared/memoryBetweenExecutions';
import { tyltAccountHash } from '../../nodes/shared/tyltAccount';
import * as processMemory from '../../nodes/Tylt/payout/processMemory';
import type { PayoutRecord } from '../../nodes/Tylt/transport/records';
import { bothWaysOf, checkedFirst, payoutRows, v1Batch, verdictOf } from '../support/bothWaysKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';
import { credentialsFor, failureOf, payoutCreate, withPlainSymbols } from '../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });
const bothWays = bothWaysOf(suite);

afterEach(() => jest.restoreAllMocks());

describe('history read again, after rows were paid, for a later row with a longer Look-Back Hours', () => {
	it('a payout of the batch that may be that row’s refuses it as the plan does when checked whole first', async () => {
		// Row 0's comments end with the tag of row 7's reference, as 0.1.0 wrote tags: once row 0 is paid, history
		// read again holds a payout that may be row 7's; checked whole first, the plan holds the same doubt.
		const items: IDataObject[] = payoutRows('reread', 8).map((item) => ({
			...item,
			note: 'n/a',
			lookBack: 24,
		}));
		items[0] = { ...items[0], note: 'for [ref:reread-tail]' };
		items[7] = { ...items[7], row: 'reread-tail', lookBack: 48 };

		const { wholeFirst, rowByRow } = await bothWays({
			items,
			continueOnFail: true,
			parameters: payoutCreate({
				address: '={{ $json.address }}',
				reference: '={{ $json.row }}',
				additionalFields: { comments: '={{ $json.note }}' },
				options: { lookBackHours: '={{ $json.lookBack }}' },
			}),
		});

		expect(wholeFirst.verdicts).toEqual([...Array(7).fill('paid'), 'refused']);
		expect(rowByRow).toEqual(wholeFirst);
	});
});

describe('a reference held in doubt when the batch begins, settled by another execution while it runs', () => {
	const credentials = () => credentialsFor(suite.sandbox);

	/** An earlier execution's create of `reference` got no answer; another execution settles it after row 0 is paid. */
	function settledMidBatch(reference: string, address: string) {
		return () => {
			const account = tyltAccountHash(credentials());
			processMemory.markInDoubt(account, reference, Date.now() - 1000);
			const rememberSent = processMemory.rememberSent;
			let settled = false;
			jest.spyOn(processMemory, 'rememberSent').mockImplementation((...args) => {
				rememberSent(...args);
				if (settled) return;
				settled = true;
				rememberSent(account, reference, {
					orderId: 'PO-settled-elsewhere',
					merchantOrderId: '',
					comments: `[ref:${reference}]`,
					toAddress: address,
					network: 'TRX',
					settledCurrency: 'USDT',
					settledAmountRequested: 25,
					status: 'Pending',
					createdAt: new Date().toISOString().slice(0, 19) + 'Z',
				} as Partial<PayoutRecord> as PayoutRecord);
			});
		};
	}

	// The other execution's rememberSent deletes the in-doubt mark after the verdict was frozen: the frozen copy still
	// holds it, so row 2 is refused at its check and rows 3–5 are never started, as checked whole first.
	it('version 1 without Continue On Fail stops at that row and pays none after it, as checked whole first', async () => {
		const items = payoutRows('settled', 6);

		const { wholeFirst, rowByRow } = await bothWays(
			{
				typeVersion: 1,
				items,
				parameters: withPlainSymbols(
					payoutCreate({
						address: '={{ $json.address }}',
						options: { reference: '={{ $json.row }}', concurrentPayouts: 1 },
					}),
				),
			},
			settledMidBatch('settled-2', String(items[2].address)),
		);

		expect(wholeFirst.failedItem).toBe(2);
		expect(Object.keys(wholeFirst.paid).sort()).toEqual(['settled-0', 'settled-1']);
		expect(rowByRow).toEqual(wholeFirst);
	});

	// The same deleted mark: row 2 is refused as in doubt, as checked whole first, not output as already sent.
	it('version 3 with Continue On Fail answers that row as checked whole first', async () => {
		const items = payoutRows('settled-cof', 4);

		const { wholeFirst, rowByRow } = await bothWays(
			{
				items,
				continueOnFail: true,
				parameters: payoutCreate({
					address: '={{ $json.address }}',
					reference: '={{ $json.row }}',
					options: { maxPayoutsPerSecond: 1 },
				}),
			},
			settledMidBatch('settled-cof-2', String(items[2].address)),
		);

		expect(wholeFirst.verdicts).toEqual(['paid', 'paid', 'refused', 'paid']);
		expect(rowByRow).toEqual(wholeFirst);
	});
});

/**
 * A version 1 batch, and `secondExecution` started `delayMs` after the batch's first payout is remembered: the batch's
 * failed item, the second execution's verdicts and the payouts per reference.
 */
async function withSecondExecution(
	items: IDataObject[],
	parameters: INodeParameters,
	delayMs: number,
	secondExecution: () => Promise<INodeExecutionData[]>,
) {
	let second: Promise<INodeExecutionData[]> | undefined;
	const rememberSent = processMemory.rememberSent;
	jest.spyOn(processMemory, 'rememberSent').mockImplementation((...args) => {
		rememberSent(...args);
		second ??= sleep(delayMs).then(secondExecution);
	});
	const error = await failureOf(suite.run({ typeVersion: 1, items, parameters })).catch(
		() => undefined,
	);
	if (error) suite.keepError(error);
	return {
		failedItem: error?.context.itemIndex,
		secondExecution: (await second)?.map(verdictOf),
		paid: payoutsPerReference(suite.sandbox),
	};
}

describe('two executions of this process: one settles a reference in doubt while the other’s batch runs', () => {
	const EMPTY_HISTORY = {
		kind: 'status',
		status: 200,
		body: JSON.stringify({ data: [], errorCode: 0, msg: '' }),
		contentType: 'application/json',
	} as const;

	/**
	 * An earlier execution's create of `shared-3`, some 15 minutes ago, got no answer (TYLT made it); its hold ends
	 * 0.6 s into the batch. Once the batch's row 0 is paid, a second execution sends `shared-3` again after the hold,
	 * finds it in history and outputs it. History lists it late: the batch's and the second execution's first reads
	 * do not show it yet.
	 */
	async function runBatch(parameters: INodeParameters, items: IDataObject[]) {
		suite.sandbox.reset();
		forgetProcessMemory();
		jest.restoreAllMocks();
		const single = (options: IDataObject) => ({
			typeVersion: 1,
			items: [items[3]],
			continueOnFail: true,
			parameters: v1Batch({ concurrentPayouts: 1, ...options }),
		});
		suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });
		await suite.run(single({ inDoubtCheckSeconds: 0 }));
		const account = tyltAccountHash(credentialsFor(suite.sandbox));
		const { inDoubtHoldMs } = processMemory.PROCESS_MEMORY_LIMITS;
		processMemory.markInDoubt(account, 'shared-3', Date.now() - inDoubtHoldMs + 600);
		suite.sandbox.injectFault('payoutHistory', { ...EMPTY_HISTORY });
		suite.sandbox.injectFault('payoutHistory', { ...EMPTY_HISTORY });
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 0 });
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 700 });
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 700 });
		return await withSecondExecution(
			items,
			parameters,
			900,
			async () => await suite.run(single({})),
		);
	}

	// The second execution's rememberSent deletes the mark (its hold still on) after the verdict was frozen: the
	// frozen copy still refuses the reference, and rows 4 and 5 are never started, as checked whole first.
	it('version 1 without Continue On Fail stops at that reference and pays none after it, as checked whole first', async () => {
		const items = payoutRows('shared', 6);
		const parameters = v1Batch({ concurrentPayouts: 1 });

		const wholeFirst = await runBatch(checkedFirst(parameters), items);
		const rowByRow = await runBatch(parameters, items);

		expect(wholeFirst).toEqual({
			failedItem: 3,
			secondExecution: ['alreadySent'],
			paid: { 'shared-0': 1, 'shared-1': 1, 'shared-2': 1, 'shared-3': 1 },
		});
		expect(rowByRow).toEqual(wholeFirst);
	});
});

describe('two executions of this process: one without the guard sends a reference in doubt while the other’s batch runs', () => {
	/**
	 * An earlier create of `unguarded-2` got no answer a second ago (TYLT never made it). Once the batch's row 0 is
	 * paid, a second execution with Duplicate Guard off sends `unguarded-2`; its answer is lost too (TYLT makes it
	 * this time), so it marks the reference in doubt anew, later than the batch's first turn.
	 */
	async function runBatch(parameters: INodeParameters, items: IDataObject[]) {
		suite.sandbox.reset();
		forgetProcessMemory();
		jest.restoreAllMocks();
		const account = tyltAccountHash(credentialsFor(suite.sandbox));
		processMemory.markInDoubt(account, 'unguarded-2', Date.now() - 1000);
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 0 });
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 700 });
		suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });
		return await withSecondExecution(
			items,
			parameters,
			300,
			async () =>
				await suite.run({
					typeVersion: 1,
					items: [items[2]],
					continueOnFail: true,
					parameters: v1Batch({ duplicateGuard: false }),
				}),
		);
	}

	// A newer mark made after the verdict was frozen does not hide the one the copy holds: the reference is refused
	// at its check and rows 3–5 are never started, as checked whole first.
	it('version 1 without Continue On Fail stops at that reference and pays none after it, as checked whole first', async () => {
		const items = payoutRows('unguarded', 6);
		const parameters = v1Batch({ concurrentPayouts: 1 });

		const wholeFirst = await runBatch(checkedFirst(parameters), items);
		const rowByRow = await runBatch(parameters, items);

		expect(wholeFirst).toEqual({
			failedItem: 2,
			secondExecution: ['refused'],
			paid: { 'unguarded-0': 1, 'unguarded-1': 1, 'unguarded-2': 1 },
		});
		expect(rowByRow).toEqual(wholeFirst);
	});
});

describe('a reference held in doubt when the batch begins, whose mark later in-doubt marks of the batch push out', () => {
	const configured = { ...processMemory.PROCESS_MEMORY_LIMITS };
	afterEach(() => Object.assign(processMemory.PROCESS_MEMORY_LIMITS, configured));

	// The batch's own marks evict the earlier one from live memory (at 10,000 marks; 2 here): the frozen copy still
	// holds it, so row 3, which TYLT may already hold, is refused and not paid, as checked whole first.
	it('is refused, not paid, as checked whole first', async () => {
		const items = payoutRows('evicted', 4);

		const { wholeFirst, rowByRow } = await bothWays(
			{
				typeVersion: 1,
				items,
				continueOnFail: true,
				parameters: v1Batch({ concurrentPayouts: 1, inDoubtCheckSeconds: 0 }),
			},
			() => {
				processMemory.PROCESS_MEMORY_LIMITS.maxEntries = 2;
				const account = tyltAccountHash(credentialsFor(suite.sandbox));
				processMemory.markInDoubt(account, 'evicted-3', Date.now() - 1000);
				suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });
				suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });
			},
		);

		expect(wholeFirst.verdicts).toEqual(['refused', 'refused', 'paid', 'refused']);
		expect(wholeFirst.paid['evicted-3']).toBeUndefined();
		expect(rowByRow).toEqual(wholeFirst);
	});
});

describe('the wall clock stepped back while the batch is sent', () => {
	/** The clock goes back two minutes (an NTP step, say) as the batch's first row goes to its turn. */
	function clockStepsBackAtFirstTurn() {
		const realNow = Date.now.bind(Date);
		const claimReference = processMemory.claimReference;
		let stepped = false;
		jest.spyOn(processMemory, 'claimReference').mockImplementation(async (...args) => {
			if (!stepped) {
				stepped = true;
				jest.spyOn(Date, 'now').mockImplementation(() => realNow() - 120_000);
			}
			return await claimReference(...args);
		});
	}

	// The batch's own in-doubt mark, stamped by the stepped-back clock, is not in the frozen copy: the repeat of the
	// reference waits for its turn and outputs the payout history shows, as checked whole first.
	it('a repeat of a reference whose create got no answer outputs the payout history shows', async () => {
		const items = payoutRows('clock-back', 3);
		items[1] = { ...items[0] };

		const { wholeFirst, rowByRow } = await bothWays(
			{
				typeVersion: 1,
				items,
				continueOnFail: true,
				parameters: v1Batch({ concurrentPayouts: 1, inDoubtCheckSeconds: 0 }),
			},
			() => {
				clockStepsBackAtFirstTurn();
				suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });
			},
		);

		expect(wholeFirst.verdicts).toEqual(['refused', 'alreadySent', 'paid']);
		expect(rowByRow).toEqual(wholeFirst);
	});

	// A mark stamped later than the freeze (by a clock since stepped back) is in the frozen copy all the same: the
	// row is refused at its check, before the rows behind it start, as checked whole first.
	it('a reference marked in doubt by a clock since stepped back stops version 1 before the rows after it', async () => {
		const items = payoutRows('marked-ahead', 6);

		const { wholeFirst, rowByRow } = await bothWays(
			{ typeVersion: 1, items, parameters: v1Batch({ concurrentPayouts: 3 }) },
			() => {
				const account = tyltAccountHash(credentialsFor(suite.sandbox));
				processMemory.markInDoubt(account, 'marked-ahead-2', Date.now() + 60_000);
			},
		);

		expect(wholeFirst.failedItem).toBe(2);
		expect(Object.keys(wholeFirst.paid).sort()).toEqual(['marked-ahead-0', 'marked-ahead-1']);
		expect(rowByRow).toEqual(wholeFirst);
	});
});

itShowsNoSecret();
