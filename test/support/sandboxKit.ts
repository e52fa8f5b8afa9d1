/**
 * What every TYLT node test needs beside the harness: the node's credentials for a sandbox, the sandbox's
 * request log per endpoint, the HMAC an honest client must have sent, and the error a run failed with.
 */
import { createHash, createHmac } from 'node:crypto';

import type { INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/Tylt/payout/processMemory';
import type { TyltCredentialData } from '../../tools/harness/n8nContext';
import { startSandbox } from '../../sandbox';
import type { EndpointName, LoggedRequest, SandboxOptions, TyltSandbox } from '../../sandbox';

export function credentialsFor(sandbox: TyltSandbox): TyltCredentialData {
	return { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url };
}

export function requestsTo(sandbox: TyltSandbox, endpoint: EndpointName): LoggedRequest[] {
	return sandbox.requests.filter((request) => request.endpoint === endpoint);
}

/** Computed here with node:crypto, independently of the code under test: the spec's lowercase hex HMAC-SHA256. */
export function expectedSignature(secret: string, signedString: string): string {
	return createHmac('sha256', secret).update(signedString, 'utf8').digest('hex');
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

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(data: Buffer): Buffer {
	return createHash('sha256').update(data).digest();
}

function base58(bytes: Buffer): string {
	let value = BigInt(`0x${bytes.toString('hex')}`);
	let text = '';
	while (value > 0n) {
		text = BASE58_ALPHABET[Number(value % 58n)] + text;
		value /= 58n;
	}
	return text;
}

/**
 * A well-formed Tron address, different for every label: base58check of 0x41 and 20 bytes, so its
 * checksum holds and a recipient can be told apart in the request log by the label it was made from.
 */
export function tronAddress(label: string): string {
	const payload = Buffer.concat([Buffer.from([0x41]), sha256(Buffer.from(label)).subarray(0, 20)]);
	return base58(Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]));
}

/** A real EIP-55 checksummed Ethereum-format address (Tether's contract), valid on ETH, BSC and Polygon. */
export const EVM_ADDRESS = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/** A payout any seeded sandbox accepts: USDT on Tron, inside its withdrawal bounds. */
export function payoutCreate(overrides: INodeParameters = {}): INodeParameters {
	return {
		resource: 'payout',
		operation: 'create',
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		address: tronAddress('recipient'),
		baseAmount: 25,
		additionalFields: {},
		...overrides,
	};
}

/**
 * One sandbox per test file, reset before each test, and the node's process-wide memory (payouts sent,
 * references in doubt) forgotten with it: each test starts as a fresh n8n process would. Returns a
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

	return new Proxy({} as TyltSandbox, {
		get(_target, property) {
			if (!running) throw new Error('The sandbox is only available inside tests and hooks');
			const value = Reflect.get(running, property, running);
			return typeof value === 'function' ? value.bind(running) : value;
		},
		// Setters (latencyMs, balances) must reach the running sandbox, not the stand-in.
		set(_target, property, value) {
			if (!running) throw new Error('The sandbox is only available inside tests and hooks');
			return Reflect.set(running, property, value, running);
		},
	});
}
