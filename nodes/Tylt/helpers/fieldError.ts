import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export interface InvalidField {
	/** The parameter's label as the user sees it in the panel. */
	label: string;
	/** The parameter's name, for expressions and workflow JSON. */
	name: string;
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

/** Every bad-input error is worded here, so each names the field, the value and the item the same way. */
export function invalidFieldError(node: INode, field: InvalidField): NodeOperationError {
	return new NodeOperationError(
		node,
		`Invalid ${field.label} ${describeValue(field.value)} in item ${field.itemIndex}: ${field.reason}`,
		{
			itemIndex: field.itemIndex,
			description: `Parameter "${field.name}" of item ${field.itemIndex}. Nothing was sent to TYLT for this item.`,
		},
	);
}
