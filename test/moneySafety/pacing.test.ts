/**
 * Max Payouts Per Second spaces the creates of one execution: one start per 1000 / rate ms. This is a lower bound on spacing, read from
 * the sandbox's arrival times; it says nothing about how fast anything is.
 */
import { inDoubtSince } from '../../nodes/Tylt/payout/processMemory';
import { tyltAccountKey } from '../../nodes/Tylt/transport/credentials';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	expectSpacedStarts,
	onceEach,
	payoutsPerReference,
	until,
	useMoneySafetySandbox,
} from '../support/moneySafetyKit';

// The sandbox clock follows real time only with autoSettle: arrival times are then wall-clock times.
const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

const PAUSE_MS = 150;

it('puts at least the pause between consecutive creates', async () => {
	const items = ['a', 'b', 'c'].map((name) => ({
		row: `pace-${name}`,
		address: tronAddress(name),
	}));

	const output = await suite.run({
		items,
		parameters: payoutCreate({
			address: '={{ $json.address }}',
			reference: '={{ $json.row }}',
			options: { maxPayoutsPerSecond: 1000 / PAUSE_MS },
		}),
	});

	const arrivals = requestsTo(suite.sandbox, 'createPayout').map((request) => request.receivedAt);
	expect(output.map((item) => item.json.alreadySent)).toEqual([false, false, false]);
	expect(arrivals).toHaveLength(3);
	expectSpacedStarts(arrivals, PAUSE_MS);
});

describe('a Stop during a paced batch', () => {
	const items = ['a', 'b', 'c'].map((name) => ({
		row: `stop-${name}`,
		address: tronAddress(name),
	}));
	const parameters = payoutCreate({
		address: '={{ $json.address }}',
		reference: '={{ $json.row }}',
		options: {
			// One create per 10 s: long enough that the Stop lands inside the pause, not after it.
			maxPayoutsPerSecond: 0.1,
			inDoubtCheckSeconds: 30,
		},
	});

	it('ends the pause at once, reports the next row as not sent (not in doubt), and reads nothing more', async () => {
		const stop = new AbortController();
		const run = suite.fail({ items, parameters, abortSignal: stop.signal });
		await until(
			() => requestsTo(suite.sandbox, 'createPayout')[0]?.status === 200,
			'the first create to be answered',
		);
		// The answer travels back (a second is plenty, also on a busy machine); the node then waits in the
		// 10 s pause.
		await new Promise((resolve) => setTimeout(resolve, 1000));
		const readsBeforeStop = requestsTo(suite.sandbox, 'payoutHistory').length;
		const stoppedAtMs = Date.now();

		stop.abort();
		const error = await run;

		expect(Date.now() - stoppedAtMs).toBeLessThan(5_000);
		expect(error.message).toContain('stopped before this payout was sent');
		expect(error.message).not.toContain('unknown');
		expect(error.description).toContain('the payout was not sent');
		expect(error.context.itemIndex).toBe(1);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
		expect(requestsTo(suite.sandbox, 'payoutHistory')).toHaveLength(readsBeforeStop);
		const account = await tyltAccountKey.call(
			createExecuteContext({ parameters, credentials: credentialsFor(suite.sandbox) }),
		);
		expect(inDoubtSince(account, 'stop-b')).toBeUndefined();

		// A run right after sends the rest at once: nothing is held in doubt.
		const rerun = await suite.run({
			items,
			parameters: { ...parameters, reference: '={{ $json.row }}', options: {} },
		});
		expect(rerun.map((item) => item.json.alreadySent)).toEqual([true, false, false]);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['stop-a', 'stop-b', 'stop-c']));
	});
});

itShowsNoSecret();
