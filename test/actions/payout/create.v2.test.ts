/**
 * Payout → Create from node version 2 on: Reference and what the amount is in are read from the panel, one pacing
 * knob stands for version 1's two, and the output says first what the node decided, in words for a skipped
 * repeat. Version 1's reading is test/versionOne.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { pacingOf } from '../../../nodes/Tylt/actions/payout/create.options';
import { payoutCreate, requestsTo, tronAddress, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

/** A create from version 2 on: Options hold no Reference, Base Currency is not under Additional Fields. */
function createV2(overrides: INodeParameters = {}): INodeParameters {
	return payoutCreate({ amountIn: 'settledCurrency', reference: '', options: {}, ...overrides });
}

async function runV2(parameters: INodeParameters, version1ParametersInJson = false) {
	return (await tylt.run({ parameters, version1ParametersInJson })).map((item) => item.json);
}

function sentBodies(): Array<Record<string, unknown>> {
	return requestsTo(sandbox, 'createPayout').map((request) => JSON.parse(request.rawBody));
}

describe('Reference, a main field', () => {
	it('names the payout: it travels in the comments and comes back as merchantReference', async () => {
		const [sent] = await runV2(createV2({ reference: 'INV-2026-7' }));
		expect(sentBodies()[0].comments).toBe('[ref:INV-2026-7]');
		expect(sent).toMatchObject({
			outcome: 'sent',
			alreadySent: false,
			merchantReference: 'INV-2026-7',
		});
	});

	it('a second run with the same reference sends nothing and says why, first in the item', async () => {
		const [first] = await runV2(createV2({ reference: 'INV-2026-8' }));
		const [repeat] = await runV2(createV2({ reference: 'INV-2026-8' }));

		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
		expect(Object.keys(repeat).slice(0, 5)).toEqual([
			'outcome',
			'alreadySent',
			'merchantReference',
			'status',
			'skippedBecause',
		]);
		expect(repeat).toMatchObject({
			outcome: 'skipped',
			alreadySent: true,
			orderId: first.orderId,
		});
		expect(repeat.skippedBecause).toContain('Reference INV-2026-8 was already paid');
		expect(repeat.skippedBecause).toContain(`TYLT order ${String(first.orderId)}`);
	});

	it('left empty: an identical payout is skipped, and the item says the empty reference is why', async () => {
		await runV2(createV2());
		const [repeat] = await runV2(createV2());

		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
		expect(repeat.outcome).toBe('skipped');
		expect(repeat.skippedBecause).toMatch(/^Reference was left empty and an identical payout/);
		expect(repeat.skippedBecause).toContain('set a Reference');
	});

	it('a Reference left under Options by hand is not the panel’s reference', async () => {
		const [sent] = await runV2(
			createV2({ reference: 'R-main', options: { reference: 'R-options' } }),
			true,
		);
		expect(sent.merchantReference).toBe('R-main');
	});

	it('a bad reference is a field error naming Reference, and nothing is sent', async () => {
		const error = await tylt.fail({
			parameters: createV2({ reference: 'has space' }),
		});
		expect(error.message).toBe(
			'Invalid Reference "has space" in item 0: use up to 64 letters, digits or . _ : @ / # -',
		);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});
});

describe('Amount In', () => {
	it('Fiat Currency sends the Base Amount in the Base Currency set on the panel', async () => {
		await runV2(createV2({ amountIn: 'fiat', baseCurrency: 'usd', reference: 'fiat-1' }));
		expect(sentBodies()[0]).toMatchObject({ baseAmount: 25, baseCurrency: 'USD' });
	});

	it('Settled Currency sends crypto, even when the saved JSON holds a Base Currency elsewhere', async () => {
		await runV2(
			createV2({
				reference: 'crypto-1',
				baseCurrency: 'USD',
				additionalFields: { baseCurrency: 'EUR' },
			}),
			true,
		);
		expect(sentBodies()[0]).not.toHaveProperty('baseCurrency');
	});

	it('an Amount In that is neither option is refused, naming it', async () => {
		const error = await tylt.fail({
			parameters: createV2({ amountIn: 'Fiat', baseCurrency: 'EUR', reference: 'fiat-3' }),
		});
		expect(error.message).toMatch(/^Invalid Amount In "Fiat" in item 0: it must be exactly/);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});

	it('Fiat Currency without a Base Currency is refused, never sent as crypto', async () => {
		const error = await tylt.fail({
			parameters: createV2({ amountIn: 'fiat', baseCurrency: ' ', reference: 'fiat-2' }),
		});
		expect(error.message).toBe(
			'Invalid Base Currency " " in item 0: Amount In is Fiat Currency, so a 3-letter fiat code such as USD is required',
		);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});
});

