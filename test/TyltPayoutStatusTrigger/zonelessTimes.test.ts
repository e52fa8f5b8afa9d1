/**
 * @jest-environment ./test/support/tokyoTimeZone.ts
 */
/**
 * The polling trigger nine hours east of UTC, on history whose times carry no zone: a payout made now is
 * placed now (TYLT's clock is UTC), so it is reported as new and then as settled. Read in local time it would
 * sit nine hours back, older than a Max Age of a few hours, and never be reported.
 */
import { useSandbox } from '../support/sandboxKit';
import { changes, createPayout, pollingWorkflow } from '../support/payoutStatusKit';

const sandbox = useSandbox({ autoSettle: false, completionDelayMs: 2000 });

it('runs nine hours east of UTC (else it proves nothing)', () => {
	expect(new Date().getTimezoneOffset()).toBe(-540);
});

it('with Max Age 2 hours, reports a new payout, then its settlement, from history with zoneless times', async () => {
	sandbox.injectFault('payoutHistory', { kind: 'zonelessTimes', times: Infinity });
	sandbox.seedPayouts(3);
	const trigger = pollingWorkflow(sandbox, { options: { maxAgeHours: 2 } });
	await trigger.activate();

	const created = await createPayout(sandbox);
	expect(changes(await trigger.poll())).toEqual([`${created.orderId}:Pending`]);
	await sandbox.advanceTime(2000);
	expect(changes(await trigger.poll())).toEqual([`${created.orderId}:Completed`]);
	expect(await trigger.poll()).toBeNull();
});
