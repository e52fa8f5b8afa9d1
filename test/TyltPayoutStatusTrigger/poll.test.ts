/**
 * The TYLT Payout Status Trigger against the sandbox, in n8n-core's PollContext, polled the way n8n polls an
 * active workflow: the first poll at activation, then one per scheduled time, static data saved when a poll
 * starts a run.
 */
import type { IDataObject } from 'n8n-workflow';

import { parseCallback } from '../../nodes/TyltTrigger/parseCallback';
import { toOutputJson } from '../../nodes/shared/payoutEvents/orderEvent';
import { RETRY_POLICY } from '../../nodes/Tylt/transport/request';
import { failureOf, useSandbox } from '../support/sandboxKit';
import { useShortRetryBackoff } from '../support/moneySafetyKit';
import { changes, createPayout, pagesReadBy, pollingWorkflow } from '../support/payoutStatusKit';

const sandbox = useSandbox({ autoSettle: false, completionDelayMs: 2000 });
const HOUR_MS = 3_600_000;

/** A createdAt `seconds` after a payout's, in TYLT's format. */
function secondsAfter(payout: IDataObject, seconds: number): string {
	const epochMs = Date.parse(String(payout.createdAt)) + seconds * 1000;
	return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

useShortRetryBackoff();

describe('the first activation', () => {
	it('emits nothing old: it takes a baseline from history read to its end (the empty page)', async () => {
		sandbox.seedPayouts(30);
		const trigger = pollingWorkflow(sandbox);
		const { result, pages } = await pagesReadBy(sandbox, async () => await trigger.activate());
		expect(result).toBeNull();
		// A short first page may be TYLT's cap: only the empty page after it ends history.
		expect(pages).toEqual([1, 2]);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.runs).toEqual([]);
	});

	it('follows payouts still pending then, and reports when they turn', async () => {
		const pending = await createPayout(sandbox);
		const trigger = pollingWorkflow(sandbox);
		expect(await trigger.activate()).toBeNull();

		await sandbox.advanceTime(2000);
		expect(changes(await trigger.poll())).toEqual([`${pending.orderId}:Completed`]);
		expect(await trigger.poll()).toBeNull();
	});
});

describe('each status change, exactly once', () => {
	it('reports a new payout as Pending, then Completed, then nothing more', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const created = await createPayout(sandbox);

		expect(changes(await trigger.poll())).toEqual([`${created.orderId}:Pending`]);
		expect(await trigger.poll()).toBeNull();
		await sandbox.advanceTime(2000);
		expect(changes(await trigger.poll())).toEqual([`${created.orderId}:Completed`]);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.runs).toHaveLength(2);
	});

	it('reports several payouts of one poll in one run, oldest first, each in the status of that poll', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const first = await createPayout(sandbox);
		await sandbox.advanceTime(1000);
		const second = await createPayout(sandbox);
		await sandbox.advanceTime(1000); // the first settles
		const third = await createPayout(sandbox);

		expect(changes(await trigger.poll())).toEqual([
			`${first.orderId}:Completed`,
			`${second.orderId}:Pending`,
			`${third.orderId}:Pending`,
		]);
		await sandbox.advanceTime(2000);
		expect(changes(await trigger.poll())).toEqual([
			`${second.orderId}:Completed`,
			`${third.orderId}:Completed`,
		]);
		expect(await trigger.poll()).toBeNull();
	});

	it('tells apart payouts created in the same second as the newest one of the last poll', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		// The sandbox clock stands still: both payouts carry the same createdAt second.
		const first = await createPayout(sandbox);
		expect(changes(await trigger.poll())).toEqual([`${first.orderId}:Pending`]);
		const second = await createPayout(sandbox);
		expect(second.createdAt).toBe(first.createdAt);
		expect(changes(await trigger.poll())).toEqual([`${second.orderId}:Pending`]);
		expect(await trigger.poll()).toBeNull();
	});

	it('reports a payout that shows up in history after later ones (a slow create), once', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const newest = await createPayout(sandbox);
		expect(changes(await trigger.poll())).toEqual([`${newest.orderId}:Pending`]);
		// Created 40 s before the payout the last poll saw, but recorded by TYLT only now.
		const [late] = sandbox.seedPayouts(1, {
			createdAt: secondsAfter(newest, -40),
			status: 'Pending',
			isFinal: 0,
		});
		expect(changes(await trigger.poll())).toEqual([`${late.orderId}:Pending`]);
		expect(await trigger.poll()).toBeNull();
	});

	it('reports a Failed payout as its change', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		sandbox.setPayoutOutcome('Failed');
		const created = await createPayout(sandbox);
		await trigger.poll();
		await sandbox.advanceTime(2000);
		const [failed] = (await trigger.poll())!;
		expect(failed).toMatchObject({ orderId: created.orderId, status: 'Failed', isFinal: 1 });
	});

	it('with Include New Payouts off, reports only changes, including a payout that settled before it was seen', async () => {
		const trigger = pollingWorkflow(sandbox, { options: { includeNewPayouts: false } });
		await trigger.activate();
		const followed = await createPayout(sandbox);
		expect(await trigger.poll()).toBeNull();

		await sandbox.advanceTime(1000);
		const unseen = await createPayout(sandbox);
		await sandbox.advanceTime(2000); // both settle before the next poll
		expect(changes(await trigger.poll())).toEqual([
			`${followed.orderId}:Completed`,
			`${unseen.orderId}:Completed`,
		]);
		expect(await trigger.poll()).toBeNull();
	});
});

