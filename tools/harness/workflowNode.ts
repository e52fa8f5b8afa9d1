/**
 * This package's nodes as an n8n workflow holds them, for the harness and for tests that need an INode (an
 * error's node, say): one fixed id and name per node type, the version a new node gets in the editor, the test
 * credential attached, and the node types registry n8n-core asks for a workflow that holds only that node.
 */
import type { INode, INodeParameters, INodeType, INodeTypes } from 'n8n-workflow';

/** `typeVersion`: each node's defaultVersion, what users get (older versions: test/versionOne.test.ts, test/versionTwo.test.ts). */
const NODES = {
	tylt: { id: 'tylt-node', name: 'TYLT', typeVersion: 3 },
	tyltTrigger: { id: 'tylt-trigger', name: 'TYLT Trigger', typeVersion: 2 },
	tyltPayoutStatusTrigger: {
		id: 'tylt-poll-trigger',
		name: 'TYLT Payout Status Trigger',
		typeVersion: 1,
	},
} as const;

export type PackageNodeType = keyof typeof NODES;

export function workflowNode(
	type: PackageNodeType,
	parameters: INodeParameters = {},
	overrides: Partial<INode> = {},
): INode {
	return {
		...NODES[type],
		type: `n8n-nodes-tylt.${type}`,
		position: [0, 0],
		parameters,
		credentials: { tyltApi: { id: 'cred-1', name: 'TYLT account' } },
		...overrides,
	};
}

/** The registry n8n-core looks node types up in, holding just `nodeType`. */
export function onlyNodeType(nodeType: INodeType): INodeTypes {
	return {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}
