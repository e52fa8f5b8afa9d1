import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export interface InvalidField {
	/** The parameter's label as the user sees it in the panel: the only name an error shows. */
	label: string;
	value: unknown;
	reason: string;
	itemIndex: number;
}

/** Shows a value the way it would have been sent: strings quoted so spaces and line breaks are visible. */
export function describeValue(value: unknown): string {
	if (typeof value === 'string') return JSON.stringify(value);
	if (typeof value === 'number') return String(value);
	if (value === undefined || value === null) return 'empty';
	return JSON.stringify(value) ?? String(value);
}

/** Every bad-input error is worded here: the field as the panel labels it, the value (or "empty"), the item. */
export function invalidFieldError(node: INode, field: InvalidField): NodeOperationError {
	// Nothing given: no value, or text with nothing in it (an expression reading a missing column gives '').
	const empty = field.value === undefined || field.value === null || field.value === '';
	const what = empty
		? `${field.label} is empty`
		: `Invalid ${field.label} ${describeValue(field.value)}`;
	return new NodeOperationError(node, `${what} in item ${field.itemIndex}: ${field.reason}`, {
		itemIndex: field.itemIndex,
		description: `Check ${field.label} on the TYLT node for item ${field.itemIndex}. Nothing was sent to TYLT for this item.`,
	});
}