describe('the same filters and output as the TYLT Trigger', () => {
	it('emits the item the TYLT Trigger would emit for the callback of the same state', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const created = await createPayout(sandbox);
		await sandbox.advanceTime(2000);
		const [polled] = (await trigger.poll())!;

		const [stored] = sandbox.payouts.filter((payout) => payout.orderId === created.orderId);
		const callbackBody = Buffer.from(JSON.stringify({ type: 'pay-out', data: stored }));
		expect(polled).toEqual(toOutputJson(parseCallback(callbackBody)!));
		expect(polled).toMatchObject({ event: 'payout', type: 'pay-out', status: 'Completed' });
	});

	it('with Final Only, starts a run only for the final state', async () => {
		const trigger = pollingWorkflow(sandbox, { finalOnly: true });
		await trigger.activate();
		const created = await createPayout(sandbox);
		expect(await trigger.poll()).toBeNull();
		await sandbox.advanceTime(2000);
		expect(changes(await trigger.poll())).toEqual([`${created.orderId}:Completed`]);
	});

	it('with Statuses, starts runs only for those (Other Statuses too, any case)', async () => {
		const trigger = pollingWorkflow(sandbox, {
			statuses: ['Failed'],
			options: { otherStatuses: 'pending' },
		});
		await trigger.activate();
		const paid = await createPayout(sandbox);
		expect(changes(await trigger.poll())).toEqual([`${paid.orderId}:Pending`]);
		await sandbox.advanceTime(2000);
		expect(await trigger.poll()).toBeNull();
	});
});

describe('across restarts and outages', () => {
	it('after an n8n restart emits what changed meanwhile, once, and nothing already emitted', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const created = await createPayout(sandbox);
		expect(changes(await trigger.poll())).toEqual([`${created.orderId}:Pending`]);

		await sandbox.advanceTime(2000);
		expect(changes(await trigger.restart())).toEqual([`${created.orderId}:Completed`]);
		expect(await trigger.restart()).toBeNull();
		expect(await trigger.poll()).toBeNull();
		expect(changes(trigger.emitted)).toEqual([
			`${created.orderId}:Pending`,
			`${created.orderId}:Completed`,
		]);
	});

	it('loses nothing when a restart comes after polls that emitted nothing (state not saved yet)', async () => {
		const trigger = pollingWorkflow(sandbox, { finalOnly: true });
		await trigger.activate();
		const created = await createPayout(sandbox);
		expect(await trigger.poll()).toBeNull(); // follows it, but n8n saves nothing without a run
		await sandbox.advanceTime(2000);
		expect(changes(await trigger.restart())).toEqual([`${created.orderId}:Completed`]);
		expect(await trigger.restart()).toBeNull();
	});

	const everyAttempt = 1 + RETRY_POLICY.maxRetries;
	it.each([
		['TYLT down (HTTP 503)', { kind: 'status' as const, status: 503, times: everyAttempt }],
		['rate limited (HTTP 429)', { kind: 'status' as const, status: 429, times: everyAttempt }],
		['an odd answer (cut-off JSON)', { kind: 'malformedJson' as const, times: everyAttempt }],
		[
			'an error envelope (not retried)',
			{ kind: 'errorCode' as const, errorCode: 500, msg: 'Internal error', times: 1 },
		],
	])('a poll failing on %s keeps its state; the next poll catches up', async (_name, fault) => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const created = await createPayout(sandbox);
		const before = trigger.staticData;

		sandbox.injectFault('payoutHistory', fault);
		const failure = await failureOf(trigger.poll());
		expect(failure.message).toMatch(/TYLT/);
		expect(trigger.staticData).toEqual(before);

		expect(changes(await trigger.poll())).toEqual([`${created.orderId}:Pending`]);
		expect(await trigger.poll()).toBeNull();
	});

	it('an activation during an outage fails (n8n retries it) and the baseline is taken once TYLT answers', async () => {
		sandbox.injectFault('payoutHistory', { kind: 'status', status: 503, times: 4 });
		const trigger = pollingWorkflow(sandbox);
		await failureOf(trigger.activate());
		expect(trigger.nodeStaticData).toEqual({});
		expect(await trigger.activate()).toBeNull();
	});
});

