/**
 * Issue 24: against a TYLT that answers a page past the end with the last page again, the trigger's first poll
 * never ended, and every scheduled poll meanwhile returned nothing without an error: the trigger went silent.
 * A poll that cannot finish fails instead (n8n shows a failed execution for it), every time, and keeps no state.
 */
import { failureOf, requestsTo, useSandbox } from '../support/sandboxKit';
import { useShortRetryBackoff } from '../support/moneySafetyKit';
import { pollingWorkflow } from '../support/payoutStatusKit';

const sandbox = useSandbox({ autoSettle: false });

useShortRetryBackoff();

describe('a history whose page past the end repeats the last page', () => {
	beforeEach(() => {
		sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsServed', pastEnd: 'lastPage' };
	});

	it('fails the first poll and every later one, each within seven history requests, saving no state', async () => {
		sandbox.seedPayouts(30);
		const trigger = pollingWorkflow(sandbox);

		const first = await failureOf(trigger.activate());
		// The seventh request asks page 6: after the short first page, pages are asked at its size of 30 or 60.
		expect(first.message).toMatch(
			/did not end: page 6 holds only payouts earlier pages already served/,
		);
		expect(trigger.nodeStaticData).toEqual({});

		const next = await failureOf(trigger.poll());
		expect(next.message).toMatch(/did not end/);
		expect(requestsTo(sandbox, 'payoutHistory')).toHaveLength(14);
	});
});
