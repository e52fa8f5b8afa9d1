/**
 * The duplicate guard's history cache against a payout TYLT dates in the future: it must not turn every later
 * execution into a full read of the look-back window.
 */
import type { IDataObject } from 'n8n-workflow';

import { payoutCreate, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('history cache future record');

/** Runs one execution paying `reference` and returns what it output and how many history pages it read. */
async function execution(reference: string, options: IDataObject = {}) {
	const before = suite.sandbox.requests.length;
	const [item] = await suite.run({
		parameters: payoutCreate({ address: ADDRESS, reference, options: { ...options } }),
	});
	const made = suite.sandbox.requests.slice(before);
	return {
		json: item.json,
		history: made.filter((request) => request.endpoint === 'payoutHistory').length,
	};
}

/** A createdAt `ms` from now in TYLT's record format. */
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('one payout in history dated in the future (a TYLT clock glitch, a hand-edited record)', () => {
	// The incremental read goes down to 15 minutes below the newest createdAt known, whatever n8n's clock
	// says. One record dated two hours ahead puts that lower end above every payout made now: each payout
	// this process made since the last read is then an unknown payout inside the window on a page read
	// anyway, and every execution reads the incremental page and then the whole window again. Fail closed,
	// but the steady state costs more than having no cache (README: 3 requests per execution at 2,000).
	it('does not turn every later execution into a full read of the window', async () => {
		suite.sandbox.seedPayouts(2_000, undefined, 60_000);
		suite.sandbox.seedPayouts(1, { toAddress: ADDRESS, createdAt: fromNow(2 * 3_600_000) });
		await execution('future-1');
		await execution('future-2');

		const third = await execution('future-3');

		expect(third.json.alreadySent).toBe(false);
		expect(third.history).toBeLessThanOrEqual(2);
	});
});

itShowsNoSecret();
