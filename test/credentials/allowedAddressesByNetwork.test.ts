/**
 * Allowed Recipient Addresses tied to a network (`ETH:0x…`) bind wherever the credential signs: the TYLT node
 * (both versions, and as an AI agent's tool), checked for each item before anything is sent, and the HTTP
 * Request node, checked at signing against the body's networkSymbol. A bare address keeps allowing any
 * network; an entry that cannot be checked stops every payout, naming it.
 */
import type { INodeParameters } from 'n8n-workflow';

import { httpRequestNode } from '../support/httpRequestNode';
import {
	credentialsFor,
	EVM_ADDRESS,
	payoutCreate,
	requestsTo,
	useTyltNode,
	withPlainSymbols,
	type NodeRun,
} from '../support/sandboxKit';

const node = useTyltNode();
const { sandbox } = node;

const TIED_TO_ETH = { allowedAddresses: `ETH:${EVM_ADDRESS}` };
const BARE = { allowedAddresses: EVM_ADDRESS.toLowerCase() };
const creates = () => requestsTo(sandbox, 'createPayout');
const networksPaid = () =>
	creates().map((request) => JSON.parse(request.rawBody).networkSymbol as string);

const toEvm = (networkSymbol: string, overrides: INodeParameters = {}) =>
	payoutCreate({ networkSymbol, address: EVM_ADDRESS, baseAmount: 20, ...overrides });

/** The TYLT node's runs this file makes: version 1, the version a new node gets, and that as an AI agent's tool. */
const TYLT_NODE_RUNS: Array<[string, (parameters: INodeParameters) => Partial<NodeRun>]> = [
	[
		'the TYLT node v1',
		(parameters) => ({ typeVersion: 1, parameters: withPlainSymbols(parameters) }),
	],
	['the TYLT node', (parameters) => ({ parameters })],
	[
		'the TYLT node as an AI tool',
		(parameters) => ({
			nodeType: 'n8n-nodes-tylt.tyltTool',
			parameters: { ...parameters, options: { agentMaxAmount: 'USDT 50' } },
		}),
	],
];

const runWith = (limits: Record<string, string>, run: Partial<NodeRun>) =>
	({ ...run, credentials: { ...credentialsFor(sandbox), ...limits } }) as NodeRun;

describe.each(TYLT_NODE_RUNS)('%s with an address tied to ETH', (_name, asRun) => {
	it('pays it on ETH', async () => {
		const [paid] = await node.run(runWith(TIED_TO_ETH, asRun(toEvm('ETH'))));

		expect(paid.json.status).toBe('Pending');
		expect(networksPaid()).toEqual(['ETH']);
	});

	it.each(['BSC', 'MATIC'])(
		'refuses it on %s, another EVM network: nothing is sent',
		async (network) => {
			const error = await node.fail(runWith(TIED_TO_ETH, asRun(toEvm(network))));

			expect(error.message).toContain(
				`spending limits refuse it: Allowed Recipient Addresses allows the recipient "${EVM_ADDRESS}" only on ETH, not on ${network}`,
			);
			expect(creates()).toEqual([]);
		},
	);

	it('pays a bare address on any network, as before', async () => {
		await node.run(runWith(BARE, asRun(toEvm('BSC'))));
		await node.run(runWith(BARE, asRun(toEvm('ETH'))));

		expect(networksPaid()).toEqual(['BSC', 'ETH']);
	});

	it('sends nothing while an entry cannot be checked, and names it', async () => {
		const malformed = { allowedAddresses: `ETH:${EVM_ADDRESS}\nTRX:${EVM_ADDRESS}` };
		const error = await node.fail(runWith(malformed, asRun(toEvm('ETH'))));

		expect(error.message).toContain(
			`Allowed Recipient Addresses cannot be read: "TRX:${EVM_ADDRESS}" is not a TRX address`,
		);
		expect(creates()).toEqual([]);
	});
});

describe('a dry run of the TYLT node', () => {
	it('names the entry that allowed the payout, or says why none did', async () => {
		const limits = { allowedAddresses: `BSC:${EVM_ADDRESS} ETH:${EVM_ADDRESS.toLowerCase()}` };
		const dryRun = (network: string) =>
			node.run(runWith(limits, { parameters: toEvm(network, { options: { dryRun: true } }) }));

		const [onEth] = await dryRun('ETH');
		const [onPolygon] = await dryRun('MATIC');

		expect(onEth.json).toMatchObject({
			wouldSend: true,
			spendingLimits: { allowed: true, allowedBy: `ETH:${EVM_ADDRESS.toLowerCase()}` },
		});
		expect(onPolygon.json).toMatchObject({
			wouldSend: false,
			spendingLimits: {
				allowed: false,
				refusedBecause: `Allowed Recipient Addresses allows the recipient "${EVM_ADDRESS}" only on BSC, ETH, not on MATIC (entries: BSC:${EVM_ADDRESS}, ETH:${EVM_ADDRESS.toLowerCase()})`,
			},
		});
		expect(creates()).toEqual([]);
	});
});

describe('the HTTP Request node with an address tied to ETH', () => {
	const post = (limits: Record<string, string>, body: Record<string, unknown>) =>
		httpRequestNode(sandbox, limits, {
			body: {
				baseAmount: 20,
				address: EVM_ADDRESS,
				settledCurrency: 'USDT',
				...body,
			},
		});

	it('pays it on ETH, and signs it on ETH in another letter case: TYLT reads that as ETH or refuses it', async () => {
		expect(await post(TIED_TO_ETH, { networkSymbol: 'ETH' })).toHaveProperty('answer');
		// The sandbox, like a TYLT matching symbols exactly, refuses "eth": the credential let it reach TYLT.
		await post(TIED_TO_ETH, { networkSymbol: 'eth' });
		expect(networksPaid()).toEqual(['ETH', 'eth']);
		expect(sandbox.payouts.map((payout) => payout.network)).toEqual(['ETH']);
	});

	it.each<[string, unknown, RegExp]>([
		['BSC', 'BSC', /only on ETH, not on BSC \(entry: ETH:0x[0-9a-fA-F]{40}\)$/],
		[
			'"ETH " (a trailing space)',
			'ETH ',
			/its networkSymbol "ETH " is not a network symbol as TYLT writes them/,
		],
		['no network symbol', undefined, /its networkSymbol missing is not a network symbol/],
	])('refuses it on %s at signing: nothing reaches TYLT', async (_case, networkSymbol, reason) => {
		const outcome = await post(TIED_TO_ETH, { networkSymbol });

		expect('error' in outcome && outcome.error.message).toMatch(
			/^The TYLT API credential refused this payout, so nothing was sent: Allowed Recipient Addresses allows the recipient/,
		);
		expect('error' in outcome && outcome.error.message).toMatch(reason);
		expect(sandbox.requests).toEqual([]);
	});

	it('pays a bare address on any network, as before', async () => {
		await post(BARE, { networkSymbol: 'BSC' });
		await post(BARE, { networkSymbol: 'MATIC' });

		expect(networksPaid()).toEqual(['BSC', 'MATIC']);
	});

	it('sends nothing while an entry cannot be checked, and names it', async () => {
		const outcome = await post(
			{ allowedAddresses: `ETH:${EVM_ADDRESS}, SOLANA:abc` },
			{ networkSymbol: 'ETH' },
		);

		expect('error' in outcome && outcome.error.message).toContain(
			'Allowed Recipient Addresses cannot be read: "SOLANA:abc" is not a SOLANA address',
		);
		expect(sandbox.requests).toEqual([]);
	});
});
