/**
 * Where the node writes the reference in a payout's comments, and how every reader reads it back from records
 * made by this version (tag first) and by the previous one (tag last).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	commentsWithReference,
	merchantReferenceOf,
	referencesOf,
} from '../../nodes/shared/referenceTag';

const record = (comments: string, merchantOrderId = ''): IDataObject => ({
	orderId: 'PO1',
	comments,
	merchantOrderId,
});

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

describe('merchantReferenceOf', () => {
	it('names a payout by the node’s tag, else by TYLT’s merchantOrderId, else null', () => {
		expect(merchantReferenceOf(record('[ref:INV-1] Invoice INV-1', 'MO-PO1'))).toBe('INV-1');
		expect(merchantReferenceOf(record('Invoice INV-1 [ref:INV-1]'))).toBe('INV-1');
		expect(merchantReferenceOf(record('paid by hand', 'ORDER-9'))).toBe('ORDER-9');
		expect(merchantReferenceOf(record(''))).toBeNull();
		expect(merchantReferenceOf({})).toBeNull();
	});
});
