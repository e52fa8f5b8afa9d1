/** The dropdown loaders, called as the editor calls them, against the sandbox's currency list. */
import { LoadOptionsContext } from 'n8n-core';
import type { INodeParameters, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { NodeApiError, Workflow } from 'n8n-workflow';

import { MEMO_OPTION_HINT } from '../../nodes/Tylt/addresses';
import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { TyltCredentialMissingError } from '../../nodes/Tylt/transport/errors';
import { additionalData, loadTyltOptions } from '../../tools/harness/n8nContext';
import { onlyNodeType, workflowNode } from '../../tools/harness/workflowNode';
import { SEEDED_CURRENCIES } from '../../sandbox';
import { credentialsFor, failureOf, requestsTo, useSandbox } from '../support/sandboxKit';

const sandbox = useSandbox();

// n8n hands a loader the panel's current values as `additionalData.currentNodeParameters` (that is where
// getCurrentNodeParameter reads). loadTyltOptions does not set them yet, so fill them from the node's own
// parameters, which is what the editor sends; once the harness sets them this does nothing.
beforeAll(() => {
	const readPanel = LoadOptionsContext.prototype.getCurrentNodeParameter;
	jest.spyOn(LoadOptionsContext.prototype, 'getCurrentNodeParameter').mockImplementation(function (
		this: LoadOptionsContext,
		...args
	) {
		const context = this as unknown as {
			additionalData: IWorkflowExecuteAdditionalData;
			node: { parameters: INodeParameters };
		};
		context.additionalData.currentNodeParameters ??= context.node.parameters;
		return readPanel.apply(this, args);
	});
});

afterAll(() => {
	jest.restoreAllMocks();
});

const payoutPanel = (settledCurrency: string): INodeParameters => ({
	resource: 'payout',
	operation: 'create',
	settledCurrency,
});

describe('getCurrencies', () => {
	it('lists every supported currency as "Name (SYMBOL)", valued by its symbol, sorted by name', async () => {
		const options = await loadTyltOptions('getCurrencies', {
			credentials: credentialsFor(sandbox),
			parameters: payoutPanel(''),
		});

		const expected = SEEDED_CURRENCIES.map((currency) => ({
			name: `${currency.currencyName} (${currency.currencySymbol})`,
			value: currency.currencySymbol,
		})).sort((a, b) => a.name.localeCompare(b.name));
		expect(options.map(({ name, value }) => ({ name, value }))).toEqual(expected);
		expect(requestsTo(sandbox, 'currencies')).toHaveLength(1);
	});

	it('says "not listed" for a limit or fee TYLT does not give as a number, and reads numeric text', async () => {
		const usdt = SEEDED_CURRENCIES.find((currency) => currency.currencySymbol === 'USDT')!;
		const tron = usdt.networks.find((network) => network.networkSymbol === 'TRX')!;
		const listed = [
			{
				...usdt,
				networks: [{ ...tron, minimumWithdrawal: null, maximumWithdrawal: '', networkFees: '1.5' }],
			},
		];
		sandbox.injectFault('currencies', {
			kind: 'status',
			status: 200,
			contentType: 'application/json',
			body: JSON.stringify({ data: listed, errorCode: 0, msg: '' }),
		});

		const [option] = await loadTyltOptions('getNetworks', {
			credentials: credentialsFor(sandbox),
			parameters: payoutPanel('USDT'),
		});

		expect(option.description).toBe('Min not listed · Max not listed · Network fee 1.5 USDT');
	});

	it('surfaces a failing currency list as an error', async () => {
		sandbox.injectFault('currencies', { kind: 'status', status: 403 });

		const error = await failureOf(
			loadTyltOptions('getCurrencies', { credentials: credentialsFor(sandbox), parameters: {} }),
		);

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('Forbidden');
	});
});

describe('getNetworks', () => {
	const usdc = SEEDED_CURRENCIES.find((currency) => currency.currencySymbol === 'USDC')!;

	it('lists only the networks of the chosen currency that are open for withdrawals, with min, max and fee', async () => {
		const options = await loadTyltOptions('getNetworks', {
			credentials: credentialsFor(sandbox),
			parameters: payoutPanel('USDC'),
		});

		const open = usdc.networks.filter((network) => network.canWithdraw === 1);
		const closed = usdc.networks.filter((network) => network.canWithdraw === 0);
		expect(closed.length).toBeGreaterThan(0);
		expect(options.map((option) => option.value).sort()).toEqual(
			open.map((network) => network.networkSymbol).sort(),
		);
		for (const network of open) {
			const option = options.find((candidate) => candidate.value === network.networkSymbol)!;
			expect(option.name).toBe(`${network.networkName} (${network.networkSymbol})`);
			expect(option.description).toContain(`Min ${network.minimumWithdrawal} USDC`);
			expect(option.description).toContain(`Max ${network.maximumWithdrawal} USDC`);
			expect(option.description).toContain(`fee ${network.networkFees} USDC`);
		}
	});

	it('finds the chosen currency whatever case it was typed in', async () => {
		const options = await loadTyltOptions('getNetworks', {
			credentials: credentialsFor(sandbox),
			parameters: payoutPanel('usdc'),
		});

		expect(options.map((option) => option.value)).not.toContain('MATIC');
		expect(options).toHaveLength(
			usdc.networks.filter((network) => network.canWithdraw === 1).length,
		);
	});

	it('with no currency chosen, lists every network open for withdrawals of any currency, once each', async () => {
		const options = await loadTyltOptions('getNetworks', {
			credentials: credentialsFor(sandbox),
			parameters: payoutPanel(''),
		});

		const openSymbols = new Set(
			SEEDED_CURRENCIES.flatMap((currency) =>
				currency.networks
					.filter((network) => network.canWithdraw === 1)
					.map((network) => network.networkSymbol),
			),
		);
		expect(options.map((option) => option.value).sort()).toEqual([...openSymbols].sort());
	});

	// TYLT's payout has no memo field: where exchange deposits need one, the option says so before anyone pays.
	it('warns on a network whose exchange deposits need a memo (TON), and on no other', async () => {
		const options = await loadTyltOptions('getNetworks', {
			credentials: credentialsFor(sandbox),
			parameters: payoutPanel('USDT'),
		});

		const warned = options.filter((option) => option.description?.includes(MEMO_OPTION_HINT));
		expect(warned.map((option) => option.value)).toEqual(['TON']);
		expect(warned[0].description).toMatch(
			/^Min 10 USDT · Max 50000 USDT · Network fee 0.3 USDT · No memo/,
		);
	});

	it('warns on a memo network before a currency is chosen too', async () => {
		const options = await loadTyltOptions('getNetworks', {
			credentials: credentialsFor(sandbox),
			parameters: payoutPanel(''),
		});

		const ton = options.find((option) => option.value === 'TON')!;
		expect(ton.description).toBe(
			`Pick a settled currency to see limits and fees · ${MEMO_OPTION_HINT}`,
		);
	});

	it('surfaces a failing currency list as an error', async () => {
		sandbox.injectFault('currencies', {
			kind: 'errorCode',
			errorCode: 5001,
			msg: 'Currency list unavailable',
		});

		const error = await failureOf(
			loadTyltOptions('getNetworks', {
				credentials: credentialsFor(sandbox),
				parameters: payoutPanel('USDC'),
			}),
		);

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('Currency list unavailable');
	});
});

describe('a dropdown of a node that has no credential yet', () => {
	const tylt = new Tylt();

	/** The editor's first load-options call for a new node: it comes before the default credential is attached. */
	function beforeTheCredentialIsAttached(parameters: INodeParameters) {
		const node = workflowNode('tylt', parameters, { typeVersion: 2, credentials: undefined });
		const workflow = new Workflow({
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: onlyNodeType(tylt),
		});
		return new LoadOptionsContext(
			workflow,
			node,
			additionalData(credentialsFor(sandbox), parameters),
			'parameters',
		);
	}

	it.each(['getCurrencies', 'getNetworks'] as const)(
		'%s fails at once asking for a TYLT API credential, not retried, and sends nothing',
		async (method) => {
			const started = Date.now();

			const error = await failureOf(
				tylt.methods.loadOptions[method].call(beforeTheCredentialIsAttached(payoutPanel(''))),
			);

			expect(error).toBeInstanceOf(TyltCredentialMissingError);
			expect(error.message).toBe(
				'Select a TYLT API credential, or reopen this node if one is selected',
			);
			expect(error.description).toMatch(/nothing was sent to TYLT/);
			expect(error.message + String(error.description)).not.toMatch(/connection|did not answer/i);
			// The first retry would wait RETRY_POLICY.baseDelayMs (1 s).
			expect(Date.now() - started).toBeLessThan(900);
			expect(sandbox.requests).toEqual([]);
		},
	);
});
