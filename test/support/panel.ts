/**
 * A node's panel as n8n's editor shows it for some parameter values and a node version: the parameters shown
 * before any Add click (n8n's own displayParameter decides), the options under each collection's Add button
 * (n8n's displayParameter again, on the collection's values), the notices, and the words: descriptions
 * longer than a glance (200 characters) and the hints a user sees (n8n hides a field's hint while the field
 * holds an expression).
 */
import type { INodeProperties, INodeTypeDescription, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

export interface Panel {
	/** Display names shown before any Add click, in panel order (notices and collections left out). */
	fields: string[];
	/** Per collection shown (by display name): its options' display names, in the order Add lists them. */
	collections: Record<string, string[]>;
	/** The text of every notice shown. */
	notices: string[];
	/** Every description or hint reachable on this panel, with the parameter it belongs to. */
	words: Array<{ name: string; description?: string; hint?: string }>;
}

const LONG_DESCRIPTION = 200;

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');

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
	const panel: Panel = { fields: [], collections: {}, notices: [], words: [] };
	const addWords = (property: INodeProperties, value: unknown) =>
		panel.words.push({
			name: property.displayName,
			description: property.description,
			hint: isExpression(value) ? undefined : property.hint,
		});
	for (const property of shown) {
		addWords(property, withDefaults[property.name]);
		if (property.type === 'notice') {
			panel.notices.push(property.displayName);
			continue;
		}
		if (property.type === 'collection') {
			const collectionValues = (values[property.name] ?? {}) as INodeParameters;
			const options = ((property.options ?? []) as INodeProperties[]).filter((option) =>
				NodeHelpers.displayParameter(collectionValues, option, node, description, withDefaults),
			);
			panel.collections[property.displayName] = options.map((option) => option.displayName);
			options.forEach((option) => addWords(option, collectionValues[option.name]));
			continue;
		}
		panel.fields.push(property.displayName);
	}
	return panel;
}

/** One description or hint anywhere in a node's properties, with the path of display names to it. */
export interface Word {
	path: string;
	description?: string;
	hint?: string;
}

/**
 * Every description and hint a node declares, whatever the version or values: parameters, collection options,
 * fixed-collection values and the options of a dropdown, each with the display names leading to it.
 */
export function everyWord(description: INodeTypeDescription): Word[] {
	const words: Word[] = [];
	const walk = (entries: readonly unknown[], path: string) => {
		for (const entry of entries as Array<Record<string, unknown>>) {
			const at = `${path} → ${String(entry.displayName ?? entry.name)}`;
			words.push({
				path: at,
				description: typeof entry.description === 'string' ? entry.description : undefined,
				hint: typeof entry.hint === 'string' ? entry.hint : undefined,
			});
			if (Array.isArray(entry.options)) walk(entry.options, at);
			if (Array.isArray(entry.values)) walk(entry.values, at);
		}
	};
	walk(description.properties, description.displayName);
	return words;
}

/** The paths of words longer than a glance (a description over 200 characters). */
export function overGlance(words: readonly Word[]): string[] {
	return words
		.filter((word) => (word.description ?? '').length > LONG_DESCRIPTION)
		.map((word) => `${word.path} (${word.description!.length})`);
}

export function longDescriptions(panel: Panel): string[] {
	return panel.words
		.filter((word) => (word.description ?? '').length > LONG_DESCRIPTION)
		.map((word) => word.name);
}

export function hints(panel: Panel): string[] {
	return panel.words.filter((word) => word.hint).map((word) => word.name);
}

type VersionCondition = number | { _cnd: Record<string, number> };

function versionMatches(conditions: readonly VersionCondition[], version: number): boolean {
	return conditions.some((condition) => {
		if (typeof condition === 'number') return condition === version;
		return Object.entries(condition._cnd).every(([operator, bound]) => {
			if (operator === 'gte') return version >= bound;
			if (operator === 'lte') return version <= bound;
			if (operator === 'eq') return version === bound;
			throw new Error(`descriptionAtVersion cannot read the version condition ${operator}`);
		});
	});
}

/**
 * The properties a node of `version` has: every parameter (collection options too) whose `@version` condition
 * holds for it, with that condition left out, so that moving a parameter between version conditions without
 * changing what any version shows leaves the text unchanged.
 */
export function descriptionAtVersion(
	properties: readonly INodeProperties[],
	version: number,
): INodeProperties[] {
	const atVersion = (entries: readonly unknown[]): unknown[] =>
		(entries as Array<Record<string, unknown>>).flatMap((entry) => {
			const displayOptions = entry.displayOptions as INodeProperties['displayOptions'];
			const shown = displayOptions?.show?.['@version'] as VersionCondition[] | undefined;
			const hidden = displayOptions?.hide?.['@version'] as VersionCondition[] | undefined;
			if (shown && !versionMatches(shown, version)) return [];
			if (hidden && versionMatches(hidden, version)) return [];
			const copy: Record<string, unknown> = { ...entry };
			if (displayOptions && (shown || hidden)) {
				const withoutVersion = (part?: Record<string, unknown>) => {
					if (!part) return undefined;
					const { '@version': _version, ...rest } = part;
					return rest;
				};
				copy.displayOptions = {
					...displayOptions,
					...(displayOptions.show ? { show: withoutVersion(displayOptions.show) } : {}),
					...(displayOptions.hide ? { hide: withoutVersion(displayOptions.hide) } : {}),
				};
			}
			if (
				Array.isArray(entry.options) &&
				entry.type !== 'options' &&
				entry.type !== 'multiOptions'
			) {
				copy.options = atVersion(entry.options);
			}
			return [copy];
		});
	return atVersion(properties) as INodeProperties[];
}
