import type { IDisplayOptions, IExecuteFunctions } from 'n8n-workflow';

/** Versions 1 and 2 are the panels of every workflow saved before the next: their parameters never change. */
export const NODE_VERSIONS = [1, 2, 3];
export const DEFAULT_NODE_VERSION = 3;

type VersionCondition = NonNullable<NonNullable<IDisplayOptions['show']>['@version']>;

/** displayOptions.show['@version'] for a parameter of version 1 only. */
export const VERSION_1: VersionCondition = [1];

/** displayOptions.show['@version'] for a parameter of version 2 and later. */
export const FROM_VERSION_2: VersionCondition = [{ _cnd: { gte: 2 } }];

/** displayOptions.show['@version'] for a parameter version 3 replaced (Create's lists and Options). */
export const VERSIONS_1_AND_2: VersionCondition = [1, 2];
export const VERSION_2: VersionCondition = [2];

/** displayOptions.show['@version'] for a parameter of version 3 and later. */
export const FROM_VERSION_3: VersionCondition = [{ _cnd: { gte: 3 } }];

/** Whether this node runs with the version 2 panel (a saved version-1 node keeps version 1's parameters). */
export function hasPanelV2(context: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return context.getNode().typeVersion >= 2;
}

/** Whether this node runs with the version 3 panel: one AI Agent Max Amount field with its currency. */
export function hasPanelV3(context: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return context.getNode().typeVersion >= 3;
}
