/**
 * @jest-environment ./test/support/tokyoTimeZone.ts
 */
/**
 * TYLT history whose times carry no zone (the spec's transaction time format, which merchants' mocks also use
 * for createdAt), read by an n8n nine hours east of UTC. TYLT's clock is UTC: a payout made a moment ago is a
 * moment old, so the In-Doubt Check finds the payout its lost create made, and a short look-back still sees
 * a payout made minutes ago. Read in local time, both would look nine hours old and be paid again.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { forgetProcessMemory } from '../../nodes/shared/memoryBetweenExecutions';
import { onceEach, payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const REFERENCE = 'zoneless-7781';

function payoutWith(options: Record<string, unknown>) {
	return payoutCreate({
		address: tronAddress('zoneless recipient'),
		reference: REFERENCE,
		options: { ...options },
	});
}

beforeEach(() => {
	// Every history answer of the case, however many reads it takes.
	suite.sandbox.injectFault('payoutHistory', { kind: 'zonelessTimes', times: Infinity });
});

it('runs nine hours east of UTC (else it proves nothing)', () => {
	expect(new Date().getTimezoneOffset()).toBe(-540);
});

it('In-Doubt Check: the payout a lost create made is found in history and output, not reported unknown', async () => {
	suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });

	const [output] = await suite.run({ parameters: payoutWith({ inDoubtCheckSeconds: 1.5 }) });

	expect(output.json).toMatchObject({
		alreadySent: false,
		confirmedFromHistory: true,
		merchantReference: REFERENCE,
		orderId: suite.sandbox.payouts[0].orderId,
	});
	expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach([REFERENCE]));
});

it('another n8n process with a one-hour look-back sees the payout made minutes ago, and does not pay again', async () => {
	await suite.run({ parameters: payoutWith({ inDoubtCheckSeconds: 0 }) });
	forgetProcessMemory(); // the second run is another n8n process: only TYLT history knows the payout

	const [again] = await suite.run({ parameters: payoutWith({ lookBackHours: 1 }) });

	expect(again.json).toMatchObject({ alreadySent: true, merchantReference: REFERENCE });
	expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach([REFERENCE]));
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
});

itShowsNoSecret();
