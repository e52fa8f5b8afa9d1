/**
 * CreateTraffic promises "when TYLT answers a create with HTTP 429, no create starts before the wait TYLT asks
 * for", with Continue On Fail on too: a create already waiting out its pause when the 429 comes back must not
 * wake at its own time and start, as if only creates that reserve their start after the 429 saw Retry-After.
 */
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite } = useMoneySafetySandbox();

const RETRY_AFTER_S = 6;
/** Max Payouts Per Second 2: two creates on their way at once, starts 500 ms apart. */
const PER_SECOND = 2;
/** Past row 1's due time (0.5 s after row 0), well before the Retry-After ends (6 s after row 0's 429). */
const LOOK_AT_MS = 2500;

it('with Continue On Fail on, a create waiting out its pause does not start before a 429’s Retry-After', async () => {
	suite.sandbox.injectFault('createPayout', {
		kind: 'status',
		status: 429,
		headers: { 'Retry-After': String(RETRY_AFTER_S) },
	});
	const items = [0, 1].map((row) => ({
		row: `limited-${row}`,
		address: tronAddress(`limited ${row}`),
	}));

	const run = suite.run({
		items,
		continueOnFail: true,
		parameters: payoutCreate({
			address: '={{ $json.address }}',
			reference: '={{ $json.row }}',
			options: {
				maxPayoutsPerSecond: PER_SECOND,
				inDoubtCheckSeconds: 0,
			},
		}),
	});
	await new Promise((resolve) => setTimeout(resolve, LOOK_AT_MS));
	const createsDuringRetryAfter = requestsTo(suite.sandbox, 'createPayout').length;
	await run;

	// Row 0 (429'd) only: row 1 waits for the Retry-After TYLT asked the whole execution to respect.
	expect(createsDuringRetryAfter).toBe(1);
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(2);
}, 20_000);
