/**
 * n8n's editor loads an `options` field's list when the panel mounts, which for a node added after a trigger is
 * before the node has its credential; a resource locator loads when opened, and a collection's option mounts
 * only when added. So no field of a new TYLT node (any TYLT node type) loads from TYLT when its panel mounts.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { TyltPayoutStatusTrigger } from '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node';
import { TyltTrigger } from '../../nodes/TyltTrigger/TyltTrigger.node';
import { descriptionAtVersion } from '../support/panel';

const NODES: INodeTypeDescription[] = [
	new Tylt().description,
	new TyltTrigger().description,
	new TyltPayoutStatusTrigger().description,
];

const newNodeVersion = (node: INodeTypeDescription) =>
	node.defaultVersion ?? Math.max(...[node.version].flat());

describe.each(NODES.map((node) => [node.displayName, node] as const))('%s', (_name, node) => {
	const properties = descriptionAtVersion(node.properties, newNodeVersion(node));

	it('has no field on a new node’s panel that loads from TYLT when the panel mounts', () => {
		const loadedAtMount = properties.filter(
			(property) => property.typeOptions?.loadOptionsMethod !== undefined,
		);
		expect(loadedAtMount.map((property) => property.displayName)).toEqual([]);
	});

	it('loads every other list when it is opened (a list) or added (an option of a collection)', () => {
		const lists = properties.filter((property) => property.type === 'resourceLocator');
		for (const list of lists) {
			expect(
				list.modes?.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod,
			).toEqual(expect.any(String));
		}
		const addedLater = properties
			.filter((property) => property.type === 'collection')
			.flatMap((collection) => collection.options as INodeProperties[])
			.filter((option) => option.typeOptions?.loadOptionsMethod !== undefined)
			.map((option) => option.displayName);
		if (node.name === 'tylt') {
			expect(lists.map((list) => list.name)).toEqual(['settledCurrency', 'networkSymbol']);
			expect(addedLater).toEqual(['Only Currency Names or IDs']);
		}
	});
});
