/**
 * The history the guard relies on: only payouts inside the look-back window count, a window too large to
 * read whole is an error (never a partial scan), and the reference is found wherever this node or its
 * previous version put it in the comments.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	PAYOUT_HISTORY_MAX_RECORDS,
	readPayoutHistoryWindow,
} from '../../nodes/Tylt/payout/history';
import { findReference } from '../../nodes/Tylt/payout/references';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import {
	credentialsFor,
	failureOf,
	payoutCreate,
	requestsTo,
	tronAddress,
} from '../support/sandboxKit';
import { hoursAgo, payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('window recipient');
/** The item's payout details, for seeded history that is the same payout. */
const SAME_PAYOUT = { toAddress: ADDRESS, settledAmountRequested: 25 };

const creates = () => requestsTo(suite.sandbox, 'createPayout');
const historyPagesRead = () => requestsTo(suite.sandbox, 'payoutHistory').length;

/** A payout with Reference (on the panel) and the Options given. */
function payoutWith(
	{ reference, ...options }: INodeParameters,
	additionalFields: INodeParameters = {},
) {
	return payoutCreate({ address: ADDRESS, additionalFields, reference, options });
}

describe('only the look-back window counts', () => {
	it('a payout older than the look-back never matches, even on a page read anyway: the payout is sent', async () => {
		const [old] = suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:old-row]',
			createdAt: hoursAgo(200),
		});

		const [output] = await suite.run({
			parameters: payoutWith({ reference: 'old-row', lookBackHours: 168 }),
		});

		expect(historyPagesRead()).toBe(1);
		expect(output.json.alreadySent).toBe(false);
		expect(output.json.orderId).not.toBe(old.orderId);
		expect(payoutsPerReference(suite.sandbox)['old-row']).toBe(2);
	});

	it('the same payout inside a longer look-back matches', async () => {
		const [old] = suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:old-row]',
			createdAt: hoursAgo(200),
		});

		const [output] = await suite.run({
			parameters: payoutWith({ reference: 'old-row', lookBackHours: 240 }),
		});

		expect(output.json).toMatchObject({ alreadySent: true, orderId: old.orderId });
		expect(creates()).toHaveLength(0);
	});

	it('a payout whose createdAt cannot be read counts as inside (fail closed)', async () => {
		const [undated] = suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:undated-row]',
			createdAt: 'yesterday-ish',
		});

		const [output] = await suite.run({ parameters: payoutWith({ reference: 'undated-row' }) });

		expect(output.json).toMatchObject({ alreadySent: true, orderId: undated.orderId });
		expect(creates()).toHaveLength(0);
	});
});

describe('every item’s own look-back counts', () => {
	const items = [
		{ ref: 'new-row', lookBack: 1 },
		{ ref: 'five-hours-ago', lookBack: 168 },
	];
	const parameters = payoutCreate({
		address: ADDRESS,
		reference: '={{ $json.ref }}',
		options: { lookBackHours: '={{ $json.lookBack }}' },
	});

	it('an item with a longer look-back than the first item’s finds a payout only its own window holds', async () => {
		const [paid] = suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:five-hours-ago]',
			createdAt: hoursAgo(5),
		});

		const output = await suite.run({ items, parameters });

		expect(output[0].json.alreadySent).toBe(false);
		expect(output[1].json).toMatchObject({ alreadySent: true, orderId: paid.orderId });
		expect(payoutsPerReference(suite.sandbox)['five-hours-ago']).toBe(1);
	});

	it('an item with a shorter look-back does not count a payout outside its own window, read for another item', async () => {
		suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:five-hours-ago]',
			createdAt: hoursAgo(5),
		});

		const output = await suite.run({
			items: [
				{ ref: 'new-row', lookBack: 168 },
				{ ref: 'five-hours-ago', lookBack: 1 },
			],
			parameters,
		});

		expect(output[1].json.alreadySent).toBe(false);
		expect(payoutsPerReference(suite.sandbox)['five-hours-ago']).toBe(2);
	});
});

describe('a look-back window holding more than 10,000 payouts', () => {
	it('is an error that says which look-back fits, and nothing is sent; with that look-back the payout goes out', async () => {
		// Seeded payouts are 1 s apart: 10,050 of them span about 2.8 hours, all inside the default 168.
		suite.sandbox.seedPayouts(10_050, { comments: 'someone else' });

		const error = await suite.fail({ parameters: payoutWith({ reference: 'busy-row' }) });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('more than 10,000 payouts in the last 168 hours');
		expect(error.description).toContain('Duplicate Look-Back (Hours) to 2 hours or less');
		expect(error.context.itemIndex).toBe(0);
		expect(historyPagesRead()).toBe(51);
		expect(creates()).toHaveLength(0);

		const [output] = await suite.run({
			parameters: payoutWith({ reference: 'busy-row', lookBackHours: 2 }),
		});
		expect(output.json.alreadySent).toBe(false);
		expect(creates()).toHaveLength(1);
	});
});

