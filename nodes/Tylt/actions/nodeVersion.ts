import type { IDisplayOptions, IExecuteFunctions } from 'n8n-workflow';

/** Version 1 is the panel of every workflow saved before version 2: its parameters never change. */
export const NODE_VERSIONS = [1, 2];
export const DEFAULT_NODE_VERSION = 2;

type VersionCondition = NonNullable<NonNullable<IDisplayOptions['show']>['@version']>;

/** displayOptions.show['@version'] for a parameter of version 1 only. */
export const VERSION_1: VersionCondition = [1];

/** displayOptions.show['@version'] for a parameter of version 2 and later. */
export const FROM_VERSION_2: VersionCondition = [{ _cnd: { gte: 2 } }];

/** Whether this node runs with the version 2 panel (a saved version-1 node keeps version 1's parameters). */
export function hasPanelV2(context: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return context.getNode().typeVersion >= 2;
}
