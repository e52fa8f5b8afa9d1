/**
 * Version 3's lists, opened as the editor opens them, against the sandbox's currency list: one line per entry,
 * carrying what a user picks by; the search box narrows them; Network follows the chosen currency in either mode.
 */
import { LoadOptionsContext } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { MEMO_OPTION_HINT } from '../../nodes/Tylt/addresses';
import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { TyltCredentialMissingError } from '../../nodes/Tylt/transport/errors';
import { additionalData, searchTyltList } from '../../tools/harness/n8nContext';
import { onlyNodeType, workflowNode } from '../../tools/harness/workflowNode';
import { SEEDED_CURRENCIES } from '../../sandbox';
import { credentialsFor, failureOf, requestsTo, useSandbox } from '../support/sandboxKit';

const sandbox = useSandbox();

const currency = (mode: 'list' | 'id', value: string) => ({ __rl: true, mode, value });
const payoutPanel = (settledCurrency: unknown): INodeParameters => ({
	resource: 'payout',
	operation: 'create',
	settledCurrency: settledCurrency as INodeParameters[string],
});
const search = (
	method: 'searchCurrencies' | 'searchNetworks',
	parameters: INodeParameters,
	filter?: string,
) =>
	searchTyltList(method, { credentials: credentialsFor(sandbox), parameters, filter }).then(
		(found) => found.results,
	);

const usdc = SEEDED_CURRENCIES.find((entry) => entry.currencySymbol === 'USDC')!;
const openNetworks = (record: typeof usdc) =>
	record.networks.filter((network) => network.canWithdraw === 1);

describe('Settled Currency’s list', () => {
	it('shows each currency on one line with the networks it pays out on, by symbol, valued by its symbol', async () => {
		const results = await search('searchCurrencies', payoutPanel(currency('list', '')));

		expect(results.map((entry) => entry.value).sort()).toEqual(
			SEEDED_CURRENCIES.map((entry) => entry.currencySymbol).sort(),
		);
		const line = results.find((entry) => entry.value === 'USDC')!.name;
		// Polygon takes only deposits of USDC: never offered.
		expect(line).toBe('USD Coin (USDC) — BSC, ETH, SOL');
		expect(requestsTo(sandbox, 'currencies')).toHaveLength(1);
	});

	it('keeps the entries that hold what was typed in the search box, in any case, network names included', async () => {
		const bySymbol = await search('searchCurrencies', payoutPanel(currency('list', '')), 'usdc');
		expect(bySymbol.map((entry) => entry.value)).toEqual(['USDC']);

		const byNetwork = await search('searchCurrencies', payoutPanel(currency('list', '')), 'solana');
		const paidOnSolana = SEEDED_CURRENCIES.filter((entry) =>
			openNetworks(entry as typeof usdc).some((network) => network.networkName === 'Solana'),
		);
		expect(byNetwork.map((entry) => entry.value).sort()).toEqual(
			paidOnSolana.map((entry) => entry.currencySymbol).sort(),
		);
		expect(paidOnSolana.length).toBeLessThan(SEEDED_CURRENCIES.length);
	});
});

describe('Network’s list', () => {
	it.each([
		['picked From List', currency('list', 'USDC')],
		['typed By Symbol, in any case', currency('id', 'usdc')],
	])(
		'follows the Settled Currency %s: its open networks, each with min · max · fee',
		async (_how, chosen) => {
			const results = await search('searchNetworks', payoutPanel(chosen));

			expect(results.map((entry) => entry.value).sort()).toEqual(
				openNetworks(usdc)
					.map((network) => network.networkSymbol)
					.sort(),
			);
			const [network] = openNetworks(usdc);
			expect(results.find((entry) => entry.value === network.networkSymbol)!.name).toBe(
				`${network.networkName} (${network.networkSymbol}) — min ${network.minimumWithdrawal} · max ${network.maximumWithdrawal} · fee ${network.networkFees} USDC`,
			);
		},
	);

	it('warns first on the line of a network whose exchange deposits need a memo (TON), and on no other', async () => {
		const results = await search('searchNetworks', payoutPanel(currency('list', 'USDT')));

		expect(results.filter((entry) => entry.name.includes('memo'))).toEqual([
			{ name: 'TON (TON) — memo not sent · min 10 · max 50000 · fee 0.3 USDT', value: 'TON' },
		]);
		// The whole warning is searched too.
		const searched = await search(
			'searchNetworks',
			payoutPanel(currency('list', 'USDT')),
			MEMO_OPTION_HINT,
		);
		expect(searched.map((entry) => entry.value)).toEqual(['TON']);
	});

	it('with the currency an expression, offers every open network and says limits need a currency', async () => {
		const results = await search(
			'searchNetworks',
			payoutPanel(currency('id', '={{ $json.currency }}')),
			'tron',
		);

		expect(results).toEqual([
			{ name: 'Tron (TRX) — choose a settled currency for its limits', value: 'TRX' },
		]);
	});
});

describe('a list opened on a node that has no credential', () => {
	it.each(['searchCurrencies', 'searchNetworks'] as const)(
		'%s asks for a TYLT API credential and sends nothing',
		async (method) => {
			const tylt = new Tylt();
			const parameters = payoutPanel(currency('list', 'USDT'));
			const node = workflowNode('tylt', parameters, { credentials: undefined });
			const workflow = new Workflow({
				nodes: [node],
				connections: {},
				active: false,
				nodeTypes: onlyNodeType(tylt),
			});
			const context = new LoadOptionsContext(
				workflow,
				node,
				additionalData(credentialsFor(sandbox), parameters),
				'parameters',
			);

			const error = await failureOf(tylt.methods.listSearch[method].call(context));

			expect(error).toBeInstanceOf(TyltCredentialMissingError);
			expect(sandbox.requests).toEqual([]);
		},
	);
});
