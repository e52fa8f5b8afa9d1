/**
 * Workflows saved before the TYLT node's version 2 keep running: a version-1 workflow of every operation, with
 * version 1's option names and places (Options → Reference, Concurrent Payouts, Pause Between Payouts,
 * Additional Fields → Base Currency, Get's Options → Wait Until Final, Get Many's Page Size), imported into a
 * real n8n and run against the sandbox.
 */
import { randomUUID } from 'node:crypto';

import { outputOf, useE2e } from './support/context';
import type { WorkflowJson, WorkflowNode } from '../tools/n8n';

const e2e = useE2e();

const WALLET = 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF';
const TRIGGER = 'Run';

function versionOneWorkflow(reference: string, fiatReference: string): WorkflowJson {
	let row = 0;
	const tylt = (name: string, parameters: Record<string, unknown>): WorkflowNode => ({
		id: randomUUID(),
		name,
		type: 'n8n-nodes-tylt.tylt',
		typeVersion: 1,
		position: [300, 200 * row++],
		parameters,
		credentials: { tyltApi: e2e.state.credential },
	});
	const create = (baseAmount: number, options: object, additionalFields: object = {}) => ({
		resource: 'payout',
		operation: 'create',
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		address: WALLET,
		baseAmount,
		additionalFields,
		options,
	});
	const nodes = [
		{
			id: randomUUID(),
			name: TRIGGER,
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: {},
		},
		tylt(
			'Create',
			create(25, {
				reference,
				concurrentPayouts: 2,
				pauseBetweenPayoutsMs: 10,
				inDoubtCheckSeconds: 5,
			}),
		),
		tylt('Create in USD', create(10, { reference: fiatReference }, { baseCurrency: 'USD' })),
		tylt('Get', {
			resource: 'payout',
			operation: 'get',
			lookupBy: 'reference',
			payoutReference: reference,
			options: { waitUntilFinal: true, maxWaitSeconds: 1 },
		}),
		tylt('Get Many', {
			resource: 'payout',
			operation: 'getMany',
			returnAll: true,
			options: { pageSize: 1 },
		}),
		tylt('Currencies', { resource: 'currency', operation: 'getMany', options: {} }),
		tylt('Pay-In', { resource: 'payIn', operation: 'get', merchantOrderId: 'order-v1' }),
		tylt('Balance', { resource: 'balance', operation: 'get', options: {} }),
	];
	const to = (node: string) => ({ node, type: 'main', index: 0 });
	return {
		name: 'TYLT version 1 operations',
		nodes,
		connections: {
			// n8n's execution order v1 runs the first branch to its end before the next one.
			[TRIGGER]: { main: [[to('Create'), to('Currencies'), to('Pay-In'), to('Balance')]] },
			Create: { main: [[to('Create in USD')]] },
			'Create in USD': { main: [[to('Get')]] },
			Get: { main: [[to('Get Many')]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

it('a version-1 workflow of every operation runs unchanged, every option meaning what it meant', async () => {
	await e2e.sandbox.seedPayIn('order-v1');
	const reference = e2e.reference('V1-INV');
	const fiatReference = e2e.reference('V1-USD');
	const execution = await e2e.run(versionOneWorkflow(reference, fiatReference));

	expect(execution.status).toBe('success');
	const [created] = outputOf(execution, 'Create');
	expect(created).toMatchObject({ alreadySent: false, merchantReference: reference });
	// Version 1's output has no field of version 2's.
	expect(created).not.toHaveProperty('outcome');
	const payouts = await e2e.sandbox.payouts();
	expect(payouts.find((payout) => payout.orderId === created.orderId)).toMatchObject({
		settledAmountRequested: 25,
		comments: `[ref:${reference}]`,
	});
	// Additional Fields → Base Currency still means the amount is in that fiat currency.
	const [inUsd] = outputOf(execution, 'Create in USD');
	expect(inUsd).toMatchObject({ merchantReference: fiatReference, baseCurrency: 'USD' });
	const usdCreate = (await e2e.sandbox.requests()).filter(
		(request) => request.endpoint === 'createPayout',
	)[1];
	expect(JSON.parse(usdCreate.rawBody)).toMatchObject({ baseAmount: 10, baseCurrency: 'USD' });

	// Options → Wait Until Final still waits (here up to Options → Max Wait, 1 s).
	const [found] = outputOf(execution, 'Get');
	expect(found).toMatchObject({ orderId: created.orderId, finalReached: expect.any(Boolean) });

	// Options → Page Size still pages: one payout per history call.
	expect(outputOf(execution, 'Get Many')).toHaveLength(2);
	const historyPages = (await e2e.sandbox.requests()).filter(
		(request) => request.endpoint === 'payoutHistory' && /(^|&)rows=1(&|$)/.test(request.query),
	);
	expect(historyPages.length).toBeGreaterThanOrEqual(2);

	expect(outputOf(execution, 'Currencies').length).toBeGreaterThan(0);
	expect(outputOf(execution, 'Pay-In')).toEqual([
		expect.objectContaining({
			transaction: expect.objectContaining({ merchantOrderId: 'order-v1' }),
		}),
	]);
	expect(outputOf(execution, 'Balance').length).toBeGreaterThan(0);
});