describe('readPayoutHistoryWindow (shared by every look-up in history)', () => {
	const context = () =>
		createExecuteContext({
			parameters: payoutCreate(),
			credentials: credentialsFor(suite.sandbox),
		});

	it('returns the window’s payouts newest first, leaves out older ones, and stops at the first page past the cut-off', async () => {
		suite.sandbox.seedPayouts(25, { comments: 'recent' });
		suite.sandbox.seedPayouts(40, { comments: 'old', createdAt: hoursAgo(30) });

		const records = await readPayoutHistoryWindow.call(context(), {
			lookBackHours: 24,
			pageSize: 10,
		});

		expect(records).toHaveLength(25);
		expect(records.every((record) => record.comments === 'recent')).toBe(true);
		expect(records.map((record) => record.createdAt)).toEqual(
			[...records.map((record) => record.createdAt)].sort().reverse(),
		);
		expect(historyPagesRead()).toBe(3);
	});

	it('throws when the window holds more than maxRecords, and not when it holds exactly that many', async () => {
		suite.sandbox.seedPayouts(30, { comments: 'recent' });

		const exactly = await readPayoutHistoryWindow.call(context(), {
			lookBackHours: 24,
			maxRecords: 30,
			pageSize: 10,
		});
		const error = await failureOf(
			readPayoutHistoryWindow.call(context(), {
				lookBackHours: 24,
				maxRecords: 29,
				pageSize: 10,
				lookBackParameter: 'Look-Back',
			}),
		);

		expect(exactly).toHaveLength(30);
		expect(error.message).toContain('more than 29 payouts in the last 24 hours');
		expect(error.description).toMatch(/less than an hour: no look-back fits/);
		expect(PAYOUT_HISTORY_MAX_RECORDS).toBe(10_000);
	});

	it('findReference gives the newest payout carrying the reference', async () => {
		suite.sandbox.seedPayouts(1, { comments: '[ref:r-1] newer' });
		suite.sandbox.seedPayouts(1, { comments: 'older [ref:r-1]' });
		suite.sandbox.seedPayouts(1, { comments: '[ref:r-2]', merchantOrderId: 'INV-9' });

		const records = await readPayoutHistoryWindow.call(context(), { lookBackHours: 1 });

		expect(findReference(records, 'r-1')?.record.comments).toBe('[ref:r-1] newer');
		expect(findReference(records, 'INV-9')?.record.comments).toBe('[ref:r-2]');
		expect(findReference(records, 'r-3')).toBeUndefined();
	});
});

describe('where the reference travels', () => {
	it('first in the comments, so a comment TYLT shortens keeps it; merchantOrderId is not sent by default', async () => {
		await suite.run({
			parameters: payoutWith({ reference: 'row-70' }, { comments: 'Bonus for the March campaign' }),
		});

		const body = JSON.parse(creates()[0].rawBody);
		expect(body.comments).toBe('[ref:row-70] Bonus for the March campaign');
		expect(body).not.toHaveProperty('merchantOrderId');
	});

	it('with Send Reference as Merchant Order ID on, also as merchantOrderId', async () => {
		await suite.run({
			parameters: payoutWith({ reference: 'row-71', referenceAsMerchantOrderId: true }),
		});

		expect(JSON.parse(creates()[0].rawBody)).toMatchObject({
			comments: '[ref:row-71]',
			merchantOrderId: 'row-71',
		});
	});

	it.each([
		['a comment TYLT cut short', '[ref:row-72] Bonus for the Mar'],
		['a payout made by the previous version (tag at the end)', 'Bonus for March [ref:row-72]'],
		[
			'the previous version, the user’s text mentioning another reference',
			'Retry of [ref:row-1] [ref:row-72]',
		],
		['this version, the user’s text mentioning another reference', '[ref:row-72] Retry of row-1'],
	])('is found in %s', async (_case, comments) => {
		const [existing] = suite.sandbox.seedPayouts(1, { ...SAME_PAYOUT, comments });

		const [output] = await suite.run({ parameters: payoutWith({ reference: 'row-72' }) });

		expect(output.json).toMatchObject({ alreadySent: true, orderId: existing.orderId });
		expect(creates()).toHaveLength(0);
	});

	it('a comment that only mentions the reference in the user’s text after this node’s tag is not that payout', async () => {
		suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:row-74] replaces [ref:row-73] for May',
		});

		const [output] = await suite.run({ parameters: payoutWith({ reference: 'row-73' }) });

		expect(output.json.alreadySent).toBe(false);
		expect(creates()).toHaveLength(1);
	});
});

itShowsNoSecret();
