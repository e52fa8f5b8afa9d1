/**
 * A batch sent row by row as each row's checks pass pays the same rows, once each, with the same outcome per
 * item, as the same batch checked whole before its first create. Each case runs twice on a fresh sandbox and
 * process memory: once with Duplicate Guard written as an expression (`={{ true }}` reads as on, and any
 * expression among the pace options makes the node check every row first), once as a user saves it.
 */
import { bothWaysOf, payoutRows, v1Batch, v3Batch } from '../support/bothWaysKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { payoutCreate } from '../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });
const bothWays = bothWaysOf(suite);

const REFUSAL = { kind: 'errorCode', errorCode: 4017, msg: 'Payouts are paused for this merchant' };

describe('a reference repeated in one batch, sent row by row as when checked whole first', () => {
	it('after its first create got no answer (TYLT made it): the repeat outputs the payout history shows', async () => {
		const items = payoutRows('lost-then-repeat', 3);
		items[1] = { ...items[0] };

		const { wholeFirst, rowByRow } = await bothWays(
			{
				typeVersion: 1,
				items,
				continueOnFail: true,
				parameters: v1Batch({ concurrentPayouts: 1, inDoubtCheckSeconds: 0 }),
			},
			() => suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' }),
		);

		expect(wholeFirst.verdicts).toEqual(['refused', 'alreadySent', 'paid']);
		expect(rowByRow).toEqual(wholeFirst);
	});

	it('read while its first create, whose answer was lost, is looked for in history: the repeat outputs it', async () => {
		const items = payoutRows('looked-for', 8);
		items[5] = { ...items[0] };

		const { wholeFirst, rowByRow } = await bothWays(
			{ items, continueOnFail: true, parameters: v3Batch() },
			() => {
				suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });
				// The ledger's read answers at once; the in-doubt look-up for row 0 takes a moment.
				suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 0 });
				suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 400 });
			},
		);

		expect(wholeFirst.verdicts?.slice(0, 6)).toEqual([
			'paid',
			'paid',
			'paid',
			'paid',
			'paid',
			'alreadySent',
		]);
		expect(rowByRow).toEqual(wholeFirst);
	});

	it('after TYLT refused its first create: the repeat is sent, once', async () => {
		const items = payoutRows('refused-then-repeat', 8);
		items[6] = { ...items[0] };

		const { wholeFirst, rowByRow } = await bothWays(
			{ items, continueOnFail: true, parameters: v3Batch() },
			() => suite.sandbox.injectFault('createPayout', { ...REFUSAL } as never),
		);

		expect(wholeFirst.verdicts?.[0]).toBe('refused');
		expect(wholeFirst.verdicts?.[6]).toBe('paid');
		expect(wholeFirst.paid['refused-then-repeat-0']).toBe(1);
		expect(rowByRow).toEqual(wholeFirst);
	});

	it('for a different payout: the later row is refused whether the earlier one is paid or on its way', async () => {
		const items = payoutRows('collides', 8);
		items[6] = { ...items[6], row: items[0].row };

		const { wholeFirst, rowByRow } = await bothWays({
			items,
			continueOnFail: true,
			parameters: v3Batch(),
		});

		expect(wholeFirst.verdicts?.[6]).toBe('refused');
		expect(rowByRow).toEqual(wholeFirst);
	});

	it('left empty (derived from the row): an identical later row outputs the earlier payout', async () => {
		const items = payoutRows('derived', 8);
		items[5] = { ...items[1] };

		const { wholeFirst, rowByRow } = await bothWays({
			items,
			continueOnFail: true,
			parameters: payoutCreate({ address: '={{ $json.address }}', reference: '', options: {} }),
		});

		expect(wholeFirst.verdicts?.[5]).toBe('alreadySent');
		expect(rowByRow).toEqual(wholeFirst);
	});
});

describe('version 1 without Continue On Fail, sent row by row as when checked whole first', () => {
	it('a bad row while the rows before it wait for their pause: those are all paid, none after it', async () => {
		const items = payoutRows('paused-bad', 8);
		items[5] = { ...items[5], address: `${String(items[5].address).slice(0, -1)}x` };

		const { wholeFirst, rowByRow } = await bothWays({
			typeVersion: 1,
			items,
			parameters: v1Batch({ concurrentPayouts: 3, pauseBetweenPayoutsMs: 150 }),
		});

		expect(wholeFirst.failedItem).toBe(5);
		expect(Object.keys(wholeFirst.paid).sort()).toEqual(
			items.slice(0, 5).map((item) => String(item.row)),
		);
		expect(rowByRow).toEqual(wholeFirst);
	});

	it('TYLT refusing a row stops the batch at the same row', async () => {
		const items = payoutRows('refused-stop', 8);

		const { wholeFirst, rowByRow } = await bothWays(
			{
				typeVersion: 1,
				items,
				parameters: v1Batch({ concurrentPayouts: 1 }),
			},
			() => {
				suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 0 });
				suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 0 });
				suite.sandbox.injectFault('createPayout', { ...REFUSAL } as never);
			},
		);

		expect(wholeFirst.failedItem).toBe(2);
		expect(Object.keys(wholeFirst.paid).sort()).toEqual(['refused-stop-0', 'refused-stop-1']);
		expect(rowByRow).toEqual(wholeFirst);
	});
});

describe('other rows than repeats, sent row by row as when checked whole first', () => {
	it('as an AI agent’s tool: a row over AI Agent Max Amount is refused, the rows around it paid', async () => {
		const items = payoutRows('agent', 6).map((item, index) => ({
			...item,
			amount: index === 2 ? 60 : 25,
		}));

		const { wholeFirst, rowByRow } = await bothWays({
			items,
			continueOnFail: true,
			nodeType: 'n8n-nodes-tylt.tyltTool',
			parameters: {
				...v3Batch({ agentMaxAmount: 'USDT 50' }),
				baseAmount: '={{ $json.amount }}',
			},
		});

		expect(wholeFirst.verdicts).toEqual(['paid', 'paid', 'refused', 'paid', 'paid', 'paid']);
		expect(rowByRow).toEqual(wholeFirst);
	});

	it('the history read for the first row failing: every row is refused, nothing is paid', async () => {
		const items = payoutRows('history-fails', 6);

		const { wholeFirst, rowByRow } = await bothWays(
			{ items, continueOnFail: true, parameters: v3Batch() },
			() =>
				suite.sandbox.injectFault('payoutHistory', {
					kind: 'errorCode',
					errorCode: 5001,
					msg: 'History is unavailable',
				}),
		);

		expect(wholeFirst.verdicts).toEqual(Array(6).fill('refused'));
		expect(wholeFirst.paid).toEqual({});
		expect(rowByRow).toEqual(wholeFirst);
	});
});

itShowsNoSecret();
