import type { EventFilters } from '../../../nodes/shared/payoutEvents/orderEvent';
import { isWanted, statusList } from '../../../nodes/shared/payoutEvents/orderEvent';
import { parseCallback } from '../../../nodes/TyltTrigger/parseCallback';

const callback = (body: unknown) => parseCallback(Buffer.from(JSON.stringify(body)))!;
const anything: EventFilters = { events: [], statuses: [], finalOnly: false };

describe('statusList', () => {
	it('joins the selected and the typed statuses, trimmed and lower-cased', () => {
		expect(statusList(['Completed'], ' Refunded , ,On Hold')).toEqual([
			'completed',
			'refunded',
			'on hold',
		]);
		expect(statusList([], '')).toEqual([]);
	});
});

describe('isWanted', () => {
	const pending = callback({ type: 'pay-out', data: { status: 'Pending', isFinal: 0 } });
	const completed = callback({ type: 'pay-out', data: { status: 'Completed', isFinal: 1 } });
	const payIn = callback({ type: 'pay-in', data: { status: 'Completed', isFinal: 1 } });
	const noStatus = callback({ type: 'pay-out', data: {} });

	it('lets everything through when nothing is selected', () => {
		for (const each of [pending, completed, payIn, noStatus])
			expect(isWanted(each, anything)).toBe(true);
	});

	it('filters by event', () => {
		const payouts = { ...anything, events: ['payout' as const] };
		expect(isWanted(completed, payouts)).toBe(true);
		expect(isWanted(payIn, payouts)).toBe(false);
	});

	it('filters by status, case-insensitively; a callback without status does not match', () => {
		const onlyCompleted = { ...anything, statuses: statusList(['Completed'], '') };
		expect(isWanted(completed, onlyCompleted)).toBe(true);
		expect(isWanted(callback({ data: { status: 'COMPLETED' } }), onlyCompleted)).toBe(true);
		expect(isWanted(pending, onlyCompleted)).toBe(false);
		expect(isWanted(noStatus, onlyCompleted)).toBe(false);
	});

	it('with finalOnly, needs isFinal', () => {
		const finalOnly = { ...anything, finalOnly: true };
		expect(isWanted(completed, finalOnly)).toBe(true);
		expect(isWanted(pending, finalOnly)).toBe(false);
	});
});
