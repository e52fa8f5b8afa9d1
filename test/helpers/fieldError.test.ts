/** The one wording of every bad-input error: field label, value as it would be sent, item, reason. */
import { NodeOperationError } from 'n8n-workflow';

import { describeValue, invalidFieldError } from '../../nodes/Tylt/helpers/fieldError';
import { workflowNode } from '../../tools/harness/workflowNode';

const node = workflowNode('tylt');

it.each<[string, unknown, string]>([
	['a string, quoted so spaces and line breaks show', 'T abc\n', '"T abc\\n"'],
	['an empty string', '', '""'],
	['a number, as written', 12.5, '12.5'],
	['NaN', NaN, 'NaN'],
	['undefined', undefined, 'empty'],
	['null', null, 'empty'],
	['an object, as JSON', { a: 1 }, '{"a":1}'],
])('shows %s', (_case, value, shown) => {
	expect(describeValue(value)).toBe(shown);
});

it('names the label, the value, the item and the reason, and says nothing was sent', () => {
	const error = invalidFieldError(node, {
		label: 'Base Amount',
		value: 0,
		reason: 'it must be greater than 0',
		itemIndex: 2,
	});

	expect(error).toBeInstanceOf(NodeOperationError);
	expect(error.message).toBe('Invalid Base Amount 0 in item 2: it must be greater than 0');
	expect(error.description).toBe(
		'Check Base Amount on the TYLT node for item 2. Nothing was sent to TYLT for this item.',
	);
	expect(error.context.itemIndex).toBe(2);
});

it.each<[string, unknown]>([
	['nothing', undefined],
	['null', null],
	['empty text', ''],
])('calls a field given %s empty, not an invalid value', (_case, value) => {
	const error = invalidFieldError(node, {
		label: 'Address',
		value,
		reason: 'a recipient wallet address is required',
		itemIndex: 1,
	});

	expect(error.message).toBe('Address is empty in item 1: a recipient wallet address is required');
});
