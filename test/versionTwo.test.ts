/**
 * Version 2 of the TYLT node, unchanged: what every workflow saved with it holds keeps its names, places and
 * meanings. Every other test runs version 3, the version users get; this file runs what version 2 shows or
 * reads differently:
 * - Payout → Create's Settled Currency and Network are dropdowns that load when the panel opens, and hold plain
 *   symbols (version 3: lists that load when opened, saved as n8n's `{ __rl, mode, value }`).
 * - The AI agent's cap is two options, AI Agent Max Amount (a number) and AI Agent Max Amount Currency
 *   (version 3: one, written as the credential's limits are, `USDT 100`).
 * Its whole panel is pinned to the byte in test/actions/savedPanels.test.ts.
 */
import { NodeOperationError } from 'n8n-workflow';

import { Tylt } from '../nodes/Tylt/Tylt.node';
import { panelOf } from './support/panel';
import {
	payoutCreate,
	requestsTo,
	useTyltNode,
	withPlainSymbols,
	failureOf,
	type NodeRun,
} from './support/sandboxKit';

const VERSION_2 = 2;
const { description } = new Tylt();
const create = (values = {}) => ({ resource: 'payout', operation: 'create', ...values });

describe('TYLT node version 2: the Payout → Create panel', () => {
	const panel = panelOf(description, create(), VERSION_2);

	it('shows Settled Currency and Network as dropdowns loaded with the panel', () => {
		expect(panel.fields).toEqual([
			'Resource',
			'Operation',
			'Settled Currency Name or ID',
			'Network Name or ID',
			'Address',
			'Amount In',
			'Base Amount',
			'Reference',
		]);
		const dropdowns = description.properties.filter(
			(property) =>
				['settledCurrency', 'networkSymbol'].includes(property.name) &&
				property.displayOptions?.show?.['@version']?.includes(VERSION_2),
		);
		expect(
			dropdowns.map((property) => [property.type, property.typeOptions?.loadOptionsMethod]),
		).toEqual([
			['options', 'getCurrencies'],
			['options', 'getNetworks'],
		]);
	});

	it('lists the AI agent’s cap as two options, the amount and its currency, last', () => {
		expect(panel.collections.Options).toEqual([
			'Dry Run',
			'Check Balance First',
			'Duplicate Guard',
			'Max Payouts Per Second',
			'Duplicate Look-Back (Hours)',
			'In-Doubt Check (Seconds)',
			'Timeout (Seconds)',
			'AI Agent Max Amount',
			'AI Agent Max Amount Currency',
		]);
	});
});

describe('TYLT node version 2: Payout → Create', () => {
	const tylt = useTyltNode();
	const { sandbox } = tylt;
	const runV2 = (run: NodeRun) =>
		tylt.run({ ...run, typeVersion: VERSION_2, parameters: withPlainSymbols(run.parameters) });
	const asAgentTool = (options: Record<string, unknown>, overrides = {}) =>
		runV2({
			nodeType: 'n8n-nodes-tylt.tyltTool',
			parameters: payoutCreate({ baseAmount: 50, ...overrides, options }),
		});

	it('pays with the plain symbols its dropdowns save', async () => {
		const [paid] = await runV2({ parameters: payoutCreate({ reference: 'v2-plain' }) });

		expect(paid.json).toMatchObject({ outcome: 'sent', settledCurrency: 'USDT', network: 'TRX' });
		expect(JSON.parse(requestsTo(sandbox, 'createPayout')[0].rawBody)).toMatchObject({
			settledCurrency: 'USDT',
			networkSymbol: 'TRX',
		});
	});

	it('lets an AI agent pay up to AI Agent Max Amount in AI Agent Max Amount Currency, and no more', async () => {
		const [paid] = await asAgentTool({ toolMaxAmount: 50, toolMaxAmountCurrency: 'usdt' });
		expect(paid.json.alreadySent).toBe(false);

		const error = await failureOf(
			asAgentTool(
				{ toolMaxAmount: 49.99, toolMaxAmountCurrency: 'USDT' },
				{ reference: 'v2-over' },
			),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('at most 49.99 USDT per call (Options → AI Agent Max Amount)');
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});

	it('refuses an AI agent when the cap has no currency, naming the Currency option, nothing sent', async () => {
		const error = await failureOf(asAgentTool({ toolMaxAmount: 100 }));

		expect(error.message).toContain('maximum amount and its currency');
		expect(error.description).toContain('Options → AI Agent Max Amount Currency');
		expect(sandbox.requests).toHaveLength(0);
	});

	it('names AI Agent Max Amount Currency when an agent pays in another currency', async () => {
		const error = await failureOf(
			asAgentTool({ toolMaxAmount: 100, toolMaxAmountCurrency: 'USDC' }),
		);

		expect(error.message).toContain(
			'may pay only amounts in USDC (Options → AI Agent Max Amount Currency)',
		);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});

	it('ignores version 3’s one-field cap left in its JSON: an agent cannot pay', async () => {
		const error = await failureOf(asAgentTool({ agentMaxAmount: 'USDT 100' }));

		expect(error.message).toContain('maximum amount and its currency');
		expect(sandbox.requests).toHaveLength(0);
	});
});
