/**
 * A node's panel as n8n's editor shows it for some parameter values and a node version: the parameters shown
 * before any Add click (n8n's own displayParameter decides), the options under each collection's Add button,
 * and the words: descriptions longer than a glance (200 characters) and hints.
 */
import type { INodeProperties, INodeTypeDescription, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

export interface Panel {
	/** Display names shown before any Add click, in panel order (notices and collections left out). */
	fields: string[];
	/** Per collection shown (by display name): its options' display names, in the order Add lists them. */
	collections: Record<string, string[]>;
	/** Every description or hint reachable on this panel, with the parameter it belongs to. */
	words: Array<{ name: string; description?: string; hint?: string }>;
}

const LONG_DESCRIPTION = 200;

export function panelOf(
	description: INodeTypeDescription,
	values: INodeParameters,
	typeVersion: number,
): Panel {
	const node = { typeVersion };
	const withDefaults =
		NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description) ??
		{};
	const shown = description.properties.filter((property) =>
		NodeHelpers.displayParameter(withDefaults, property, node, description),
	);
	const panel: Panel = { fields: [], collections: {}, words: [] };
	const addWords = (property: INodeProperties) =>
		panel.words.push({
			name: property.displayName,
			description: property.description,
			hint: property.hint,
		});
	for (const property of shown) {
		addWords(property);
		if (property.type === 'notice') continue;
		if (property.type === 'collection') {
			const options = (property.options ?? []) as INodeProperties[];
			panel.collections[property.displayName] = options.map((option) => option.displayName);
			options.forEach(addWords);
			continue;
		}
		panel.fields.push(property.displayName);
	}
	return panel;
}

export function longDescriptions(panel: Panel): string[] {
	return panel.words
		.filter((word) => (word.description ?? '').length > LONG_DESCRIPTION)
		.map((word) => word.name);
}

export function hints(panel: Panel): string[] {
	return panel.words.filter((word) => word.hint).map((word) => word.name);
}
