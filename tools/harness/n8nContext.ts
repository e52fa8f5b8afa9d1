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
	/** The node version the workflow saved (default: the version a new node gets, 3). */
	typeVersion?: number;
	/**
	 * A hand-edited workflow: an older version's parameters left in a newer node's JSON, which the newer version
	 * must ignore. Without it, such a run fails the test at once instead of ignoring the parameter unseen.
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

/** Where version 2 keeps what version 3 writes as one option (AI Agent Max Amount: `USDT 100`). */
const VERSION_2_ONLY: Record<string, string[]> = {
	options: ['toolMaxAmount', 'toolMaxAmountCurrency'],
};

/** Version 3's lists: an older version's dropdown holds a plain symbol and would fail on n8n's `{ __rl }` value. */
const RESOURCE_LOCATORS = ['settledCurrency', 'networkSymbol'];

function assertPanelOfVersion(options: RunOptions, typeVersion: number) {
	const locators = RESOURCE_LOCATORS.filter((name) => {
		const value = options.parameters[name];
		return typeof value === 'object' && value !== null && '__rl' in value;
	});
	if (typeVersion < 3 && locators.length > 0) {
		throw new Error(
			`A version-${typeVersion} run holds version 3's list values in ${locators.join(', ')}: version ${typeVersion} saves plain symbols (withPlainSymbols in test/support/sandboxKit.ts).`,
		);
	}
	if (typeVersion < 2 || options.version1ParametersInJson) return;
	const olderOnly: Array<[number, Record<string, string[]>, string]> = [
		[1, VERSION_1_ONLY, 'test/versionOne.test.ts'],
		...(typeVersion >= 3
			? [
					[2, VERSION_2_ONLY, 'test/versionTwo.test.ts'] as [
						number,
						Record<string, string[]>,
						string,
					],
				]
			: []),
	];
	for (const [olderVersion, parameters, suite] of olderOnly) {
		for (const [collection, names] of Object.entries(parameters)) {
			const values = options.parameters[collection];
			if (typeof values !== 'object' || values === null) continue;
			const found = names.filter((name) => name in values);
			if (found.length > 0) {
				throw new Error(
					`A version-${typeVersion} run holds version ${olderVersion}'s ${collection}.${found.join(', ')}: version ${typeVersion} ignores it. Set it where version ${typeVersion}'s panel has it, or run version ${olderVersion} (${suite}).`,
				);
			}
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

type PanelCall = Pick<RunOptions, 'parameters' | 'credentials' | 'typeVersion'>;

/** The context the editor gives a loader or a list search: the panel's current parameters. */
function loadOptionsContext(options: PanelCall) {
	const node = buildNode({ ...options });
	return new LoadOptionsContext(
		buildWorkflow(node),
		node,
		additionalData(options.credentials, options.parameters),
		'parameters',
	);
}

/** Calls one of the node's dropdown loaders (versions 1 and 2) as the editor would. */
export async function loadTyltOptions(method: 'getCurrencies' | 'getNetworks', options: PanelCall) {
	return await tyltNode.methods.loadOptions[method].call(loadOptionsContext(options));
}

/** Opens one of the node's lists (version 3) as the editor does, with what the user typed in its search box. */
export async function searchTyltList(
	method: 'searchCurrencies' | 'searchNetworks',
	options: PanelCall & { filter?: string },
) {
	return await tyltNode.methods.listSearch[method].call(
		loadOptionsContext(options),
		options.filter,
	);
}
