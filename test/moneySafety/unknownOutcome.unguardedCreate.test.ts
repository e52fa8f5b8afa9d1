/**
 * A create sent with Duplicate Guard off whose answer is lost (TYLT makes the payout after the node stopped
 * waiting), then the same reference with the guard on. A guarded row after an unguarded one outputs the unguarded
 * row's payout when it got an answer (concurrentCreates.oneAtATimeGuarantees); when the answer was lost, TYLT may
 * have the payout and its history does not show it yet, so the guarded send must not go out on a guess.
 */
import type { IDataObject } from 'n8n-workflow';

import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	onceEach,
	payoutsPerReference,
	until,
	useMoneySafetySandbox,
} from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

/** Lets the slow create land (1.5 s after it arrived), so the count below is TYLT's final count. */
async function afterTheSlowCreateLanded() {
	await until(
		() => requestsTo(suite.sandbox, 'createPayout').every((request) => request.status !== 0),
		'the slow create to land',
	);
}

function payoutWith(reference: string, options: IDataObject) {
	return payoutCreate({
		address: tronAddress(`unguarded ${reference}`),
		reference,
		options: { timeoutSeconds: 0.2, inDoubtCheckSeconds: 0, ...options },
	});
}

describe('an unguarded create whose answer was lost', () => {
	it('a guarded row of its reference in the same execution (Continue On Fail) does not pay it again', async () => {
		// TYLT makes the payout 1.5 s after the request; the node gives up after 0.2 s.
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 1500 });

		const outputs = await suite.run({
			items: [{ guard: false }, { guard: true }],
			parameters: payoutWith('lost-unguarded-row', { duplicateGuard: '={{ $json.guard }}' }),
			continueOnFail: true,
		});
		await afterTheSlowCreateLanded();

		expect(String(outputs[0].json.error)).toContain('outcome of this payout is unknown');
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['lost-unguarded-row']));
	});

	it('a guarded execution of its reference right after does not pay it again', async () => {
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 1500 });

		const lost = await suite.fail({
			parameters: payoutWith('lost-unguarded-run', { duplicateGuard: false }),
		});
		const guarded = await suite.run({ parameters: payoutWith('lost-unguarded-run', {}) }).then(
			(output) => output[0].json,
			(error: Error) => ({ error: error.message }),
		);
		await afterTheSlowCreateLanded();

		expect(lost.message).toContain('outcome of this payout is unknown');
		expect(guarded).not.toMatchObject({ alreadySent: false });
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['lost-unguarded-run']));
	});
});

itShowsNoSecret();
