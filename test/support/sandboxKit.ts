/**
 * What every TYLT node test needs beside the harness: a sandbox per file and the node run against it, the
 * sandbox's request log per endpoint, the HMAC an honest client must have sent, and the error a run failed with.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/shared/memoryBetweenExecutions';
import { runTyltNode } from '../../tools/harness/n8nContext';
import type { RunOptions, TyltCredentialData } from '../../tools/harness/n8nContext';
import { startSandbox } from '../../sandbox';
import type { EndpointName, LoggedRequest, SandboxOptions, TyltSandbox } from '../../sandbox';
import { sha256, tronAddress as tronAddressFor } from '../../sandbox/tronAddresses';
import { forwardToRunning } from './sandboxClient';

export { expectedSignature } from './sandboxClient';

export function credentialsFor(sandbox: TyltSandbox): TyltCredentialData {
	return { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url };
}

export function requestsTo(sandbox: TyltSandbox, endpoint: EndpointName): LoggedRequest[] {
	return sandbox.requests.filter((request) => request.endpoint === endpoint);
}

/** The shape n8n's NodeOperationError and NodeApiError share, as far as these tests look at it. */
export interface NodeRunError extends Error {
	description?: string | null;
	context: { itemIndex?: number };
	httpCode?: string | null;
}

/** The error a run failed with; fails the test when the run succeeded. */
export async function failureOf(run: Promise<unknown>): Promise<NodeRunError> {
	try {
		await run;
	} catch (error) {
		return error as NodeRunError;
	}
	throw new Error('Expected the node run to fail, but it succeeded');
}

/**
 * A well-formed Tron address, different for every label: base58check of 0x41 and 20 bytes, so its
 * checksum holds and a recipient can be told apart in the request log by the label it was made from.
 */
export function tronAddress(label: string): string {
	return tronAddressFor(sha256(Buffer.from(label)).subarray(0, 20));
}

/**
 * An EIP-55 checksummed Ethereum-format address (one of EIP-55's own examples), valid on ETH, BSC and Polygon.
 * Not a token contract: the node refuses those as recipients.
 */
export const EVM_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

/** Settled Currency or Network as a version-3 node saves it: picked From List, or By Symbol (typed or `={{ … }}`). */
export const fromList = (symbol: string) => ({ __rl: true, mode: 'list', value: symbol });
export const bySymbol = (symbol: string) => ({ __rl: true, mode: 'id', value: symbol });

/**
 * A payout any seeded sandbox accepts: USDT on Tron, inside its withdrawal bounds, as a new node saves it.
 * `overrides` may hold any item-shaped values (a test's Options object, say): n8n reads them as node parameters.
 */
export function payoutCreate(overrides: Record<string, unknown> = {}): INodeParameters {
	return {
		resource: 'payout',
		operation: 'create',
		settledCurrency: fromList('USDT'),
		networkSymbol: fromList('TRX'),
		address: tronAddress('recipient'),
		baseAmount: 25,
		additionalFields: {},
		...overrides,
	} as INodeParameters;
}

/** The same parameters as versions 1 and 2 save them: Settled Currency and Network as plain symbols. */
export function withPlainSymbols(parameters: INodeParameters): INodeParameters {
	const plain = (value: unknown) =>
		typeof value === 'object' && value !== null && '__rl' in value
			? (value as unknown as { value: string }).value
			: value;
	return {
		...parameters,
		...('settledCurrency' in parameters
			? { settledCurrency: plain(parameters.settledCurrency) as string }
			: {}),
		...('networkSymbol' in parameters
			? { networkSymbol: plain(parameters.networkSymbol) as string }
			: {}),
	};
}

/**
 * One sandbox per test file, reset before each test, and everything the package keeps between executions
 * forgotten with it: each test starts as a fresh n8n process would. Returns a
 * stand-in that forwards to the running sandbox, so tests read `sandbox.requests` as if they held it.
 */
export function useSandbox(options: SandboxOptions = { autoSettle: false }): TyltSandbox {
	let running: TyltSandbox | undefined;
	beforeAll(async () => {
		running = await startSandbox(options);
	});
	afterAll(async () => {
		await running?.close();
	});
	beforeEach(() => {
		running?.reset();
		forgetProcessMemory();
	});

	return forwardToRunning(() => running);
}

/** A run of the node; the credentials default to the file's sandbox. */
export type NodeRun = Omit<RunOptions, 'credentials'> & { credentials?: RunOptions['credentials'] };

export interface TyltNodeOnSandbox {
	readonly sandbox: TyltSandbox;
	/** Runs the node once against the sandbox and returns its output items. */
	run(run: NodeRun): Promise<INodeExecutionData[]>;
	/** Runs the node, expects it to fail, and returns the error. */
	fail(run: NodeRun): Promise<NodeRunError>;
}

/** The file's sandbox (`useSandbox`) and the TYLT node wired to it with the sandbox's credentials. */
export function useTyltNode(options?: SandboxOptions): TyltNodeOnSandbox {
	const sandbox = useSandbox(options);
	const run = async (nodeRun: NodeRun) =>
		await runTyltNode({ credentials: credentialsFor(sandbox), ...nodeRun });
	return { sandbox, run, fail: async (nodeRun) => await failureOf(run(nodeRun)) };
}
