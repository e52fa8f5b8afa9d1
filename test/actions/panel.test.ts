/**
 * The TYLT node's panel as n8n's editor shows a new node (n8n's own displayParameter decides what is shown):
 * Payout → Create opens on what a user decides, its currency and network as lists that load when opened,
 * Payout → Get puts Wait Until Final first and Max Wait under it, and the words fit a glance. Version 1's panel
 * is what workflows saved before version 2 hold; version 2's is pinned in test/versionTwo.test.ts.
 */
import type { INode, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { hints, longDescriptions, panelOf } from '../support/panel';

const { description } = new Tylt();
const payout = (operation: string, values = {}) => ({ resource: 'payout', operation, ...values });

const NEW_NODE = 3;

it('is version 3 for new nodes, and keeps versions 1 and 2 for saved workflows', () => {
	expect(description.version).toEqual([1, 2, NEW_NODE]);
	expect(description.defaultVersion).toBe(NEW_NODE);
});

describe('Payout → Create', () => {
	const panel = panelOf(description, payout('create'), NEW_NODE);

	it('shows what a user decides before any Add click: currency, network, address, amount, what it is in, reference', () => {
		expect(panel.fields).toEqual([
			'Resource',
			'Operation',
			'Settled Currency',
			'Network',
			'Address',
			'Amount In',
			'Base Amount',
			'Reference',
		]);
		expect(panel.collections['Additional Fields']).toEqual([
			'Callback URL',
			'Comments',
			'Customer Name',
			'Redirect URL',
		]);
	});

	it('asks for the fiat code on the panel when the amount is in a fiat currency', () => {
		const fiat = panelOf(description, payout('create', { amountIn: 'fiat' }), NEW_NODE);
		expect(fiat.fields).toEqual(
			expect.arrayContaining(['Amount In', 'Base Currency', 'Base Amount']),
		);
		expect(panel.fields).not.toContain('Base Currency');
	});

	it('lists at most 9 options: what a user decides first, one pacing knob, and the AI agent’s cap, with its currency, last', () => {
		expect(panel.collections.Options).toEqual([
			'Dry Run',
			'Check Balance First',
			'Duplicate Guard',
			'Max Payouts Per Second',
			'Duplicate Look-Back (Hours)',
			'In-Doubt Check (Seconds)',
			'Timeout (Seconds)',
			'AI Agent Max Amount',
		]);
		const options = description.properties.find(
			(property) =>
				property.name === 'options' &&
				NodeHelpers.displayParameter(
					payout('create'),
					property,
					{ typeVersion: NEW_NODE },
					description,
				),
		)!;
		// Send Reference as Merchant Order ID counts too: it shows once a saved workflow has it on.
		expect(options.options).toHaveLength(9);
		const cap = (options.options as INodeProperties[]).find(
			(option) => option.displayName === 'AI Agent Max Amount',
		)!;
		expect(cap).toMatchObject({ type: 'string', default: '', placeholder: 'e.g. USDT 100' });
	});

	it('offers Settled Currency and Network From List (searched when opened) or By Symbol (typed or an expression)', () => {
		const lists = description.properties.filter(
			(property) =>
				property.type === 'resourceLocator' &&
				NodeHelpers.displayParameter(
					payout('create'),
					property,
					{ typeVersion: NEW_NODE },
					description,
				),
		);
		expect(lists.map((list) => [list.name, list.displayName])).toEqual([
			['settledCurrency', 'Settled Currency'],
			['networkSymbol', 'Network'],
		]);
		for (const list of lists) {
			expect(list.default).toEqual({ mode: 'list', value: '' });
			expect(list.modes!.map((mode) => [mode.name, mode.displayName, mode.type])).toEqual([
				['list', 'From List', 'list'],
				['id', 'By Symbol', 'string'],
			]);
			expect(list.modes![0].typeOptions).toMatchObject({ searchable: true });
		}
		expect(lists.map((list) => list.modes![0].typeOptions!.searchListMethod)).toEqual([
			'searchCurrencies',
			'searchNetworks',
		]);
		expect(lists[1].typeOptions?.loadOptionsDependsOn).toEqual(['settledCurrency.value']);
	});

	it('keeps Send Reference as Merchant Order ID, on, for a saved workflow that turned it on', () => {
		const saved = payout('create', { options: { referenceAsMerchantOrderId: true } });
		expect(panelOf(description, saved, NEW_NODE).collections.Options).toContain(
			'Send Reference as Merchant Order ID',
		);
		// What n8n keeps of the saved parameters before the node reads them (hidden options are dropped).
		const kept = NodeHelpers.getNodeParameters(
			description.properties,
			saved,
			false,
			false,
			{ typeVersion: NEW_NODE },
			description,
		);
		expect(kept?.options).toEqual({ referenceAsMerchantOrderId: true });
	});

	it('asks for a Base Amount: empty until filled, and flagged by n8n while empty', () => {
		const baseAmount = description.properties.find(
			(property) =>
				property.name === 'baseAmount' && property.displayOptions?.show?.['@version']?.[0] !== 1,
		)!;
		expect(baseAmount).toMatchObject({ default: '', required: true });
		const values = NodeHelpers.getNodeParameters(
			description.properties,
			payout('create'),
			true,
			false,
			{ typeVersion: NEW_NODE },
			description,
		)!;
		expect(
			NodeHelpers.getParameterIssues(
				baseAmount,
				values,
				'',
				{ typeVersion: NEW_NODE } as INode,
				description,
			).parameters,
		).toEqual({ baseAmount: ['Parameter "Base Amount" is required.'] });
	});

	it('shows the hint about TYLT’s rate only when the amount is in a fiat currency', () => {
		const fiat = panelOf(description, payout('create', { amountIn: 'fiat' }), NEW_NODE);
		const rateHints = (shown: typeof panel) =>
			shown.words.filter((word) => /TYLT’s rate/.test(word.hint ?? '')).map((word) => word.name);
		expect(rateHints(panel)).toEqual([]);
		expect(rateHints(fiat)).toEqual(['Base Currency']);
	});

	it('words: no description over 200 characters, a hint on Callback URL, and the duplicate guard explained', () => {
		expect(longDescriptions(panel)).toEqual([]);
		expect(hints(panel)).toEqual(expect.arrayContaining(['Callback URL']));
		const callbackHint = panel.words.find((word) => word.name === 'Callback URL')?.hint;
		expect(callbackHint).toMatch(/Production URL/);
	});

	it('still explains the duplicate guard when Reference is an expression, as it usually is', () => {
		const asExpression = panelOf(
			description,
			payout('create', { reference: '={{ $json.invoiceNumber }}' }),
			NEW_NODE,
		);
		const guard = asExpression.notices.find((notice) => /never sent twice/.test(notice));
		expect(guard).toMatch(/Left empty/);
		expect(guard!.length).toBeLessThanOrEqual(200);
	});
});

describe('Payout → Get', () => {
	it('shows Wait Until Final on the panel, and Max Wait only under it', () => {
		const panel = panelOf(description, payout('get'), NEW_NODE);
		expect(panel.fields).toEqual([
			'Resource',
			'Operation',
			'Find By',
			'Order ID',
			'Wait Until Final',
		]);
		expect(panel.collections.Options).toEqual(['If Not Found', 'Look-Back (Hours)']);
		expect(longDescriptions(panel)).toEqual([]);

		const waiting = panelOf(description, payout('get', { waitUntilFinal: true }), NEW_NODE);
		expect(waiting.fields.slice(-2)).toEqual(['Wait Until Final', 'Max Wait (Seconds)']);
	});
});

describe('Payout → Get Many', () => {
	it('leaves the page size to the node', () => {
		const panel = panelOf(description, payout('getMany'), NEW_NODE);
		expect(panel.fields).toEqual(['Resource', 'Operation', 'Return All', 'Limit']);
		expect(panel.collections).toEqual({});
	});
});

describe('version 1, as saved workflows hold it', () => {
	it('keeps every Create parameter in its place', () => {
		const panel = panelOf(description, payout('create'), 1);
		expect(panel.fields).toEqual([
			'Resource',
			'Operation',
			'Settled Currency Name or ID',
			'Network Name or ID',
			'Address',
			'Base Amount',
		]);
		expect(panel.collections['Additional Fields']).toContain('Base Currency');
		expect(panel.collections.Options).toEqual([
			'AI Agent Max Amount',
			'AI Agent Max Amount Currency',
			'Check Balance First',
			'Concurrent Payouts',
			'Dry Run',
			'Duplicate Guard',
			'Duplicate Look-Back (Hours)',
			'In-Doubt Check (Seconds)',
			'Pause Between Payouts (Ms)',
			'Reference',
			'Send Reference as Merchant Order ID',
			'Timeout (Seconds)',
		]);
	});

	it('keeps Wait Until Final and Max Wait under Get’s Options, and Page Size under Get Many’s', () => {
		const get = panelOf(description, payout('get'), 1);
		expect(get.fields).not.toContain('Wait Until Final');
		expect(get.collections.Options).toEqual([
			'If Not Found',
			'Look-Back (Hours)',
			'Wait Until Final',
		]);
		const waiting = panelOf(description, payout('get', { options: { waitUntilFinal: true } }), 1);
		expect(waiting.collections.Options).toEqual([
			'If Not Found',
			'Look-Back (Hours)',
			'Max Wait (Seconds)',
			'Wait Until Final',
		]);
		expect(panelOf(description, payout('getMany'), 1).collections.Options).toEqual(['Page Size']);
	});
});
