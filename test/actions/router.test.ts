/** The router: which operation runs, and what is refused before any request. */
import { NodeOperationError } from 'n8n-workflow';

import {
	EVM_ADDRESS,
	failureOf,
	payoutCreate,
	requestsTo,
	useTyltNode,
} from '../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

// n8n stores the Custom API Call choice either as an operation of a resource or as a resource of its own.
it.each([
	{ resource: 'payout', operation: '__CUSTOM_API_CALL__' },
	{ resource: '__CUSTOM_API_CALL__', operation: '__CUSTOM_API_CALL__' },
])(
	'points a Custom API Call ($resource) to the HTTP Request node, without a request',
	async (parameters) => {
		const error = await failureOf(tylt.run({ parameters }));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('__CUSTOM_API_CALL__');
		expect(error.description).toContain('HTTP Request node');
		expect(error.context.itemIndex).toBe(0);
		expect(sandbox.requests).toHaveLength(0);
	},
);

it('refuses Payout → Create when the node runs as an AI agent tool, without a request', async () => {
	const error = await failureOf(
		tylt.run({ nodeType: 'n8n-nodes-tylt.tyltTool', parameters: payoutCreate() }),
	);

	expect(error).toBeInstanceOf(NodeOperationError);
	expect(error.message).toContain('AI agent tool');
	expect(error.description).toContain('AI Agent Max Amount');
	expect(sandbox.requests).toHaveLength(0);
	expect(sandbox.payouts).toHaveLength(0);
});

it('lets an AI agent pay up to the maximum the workflow sets, and refuses above it', async () => {
	const asAgentTool = (baseAmount: number) =>
		tylt.run({
			nodeType: 'n8n-nodes-tylt.tyltTool',
			parameters: payoutCreate({
				baseAmount,
				options: { agentMaxAmount: 'usdt 50' },
			}),
		});

	const [paid] = await asAgentTool(50);
	expect(paid.json).toMatchObject({ status: 'Pending', settledAmountRequested: 50 });

	const error = await failureOf(asAgentTool(50.01));
	expect(error).toBeInstanceOf(NodeOperationError);
	expect(error.message).toContain('Invalid Base Amount 50.01 in item 0');
	expect(error.message).toContain('at most 50 USDT per call');
	expect(sandbox.payouts).toHaveLength(1);
});

describe('the AI agent’s maximum is in one stated currency', () => {
	it('refuses a tool run with no maximum, saying how to write one, without a request', async () => {
		const error = await failureOf(
			tylt.run({ nodeType: 'n8n-nodes-tylt.tyltTool', parameters: payoutCreate() }),
		);

		expect(error.message).toContain('maximum amount and its currency');
		expect(error.description).toContain('AI Agent Max Amount');
		expect(error.description).toContain('USDT 100');
		expect(sandbox.requests).toHaveLength(0);
	});

	it.each([
		['100', 'is an amount without a currency symbol'],
		['USDT', 'gives no amount for USDT'],
		['USDT 1,000', 'has an amount that is not a plain decimal'],
		['USDT -5', 'has a negative amount'],
	])(
		'refuses a maximum written %p, naming the field, the value and the item: nothing is sent',
		async (agentMaxAmount, why) => {
			const error = await failureOf(
				tylt.run({
					nodeType: 'n8n-nodes-tylt.tyltTool',
					parameters: payoutCreate({ options: { agentMaxAmount } }),
				}),
			);

			expect(error.message).toContain(
				`Invalid AI Agent Max Amount ${JSON.stringify(agentMaxAmount)} in item 0`,
			);
			expect(error.message).toContain(why);
			expect(sandbox.requests).toHaveLength(0);
		},
	);

	it.each([
		[
			'a fiat Base Currency',
			{ amountIn: 'fiat', baseCurrency: 'GBP', additionalFields: {} },
			'Base Currency',
			'GBP',
		],
		[
			'another crypto currency',
			{ settledCurrency: 'USDC', networkSymbol: 'BSC' },
			'Settled Currency',
			'USDC',
		],
	])(
		'refuses a payout sized in %s, whose amount cannot be compared with the maximum: nothing is sent',
		async (_what, overrides, label, currency) => {
			const error = await failureOf(
				tylt.run({
					nodeType: 'n8n-nodes-tylt.tyltTool',
					parameters: payoutCreate({
						baseAmount: 100,
						...(currency === 'USDC' ? { address: EVM_ADDRESS } : {}),
						...overrides,
						options: { agentMaxAmount: 'USDT 100' },
					}),
				}),
			);

			expect(error.message).toContain(`Invalid ${label} "${currency}" in item 0`);
			expect(error.message).toContain('may pay only amounts in USDT');
			expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
		},
	);

	it('lets a payout sized in the cap’s fiat currency through, up to the maximum', async () => {
		const [paid] = await tylt.run({
			nodeType: 'n8n-nodes-tylt.tyltTool',
			parameters: payoutCreate({
				baseAmount: 20,
				amountIn: 'fiat',
				baseCurrency: 'USD',
				additionalFields: {},
				options: { agentMaxAmount: '20 USD' },
			}),
		});

		expect(paid.json.alreadySent).toBe(false);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});
});

it('still serves read operations when the node runs as an AI agent tool', async () => {
	const output = await tylt.run({
		nodeType: 'n8n-nodes-tylt.tyltTool',
		parameters: { resource: 'currency', operation: 'getMany', options: {} },
	});

	expect(output.length).toBeGreaterThan(0);
});
