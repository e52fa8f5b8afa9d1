/**
 * Payout → Get from node version 2 on: Wait Until Final is a switch on the panel with Max Wait under it, and the
 * output leads with what the lookup found out. Version 1 (Options → Wait Until Final) is test/versionOne.test.ts.
 */
import { WAIT_POLICY } from '../../../nodes/Tylt/actions/payout/get.operation';
import { useTyltNode } from '../../support/sandboxKit';

// This sandbox settles payouts by itself, 300 ms after creation.
const tylt = useTyltNode({ autoSettle: true, completionDelayMs: 300 });
const { sandbox } = tylt;
const configured = { ...WAIT_POLICY };
beforeAll(() => Object.assign(WAIT_POLICY, { firstDelayMs: 50, maxDelayMs: 200 }));
afterAll(() => Object.assign(WAIT_POLICY, configured));

const get = (orderId: string, panel: object) => ({
	resource: 'payout',
	operation: 'get',
	lookupBy: 'orderId',
	payoutOrderId: orderId,
	options: {},
	...panel,
});

it('Wait Until Final on the panel waits until the payout is final, and says so first', async () => {
	const [pending] = sandbox.seedPayouts(1, { status: 'Pending', isFinal: 0 });
	const [found] = await tylt.run({
		parameters: get(pending.orderId, { waitUntilFinal: true, maxWaitSeconds: 1 }),
	});
	expect(Object.keys(found.json).slice(0, 4)).toEqual([
		'finalReached',
		'waitedSeconds',
		'merchantReference',
		'status',
	]);
	expect(found.json).toMatchObject({ orderId: pending.orderId, finalReached: false });
});

it('without the switch it reads once, whatever version 1’s Options would say', async () => {
	const [pending] = sandbox.seedPayouts(1, { status: 'Pending', isFinal: 0 });
	const [found] = await tylt.run({
		parameters: get(pending.orderId, { options: { waitUntilFinal: true } }),
		version1ParametersInJson: true,
	});
	expect(found.json).not.toHaveProperty('finalReached');
	expect(sandbox.requests).toHaveLength(1);
});
