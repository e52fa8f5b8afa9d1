/**
 * Pause Between Payouts spaces the creates of one execution. This is a lower bound on spacing, read from
 * the sandbox's arrival times; it says nothing about how fast anything is.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

// The sandbox clock follows real time only with autoSettle: arrival times are then wall-clock times.
const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

const PAUSE_MS = 150;
// Timers may fire a millisecond or so early; the spacing asked for is 150 ms, not 150.000.
const TIMER_SLACK_MS = 5;

it('puts at least the pause between consecutive creates', async () => {
	const items = ['a', 'b', 'c'].map((name) => ({
		row: `pace-${name}`,
		address: tronAddress(name),
	}));

	const output = await suite.run({
		items,
		parameters: payoutCreate({
			address: '={{ $json.address }}',
			options: { reference: '={{ $json.row }}', pauseBetweenPayoutsMs: PAUSE_MS },
		}),
	});

	const arrivals = requestsTo(suite.sandbox, 'createPayout').map((request) => request.receivedAt);
	expect(output.map((item) => item.json.alreadySent)).toEqual([false, false, false]);
	expect(arrivals).toHaveLength(3);
	const gaps = arrivals.slice(1).map((arrival, index) => arrival - arrivals[index]);
	for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(PAUSE_MS - TIMER_SLACK_MS);
});

itShowsNoSecret();