describe('Max Payouts Per Second, the one pacing knob', () => {
	it('0 is the node’s own pace: five at once, no spacing', () => {
		expect(pacingOf(0)).toEqual({ concurrentPayouts: 5, pauseBetweenPayoutsMs: 0 });
	});

	it('R per second: starts 1000/R ms apart, at most ceil(R) on their way at once', () => {
		expect(pacingOf(0.5)).toEqual({ concurrentPayouts: 1, pauseBetweenPayoutsMs: 2000 });
		expect(pacingOf(4)).toEqual({ concurrentPayouts: 4, pauseBetweenPayoutsMs: 250 });
		expect(pacingOf(50)).toEqual({ concurrentPayouts: 50, pauseBetweenPayoutsMs: 20 });
	});

	it('more than 50 a second is a field error', async () => {
		const error = await tylt.fail({
			parameters: createV2({ reference: 'fast', options: { maxPayoutsPerSecond: 51 } }),
		});
		expect(error.message).toBe(
			'Invalid Max Payouts Per Second 51 in item 0: it must be at most 50',
		);
	});
});

describe('Max Payouts Per Second in a run', () => {
	// The sandbox clock follows real time only with autoSettle: arrival times are then wall-clock times.
	const paced = useTyltNode({ autoSettle: true });

	it('spaces the creates of a run', async () => {
		const items = ['a', 'b'].map((name) => ({ row: `pace-${name}`, address: tronAddress(name) }));
		await paced.run({
			items,
			parameters: createV2({
				address: '={{ $json.address }}',
				reference: '={{ $json.row }}',
				options: { maxPayoutsPerSecond: 2 },
			}),
		});
		const [first, second] = requestsTo(paced.sandbox, 'createPayout').map(
			(request) => request.receivedAt,
		);
		// Started 500 ms apart; arrivals may differ by a connection's set-up, far less than the spacing.
		expect(second - first).toBeGreaterThanOrEqual(400);
	});
});

describe('a batch whose check finds bad items (without Continue On Fail)', () => {
	/** Four rows: item 1 has a mistyped TRON address, item 3 is under the network's minimum withdrawal. */
	const rows = [
		{ row: 'batch-0', address: tronAddress('batch 0'), amount: 25 },
		{ row: 'batch-1', address: `${tronAddress('batch 1').slice(0, -1)}x`, amount: 25 },
		{ row: 'batch-2', address: tronAddress('batch 2'), amount: 25 },
		{ row: 'batch-3', address: tronAddress('batch 3'), amount: 0.5 },
	];
	const batch = createV2({
		reference: '={{ $json.row }}',
		address: '={{ $json.address }}',
		baseAmount: '={{ $json.amount }}',
	});

	it('sends nothing, and one error names every bad item with its own reason', async () => {
		const error = await tylt.fail({ items: rows, parameters: batch });

		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
		expect(error.message).toContain('No payout was sent: items 1, 3 cannot be paid');
		expect(error.description).toMatch(/Item 1: .*address/i);
		expect(error.description).toMatch(/Item 3: .*minimum/i);
		expect(error.context.itemIndex).toBe(1);
	});

	it('with Continue On Fail pays the good items, and each bad one is an error item', async () => {
		const output = await tylt.run({
			items: rows,
			parameters: batch,
			continueOnFail: true,
		});

		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(2);
		expect(output.map((item) => item.json.error === undefined)).toEqual([true, false, true, false]);
	});
});
