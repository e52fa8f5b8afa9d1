/**
 * Where the node writes the reference in a payout's comments, and how it reads it back from records made
 * by this version (tag first) and by the previous one (tag last).
 */
import type { PayoutRecord } from '../../nodes/Tylt/helpers/types';
import {
	commentsWithReference,
	findReference,
	referencesOf,
} from '../../nodes/Tylt/payout/references';

const record = (comments: string, merchantOrderId = '', orderId = 'PO1') =>
	({ orderId, comments, merchantOrderId }) as unknown as PayoutRecord;

describe('commentsWithReference', () => {
	it('puts the tag first, so TYLT shortening a long comment cuts the user’s text, not the tag', () => {
		expect(commentsWithReference('May bonus', 'row-1')).toBe('[ref:row-1] May bonus');
		expect(commentsWithReference(undefined, 'row-1')).toBe('[ref:row-1]');
	});
});

describe('referencesOf', () => {
	it.each([
		['this version, no user text', '[ref:A]', ['A'], undefined],
		['this version, user text', '[ref:A] May bonus', ['A'], undefined],
		[
			'this version, user text mentioning another reference',
			'[ref:A] replaces [ref:B] for May',
			['A'],
			undefined,
		],
		['previous version', 'May bonus [ref:A]', ['A'], undefined],
		[
			'previous version, user text mentioning another reference',
			'Retry of [ref:B] [ref:A]',
			['A'],
			undefined,
		],
		['cut short by TYLT', '[ref:A] May bo', ['A'], undefined],
		['no tag', 'paid by hand', [], undefined],
		// Either this version with user text ending in a tag, or the previous one with user text starting with one.
		['ambiguous: begins with one tag, ends with another', '[ref:A] moved to [ref:B]', ['A'], 'B'],
	])('%s: %s', (_case, comments, references, possibleReference) => {
		expect(referencesOf(record(comments))).toEqual({ references, possibleReference });
	});

	it('adds the merchantOrderId', () => {
		expect(referencesOf(record('[ref:A]', 'INV-1')).references).toEqual(['A', 'INV-1']);
	});
});

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
