import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { TyltResource } from './types';

/** A resource's operation selector; its first operation is the default. */
export function operationSelector(
	resource: TyltResource,
	operations: INodePropertyOptions[],
): INodeProperties {
	const firstOperation = operations[0].value;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: operations,
		default: firstOperation,
	};
}

/** An operation's Options collection, shown where `show` says. */
export function optionsCollection(
	show: IDisplayOptions['show'],
	options: INodeProperties[],
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options,
	};
}
