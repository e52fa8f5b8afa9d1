/**
 * The AI agent's cap (nodes/Tylt/payout/validation.ts) compares amounts as exact decimals: the amount as it is
 * sent, the cap as the workflow sets it. At the cap is allowed; one unit above in the last decimal is not.
 */
import { NodeOperationError } from 'n8n-workflow';

import { failureOf, payoutCreate, useTyltNode } from '../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

function asAgentTool(baseAmount: number | string, cap: number | string) {
	return tylt.run({
		nodeType: 'n8n-nodes-tylt.tyltTool',
		parameters: payoutCreate({ baseAmount, options: { agentMaxAmount: `USDT ${cap}` } }),
	});
}

it.each<[number | string, number]>([
	[100.123456, 100.123456],
	['100.1234560', 100.123456],
	[49999.99999, 49999.99999],
])('pays %p under a cap of %p: exactly the cap is allowed', async (amount, cap) => {
	const [paid] = await asAgentTool(amount, cap);

	expect(paid.json.alreadySent).toBe(false);
	expect(sandbox.payouts).toHaveLength(1);
});

it.each<[number | string, number]>([
	[100.123457, 100.123456],
	['100.123457', 100.123456],
	[50000, 49999.99999],
	// A product an expression computed is sent as 12.100000000000001, above a cap of 12.1.
	[1.1 * 11, 12.1],
])(
	'refuses %p under a cap of %p: one unit above in the last decimal, nothing sent',
	async (amount, cap) => {
		const error = await failureOf(asAgentTool(amount, cap));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(`at most ${cap} USDT per call`);
		expect(sandbox.requests.filter((request) => request.endpoint === 'createPayout')).toHaveLength(
			0,
		);
	},
);
