/** The rules of a poll, on records alone: what counts as a change, and what the next poll remembers. */
import type { IDataObject } from 'n8n-workflow';

import { LATE_ARRIVAL_GRACE_MS } from '../../nodes/Tylt/payout/history';
import {
	UnfollowablePayout,
	baseline,
	findChanges,
	loadState,
	readBackTo,
	saveState,
	type ChangeRules,
	type PollState,
} from '../../nodes/TyltPayoutStatusTrigger/statusChanges';

const NOW = Date.parse('2026-01-10T12:00:00Z');
const rules: ChangeRules = { includeNewPayouts: true, maxAgeMs: 24 * 3_600_000, nowMs: NOW };

function payout(orderId: string, secondsAgo: number, status = 'Pending', isFinal: unknown = 0) {
	const createdAt = new Date(NOW - secondsAgo * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
	return { orderId, createdAt, status, isFinal } as IDataObject;
}

const ids = (records: IDataObject[]) =>
	records.map((record) => `${record.orderId}:${record.status}`);

describe('baseline', () => {
	it('remembers the payouts seen near the newest and follows what is not final, inside Max Age', () => {
		const state = baseline(
			[
				payout('c', 10),
				payout('b', 10, 'Completed', 1),
				payout('z', 600, 'Completed', 1),
				payout('a', 90_000),
			],
			rules,
		);
		expect(state).toEqual({
			newestCreatedMs: NOW - 10_000,
			knownFromMs: NOW - 10_000 - LATE_ARRIVAL_GRACE_MS,
			known: { c: NOW - 10_000, b: NOW - 10_000, z: NOW - 600_000 },
			waiting: { c: ['Pending', NOW - 10_000] },
		});
	});

	it('of an empty history: every later payout is new', () => {
		const state = baseline([], rules);
		expect(findChanges(state, [payout('a', 5)], rules).changes.map((r) => r.orderId)).toEqual([
			'a',
		]);
	});
});

describe('findChanges', () => {
	const start: PollState = {
		newestCreatedMs: NOW - 60_000,
		knownFromMs: NOW - 60_000 - LATE_ARRIVAL_GRACE_MS,
		known: { old: NOW - 60_000 },
		waiting: { w: ['Pending', NOW - 3_600_000] },
	};

	it('a status change that is not final yet is a change, and the payout stays followed', () => {
		const { changes, state } = findChanges(start, [payout('w', 3600, 'Processing')], rules);
		expect(ids(changes)).toEqual(['w:Processing']);
		expect(state.waiting.w).toEqual(['Processing', NOW - 3_600_000]);
	});

	it('isFinal turning 1 with the same status is a change, and the payout is forgotten', () => {
		const { changes, state } = findChanges(start, [payout('w', 3600, 'Pending', '1')], rules);
		expect(ids(changes)).toEqual(['w:Pending']);
		expect(state.waiting).toEqual({});
	});

	it('a payout seen twice in one poll (pages shifted by a new payout) counts once', () => {
		const twice = [
			payout('n', 1),
			payout('w', 3600, 'Completed', 1),
			payout('w', 3600, 'Completed', 1),
		];
		expect(ids(findChanges(start, twice, rules).changes)).toEqual(['w:Completed', 'n:Pending']);
	});

	it('an old payout not followed, or one already known in the newest second, is not new', () => {
		const records = [
			payout('old', 60, 'Completed', 1),
			payout('older', 60 + LATE_ARRIVAL_GRACE_MS / 1000 + 1, 'Completed', 1),
		];
		expect(findChanges(start, records, rules).changes).toEqual([]);
	});

	it('a payout that shows up after later ones (a slow create) is still new, once', () => {
		// 'late' was created 30 s before the newest payout of the last poll, but was not in history then.
		const first = findChanges(start, [payout('old', 60), payout('late', 90)], rules);
		expect(ids(first.changes)).toEqual(['late:Pending']);
		const again = findChanges(first.state, [payout('old', 60), payout('late', 90)], rules);
		expect(again.changes).toEqual([]);
	});

	it('forgets seen payouts once they fall behind the grace window, which follows the newest', () => {
		const { state } = findChanges(start, [payout('new', 1), payout('old', 60)], rules);
		expect(state.knownFromMs).toBe(NOW - 1000 - LATE_ARRIVAL_GRACE_MS);
		expect(state.known).toEqual({ new: NOW - 1000, old: NOW - 60_000 });
		const later = findChanges(state, [payout('newer', 1 - LATE_ARRIVAL_GRACE_MS / 1000 - 100)], {
			...rules,
			nowMs: NOW + LATE_ARRIVAL_GRACE_MS + 100_000,
		});
		expect(Object.keys(later.state.known)).toEqual(['newer']);
	});

	it.each([
		[
			'a createdAt that is not a time',
			{ orderId: 'x', createdAt: 'yesterday' },
			'TYLT payout x has a createdAt that is not a time: "yesterday"',
		],
		['no createdAt', { orderId: 'x' }, 'TYLT payout x has a createdAt that is not a time: missing'],
		[
			'no orderId',
			{ createdAt: '2026-01-10T11:00:00Z' },
			'TYLT payout history holds a payout without an orderId (orderId missing, createdAt "2026-01-10T11:00:00Z")',
		],
		[
			'an empty orderId',
			{ orderId: ' ', createdAt: '2026-01-10T11:00:00Z' },
			'TYLT payout history holds a payout without an orderId (orderId " ", createdAt "2026-01-10T11:00:00Z")',
		],
	])(
		'a record with %s is neither reported nor skipped: it is an error naming it',
		(_what, record, message) => {
			const records = [payout('n', 1), { status: 'Completed', isFinal: 1, ...record }];
			expect(() => findChanges(start, records, rules)).toThrow(new UnfollowablePayout(records[1]));
			expect(new UnfollowablePayout(records[1]).message).toBe(message);
			expect(() => baseline(records, rules)).toThrow(UnfollowablePayout);
		},
	);

	it('reads a createdAt without a zone as UTC', () => {
		const zoneless = { ...payout('z', 0), createdAt: '2026-01-10 11:59:59.000000' };
		const { changes, state } = findChanges(start, [zoneless], rules);
		expect(ids(changes)).toEqual(['z:Pending']);
		expect(state.waiting.z).toEqual(['Pending', NOW - 1000]);
	});

	it('an orderId sent as a number is the same payout as the string', () => {
		const first = findChanges(start, [{ ...payout('', 5), orderId: 4242 }], rules);
		expect(ids(first.changes)).toEqual(['4242:Pending']);
		const settled = findChanges(first.state, [payout('4242', 5, 'Completed', 1)], rules);
		expect(ids(settled.changes)).toEqual(['4242:Completed']);
		expect(settled.state.waiting).toEqual(start.waiting);
	});

	it('a status in another letter case (or with spaces) is not a change', () => {
		expect(findChanges(start, [payout('w', 3600, ' PENDING ')], rules).changes).toEqual([]);
		const includeNewOff = { ...rules, includeNewPayouts: false };
		expect(findChanges(start, [payout('n', 1, 'PENDING')], includeNewOff).changes).toEqual([]);
	});

	it('stops following a payout once it is older than Max Age', () => {
		const state = findChanges(start, [], { ...rules, maxAgeMs: 1_800_000 }).state;
		expect(state.waiting).toEqual({});
	});
});

describe('readBackTo', () => {
	it('is the older of the newest second and the oldest payout followed, never past Max Age', () => {
		const state: PollState = {
			newestCreatedMs: NOW - 60_000,
			knownFromMs: NOW - 60_000 - LATE_ARRIVAL_GRACE_MS,
			known: {},
			waiting: { w: ['Pending', NOW - 7_200_000] },
		};
		expect(readBackTo(state, rules)).toBe(NOW - 7_200_000);
		expect(readBackTo(state, { ...rules, maxAgeMs: 3_600_000 })).toBe(NOW - 3_600_000);
		expect(readBackTo({ ...state, waiting: {} }, rules)).toBe(NOW - 60_000 - LATE_ARRIVAL_GRACE_MS);
		expect(readBackTo(undefined, rules)).toBe(NOW - rules.maxAgeMs);
	});
});

describe('the saved state', () => {
	it('keeps every payout followed and seen: nothing is let go to save space', () => {
		const records = Array.from({ length: 5000 }, (_, index) =>
			payout(
				`p${index}`,
				index % 200,
				index % 2 === 0 ? 'Pending' : 'Completed',
				index % 2 === 0 ? 0 : 1,
			),
		);
		const staticData = {};
		saveState(staticData, baseline(records, rules));
		const saved = loadState(staticData) as PollState;

		expect(Object.keys(saved.known)).toHaveLength(5000);
		expect(Object.keys(saved.waiting)).toHaveLength(2500);
		expect(findChanges(saved, records, rules).changes).toEqual([]);
	});
});