describe('overlapping polls', () => {
	it('a poll starting while the last one still runs reads nothing and reports nothing', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const created = await createPayout(sandbox);
		sandbox.latencyMs = 200;
		const { result, pages } = await pagesReadBy(
			sandbox,
			async () => await Promise.all([trigger.poll(), trigger.poll()]),
		);
		expect(result.map(changes)).toEqual([[`${created.orderId}:Pending`], []]);
		// One poll's read: the page holding the payout, then the empty page that ends history.
		expect(pages).toEqual([1, 2]);
		expect(await trigger.poll()).toBeNull();
	});
});

describe('a history page TYLT cuts short', () => {
	it('reports a followed payout that sits on a record cut off page 2 when it turns', async () => {
		const trigger = pollingWorkflow(sandbox, { options: { includeNewPayouts: false } });
		await trigger.activate();
		const followed = await createPayout(sandbox);
		expect(await trigger.poll()).toBeNull();

		// 360 newer payouts, still pending (so not reported), put it on record 361; page 2 of 200 is cut to 160
		// rows, and page 3 starts at record 401.
		sandbox.seedPayouts(360, {
			status: 'Pending',
			isFinal: 0,
			createdAt: secondsAfter(followed, 60),
		});
		sandbox.historyPaging = {
			maxRows: 200,
			offsetBy: 'rowsAsked',
			shortPages: { from: 2, through: 2, rowsFewer: 40 },
		};
		await sandbox.advanceTime(2000);

		expect(changes(await trigger.poll())).toEqual([`${followed.orderId}:Completed`]);
	});
});

describe('how far back a poll reads', () => {
	it('reads through the grace window behind the newest payout and back to the oldest one it waits on, no further', async () => {
		// Older history, 20 minutes back (behind the 15-minute late-arrival grace): never read again after the baseline.
		const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000)
			.toISOString()
			.replace(/\.\d{3}Z$/, 'Z');
		sandbox.seedPayouts(450, { createdAt: twentyMinutesAgo });
		const trigger = pollingWorkflow(sandbox, { options: { maxAgeHours: 1 } });
		await trigger.activate();
		const waitedOn = await createPayout(sandbox);
		expect(changes(await trigger.poll())).toEqual([`${waitedOn.orderId}:Pending`]);

		// 250 newer payouts push the one still pending onto the second page.
		sandbox.seedPayouts(150, { createdAt: secondsAfter(waitedOn, 60) });
		sandbox.seedPayouts(100, { createdAt: secondsAfter(waitedOn, 61) });
		const newer = await pagesReadBy(sandbox, async () => await trigger.poll());
		expect(newer.pages).toEqual([1, 2]);
		expect(newer.result).toHaveLength(250);

		await sandbox.advanceTime(2000);
		const settled = await pagesReadBy(sandbox, async () => await trigger.poll());
		expect(changes(settled.result)).toEqual([`${waitedOn.orderId}:Completed`]);
		expect(settled.pages).toEqual([1, 2]);

		// The 250 payouts of the last minute are all inside the grace window, so an idle poll reads past them.
		const idle = await pagesReadBy(sandbox, async () => await trigger.poll());
		expect(idle).toEqual({ result: null, pages: [1, 2] });
	});

	it('stops following a payout older than Max Age, and never reports one', async () => {
		const old = new Date(Date.now() - 30 * HOUR_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
		sandbox.seedPayouts(1, { status: 'Pending', isFinal: 0, createdAt: old });
		const trigger = pollingWorkflow(sandbox, { options: { maxAgeHours: 24 } });
		await trigger.activate();
		expect(trigger.nodeStaticData?.payoutStatus).toMatchObject({ waiting: {} });
		sandbox.seedPayouts(1, { status: 'Completed', isFinal: 1, createdAt: old });
		expect(await trigger.poll()).toBeNull();
	});

	it('follows every pending payout, beyond the 2,000 newest, and reports the settlement of the oldest', async () => {
		const oldest = await createPayout(sandbox);
		sandbox.seedPayouts(2300, {
			status: 'Pending',
			isFinal: 0,
			createdAt: secondsAfter(oldest, 1),
		});
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const waiting = (trigger.nodeStaticData?.payoutStatus as IDataObject).waiting as IDataObject;
		expect(Object.keys(waiting)).toHaveLength(2301);
		// As docs/triggers.md says: about 45 bytes of static data per pending payout, with the sandbox's ids.
		expect(JSON.stringify(waiting).length / 2301).toBeLessThan(46);

		await sandbox.advanceTime(2000);
		expect(changes(await trigger.poll())).toEqual([`${oldest.orderId}:Completed`]);
	});
});

