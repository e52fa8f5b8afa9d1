/**
 * Workflows saved with the TYLT node's version 2 keep running: Payout → Create with Settled Currency and Network
 * as the plain symbols version 2's dropdowns save, and the AI agent's cap as its two options, imported into a
 * real n8n and run against the sandbox.
 */
import { randomUUID } from 'node:crypto';

import { outputOf, useE2e } from './support/context';
import type { WorkflowJson } from '../tools/n8n';

const e2e = useE2e();

const WALLET = 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF';

function versionTwoWorkflow(reference: string): WorkflowJson {
	return {
		name: 'TYLT version 2 create',
		nodes: [
			{
				id: randomUUID(),
				name: 'Run',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: randomUUID(),
				name: 'Create',
				type: 'n8n-nodes-tylt.tylt',
				typeVersion: 2,
				position: [300, 0],
				parameters: {
					resource: 'payout',
					operation: 'create',
					settledCurrency: 'usdt',
					networkSymbol: 'TRX',
					address: WALLET,
					baseAmount: 25,
					reference,
					additionalFields: {},
					options: { toolMaxAmount: 100, toolMaxAmountCurrency: 'USDT' },
				},
				credentials: { tyltApi: e2e.state.credential },
			},
		],
		connections: { Run: { main: [[{ node: 'Create', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

it('a version-2 create with plain symbols and the two-option agent cap runs unchanged', async () => {
	const reference = e2e.reference('V2-INV');
	const execution = await e2e.run(versionTwoWorkflow(reference));

	expect(execution.status).toBe('success');
	const [created] = outputOf(execution, 'Create');
	expect(created).toMatchObject({
		outcome: 'sent',
		alreadySent: false,
		merchantReference: reference,
	});
	const [create] = (await e2e.sandbox.requests()).filter(
		(request) => request.endpoint === 'createPayout',
	);
	expect(JSON.parse(create.rawBody)).toMatchObject({
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		baseAmount: 25,
	});
});
