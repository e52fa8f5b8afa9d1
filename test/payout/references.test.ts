/** Finding the payout that carries a reference in history, newest first. */
import type { PayoutRecord } from '../../nodes/Tylt/transport/records';
import { findReference } from '../../nodes/Tylt/payout/references';

const record = (comments: string, merchantOrderId = '', orderId = 'PO1') =>
	({ orderId, comments, merchantOrderId }) as unknown as PayoutRecord;

describe('findReference', () => {
	it('gives the newest certain match, over an earlier doubtful one', () => {
		const records = [
			record('[ref:X] moved to [ref:A]', '', 'PO3'),
			record('[ref:A]', '', 'PO2'),
			record('[ref:A]', '', 'PO1'),
		];

		expect(findReference(records, 'A')).toEqual({ record: records[1], certain: true });
		expect(findReference(records.slice(0, 1), 'A')).toEqual({
			record: records[0],
			certain: false,
		});
		expect(findReference(records, 'Z')).toBeUndefined();
	});
});