describe('a payout it cannot place in time or name', () => {
	it('fails the poll naming the payout and its createdAt, keeps its state, and reports once TYLT answers readably', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const readable = await createPayout(sandbox);
		const [unreadable] = sandbox.seedPayouts(1, {
			status: 'Completed',
			isFinal: 1,
			createdAt: 'yesterday',
		});
		const before = trigger.staticData;

		const failure = await failureOf(trigger.poll());
		expect(failure.message).toBe(
			`TYLT payout ${unreadable.orderId} has a createdAt that is not a time: "yesterday"`,
		);
		expect(failure.description).toMatch(/keeps the state as it was/);
		expect(trigger.staticData).toEqual(before);

		unreadable.createdAt = secondsAfter(readable, 1);
		expect(changes(await trigger.poll()).sort()).toEqual(
			[`${readable.orderId}:Pending`, `${unreadable.orderId}:Completed`].sort(),
		);
	});

	it('fails the first activation too, rather than taking a baseline that skips the payout', async () => {
		sandbox.seedPayouts(1, { createdAt: '' });
		const trigger = pollingWorkflow(sandbox);
		const failure = await failureOf(trigger.activate());
		expect(failure.message).toMatch(/has a createdAt that is not a time: ""$/);
		expect(trigger.nodeStaticData).toEqual({});
	});
});

describe('values TYLT treats as the same', () => {
	it('a status in another letter case is not a change', async () => {
		const trigger = pollingWorkflow(sandbox);
		await trigger.activate();
		const anchor = await createPayout(sandbox);
		const [pending] = sandbox.seedPayouts(1, {
			status: 'Pending',
			isFinal: 0,
			createdAt: secondsAfter(anchor, 1),
		});
		expect(changes(await trigger.poll())).toHaveLength(2);

		pending.status = 'PENDING';
		expect(await trigger.poll()).toBeNull();
		pending.status = 'completed';
		expect(changes(await trigger.poll())).toEqual([`${pending.orderId}:completed`]);
	});
});

describe('Fetch Test Event (manual mode)', () => {
	it('shows the newest payout the filters let through, and leaves the poll state alone', async () => {
		const trigger = pollingWorkflow(sandbox, { finalOnly: true });
		await trigger.activate();
		const settled = await createPayout(sandbox);
		await sandbox.advanceTime(2000);
		const pending = await createPayout(sandbox);

		expect(changes(await trigger.fetchTestEvent())).toEqual([`${settled.orderId}:Completed`]);
		expect(changes(await pollingWorkflow(sandbox).fetchTestEvent())).toEqual([
			`${pending.orderId}:Pending`,
		]);
		// The state is untouched: the scheduled poll still reports the settlement.
		expect(changes(await trigger.poll())).toEqual([`${settled.orderId}:Completed`]);
	});

	it('shows nothing when history is empty', async () => {
		expect(await pollingWorkflow(sandbox).fetchTestEvent()).toBeNull();
	});
});
