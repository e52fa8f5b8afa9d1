/**
 * Runs the TYLT node inside n8n-core's own execution contexts: real parameter handling, real Continue On Fail,
 * and real request helpers (httpRequestWithAuthentication → credential authenticate → axios → the sandbox).
 * Only the credential store is replaced, by one that returns the test's credential data.
 */
import { ExecuteContext, LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
	INodeParameters,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import type { SpendingLimitTexts } from '../../nodes/shared/spendingLimits/fields';
import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { onlyNodeType, workflowNode } from './workflowNode';

export type TyltCredentialData = SpendingLimitTexts & {
	apiKey: string;
	apiSecret: string;
	baseUrl: string;
};

export interface RunOptions {
	parameters: INodeParameters;
	credentials: TyltCredentialData;
	items?: IDataObject[];
	continueOnFail?: boolean;
	/** Simulates the node running as an AI agent tool (n8n gives it a type ending in "Tool"). */
	nodeType?: string;
	/** The execution's cancel signal, as n8n aborts it when the user stops the execution. */
	abortSignal?: AbortSignal;
	/** The node version the workflow saved (default: the version a new node gets, 2). */
	typeVersion?: number;
	/**
	 * A hand-edited workflow: version 1's parameters left in a version-2 node's JSON, which version 2 must
	 * ignore. Without it, a version-2 run given one fails the test at once instead of ignoring it unseen.
	 */
	version1ParametersInJson?: boolean;
}

/**
 * Where version 1 keeps parameters that version 2 moved to the panel (Reference, Base Currency, Wait Until Final,
 * Max Wait), replaced (Concurrent Payouts and Pause Between Payouts: Max Payouts Per Second) or dropped (Get
 * Many's Page Size: version 2 leaves it to the node).
 */
const VERSION_1_ONLY: Record<string, string[]> = {
	options: [
		'reference',
		'concurrentPayouts',
		'pauseBetweenPayoutsMs',
		'waitUntilFinal',
		'maxWaitSeconds',
		'pageSize',
	],
	additionalFields: ['baseCurrency'],
};

function assertPanelOfVersion(options: RunOptions, typeVersion: number) {
	if (typeVersion < 2 || options.version1ParametersInJson) return;
	for (const [collection, names] of Object.entries(VERSION_1_ONLY)) {
		const values = options.parameters[collection];
		if (typeof values !== 'object' || values === null) continue;
		const found = names.filter((name) => name in values);
		if (found.length > 0) {
			throw new Error(
				`A version-${typeVersion} run holds version 1's ${collection}.${found.join(', ')}: version 2 ignores it. Set it where version 2's panel has it, or run version 1 (test/versionOne.test.ts).`,
			);
		}
	}
}

const tyltNode = new Tylt();
const tyltCredential = new TyltApi();

function buildNode(options: RunOptions): INode {
	const node = workflowNode('tylt', options.parameters, {
		...(options.nodeType ? { type: options.nodeType } : {}),
		...(options.typeVersion ? { typeVersion: options.typeVersion } : {}),
		continueOnFail: options.continueOnFail ?? false,
	});
	assertPanelOfVersion(options, node.typeVersion);
	return node;
}

/** The credential store n8n would have, holding one TYLT credential; signing is the credential's own code. */
export function additionalData(
	credentials: TyltCredentialData,
	parameters?: INodeParameters,
): IWorkflowExecuteAdditionalData {
	const credentialsHelper = {
		getParentTypes: () => [],
		isCredentialUsableByNode: () => true,
		getCredentialsProperties: () => tyltCredential.properties,
		getDecrypted: async () => ({ ...credentials }) as ICredentialDataDecryptedObject,
		authenticate: async (
			data: ICredentialDataDecryptedObject,
			_type: string,
			requestOptions: IHttpRequestOptions,
		) => await tyltCredential.authenticate(data, requestOptions),
		preAuthentication: async () => undefined,
		updateCredentials: async () => undefined,
		updateCredentialsOauthTokenData: async () => undefined,
	};
	return {
		credentialsHelper,
		executionId: 'test-execution',
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		variables: {},
		// What the editor sends with a load-options call: the panel's current values.
		currentNodeParameters: parameters,
	} as unknown as IWorkflowExecuteAdditionalData;
}

function buildWorkflow(node: INode): Workflow {
	return new Workflow({
		id: 'test-workflow',
		name: 'TYLT test',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: onlyNodeType(tyltNode),
		settings: { executionOrder: 'v1' },
	});
}

/** An n8n-core execution context for the TYLT node: its `helpers` are n8n's real request helpers. */
export function createExecuteContext(options: RunOptions): ExecuteContext {
	const node = buildNode(options);
	const workflow = buildWorkflow(node);
	const inputItems: INodeExecutionData[] = (options.items ?? [{}]).map((json) => ({ json }));
	const inputData = { main: [inputItems] };
	const runExecutionData: IRunExecutionData = createRunExecutionData();
	return new ExecuteContext(
		workflow,
		node,
		additionalData(options.credentials),
		'manual',
		runExecutionData,
		0,
		inputItems,
		inputData,
		{ node, data: inputData, source: null },
		[],
		options.abortSignal,
	);
}

/** Executes the TYLT node once over `items` and returns its output items. */
export async function runTyltNode(options: RunOptions): Promise<INodeExecutionData[]> {
	const output = await tyltNode.execute.call(createExecuteContext(options));
	return output[0];
}

/** Calls one of the node's dropdown loaders as the editor would, with the panel's current parameters. */
export async function loadTyltOptions(
	method: 'getCurrencies' | 'getNetworks',
	options: Pick<RunOptions, 'parameters' | 'credentials'>,
) {
	const node = buildNode({ ...options });
	const workflow = buildWorkflow(node);
	const context = new LoadOptionsContext(
		workflow,
		node,
		additionalData(options.credentials, options.parameters),
		'parameters',
	);
	return await tyltNode.methods.loadOptions[method].call(context);
}
