/**
 * Adversarial review (issue 24): TYLT does not say what a page past the end of history holds, and many paged
 * APIs answer it with the last page again. Against such a TYLT every read of history must still end: Get Many
 * ends its list there, and a reader that decides from history (the duplicate guard, Payout → Get by reference)
 * refuses to decide from a read that cannot prove it saw everything. No read goes on past its bound either.
 */
import { HISTORY_READ_LIMITS } from '../../nodes/Tylt/payout/history';
import { GET_MANY_LIMITS } from '../../nodes/Tylt/transport/calls';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	listFirstPageByLastChange,
	payoutsPerReference,
	useMoneySafetySandbox,
} from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('unending-history recipient');
const REFERENCE = 'pay-once-against-an-echo';

const historyRequests = () => requestsTo(suite.sandbox, 'payoutHistory').length;

describe('a TYLT that answers a page past the end with the last page again', () => {
	beforeEach(() => {
		suite.sandbox.historyPaging = { maxRows: 200, offsetBy: 'rowsServed', pastEnd: 'lastPage' };
	});

	it('Get Many with Return All lists every payout once and stops at the repeated page', async () => {
		suite.sandbox.seedPayouts(200);

		const output = await suite.run({
			parameters: { resource: 'payout', operation: 'getMany', returnAll: true },
		});

		expect(output.map((item) => item.json.orderId)).toEqual(
			suite.sandbox.payouts.map((record) => record.orderId),
		);
		// Pages 1 and 2 of 100, then page 3 repeats page 2.
		expect(historyRequests()).toBe(3);
	});

	it('Get Many with Return All of a history shorter than one page ends after two requests', async () => {
		suite.sandbox.seedPayouts(30);

		const output = await suite.run({
			parameters: { resource: 'payout', operation: 'getMany', returnAll: true },
		});

		expect(output).toHaveLength(30);
		expect(historyRequests()).toBe(2);
	});

	it('Payout → Create with the duplicate guard sends nothing and says why', async () => {
		// A young account: its whole history lies inside the look-back, so only the end of history ends the read.
		suite.sandbox.seedPayouts(5);

		const error = await suite.fail({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		// Page 1, then six pages serving nothing new (history pushed down by payouts made meanwhile would go on
		// to older payouts): 7 requests, then the error naming the last page asked (pages of 5 and 10 rows, the
		// size of the short first page and its doubling, so the seventh request asks page 6).
		expect(error.message).toMatch(
			/did not end: page 6 holds only payouts earlier pages already served/,
		);
		expect(error.description).toMatch(/cannot prove it saw every payout/);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(payoutsPerReference(suite.sandbox)[REFERENCE]).toBeUndefined();
		expect(historyRequests()).toBe(7);
	});

	it('Payout → Get by reference does not say "not found"', async () => {
		suite.sandbox.seedPayouts(5);

		const error = await suite.fail({
			parameters: {
				resource: 'payout',
				operation: 'get',
				lookupBy: 'reference',
				payoutReference: 'never-paid',
			},
		});

		expect(error.message).toMatch(/did not end/);
		expect(historyRequests()).toBe(7);
	});
});

describe('a read that would go on past its bound', () => {
	const defaults = { ...HISTORY_READ_LIMITS, ...GET_MANY_LIMITS };
	afterEach(() => {
		HISTORY_READ_LIMITS.maxRecordsRead = defaults.maxRecordsRead;
		GET_MANY_LIMITS.returnAllMaxRecords = defaults.returnAllMaxRecords;
	});

	it('the guard counts every payout read, inside the window or not, and sends nothing past the bound', async () => {
		HISTORY_READ_LIMITS.maxRecordsRead = 300;
		suite.sandbox.seedPayouts(400);
		// Out of creation order, so the read goes on to the end of history, which lies past the bound.
		listFirstPageByLastChange(suite.sandbox);

		const error = await suite.fail({
			parameters: payoutCreate({ address: ADDRESS, reference: REFERENCE, options: {} }),
		});

		expect(error.message).toMatch(/did not end within 300 payouts read/);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
		expect(historyRequests()).toBe(2);
	});

	it('Get Many with Return All fails past its bound rather than list part of history', async () => {
		GET_MANY_LIMITS.returnAllMaxRecords = 250;
		suite.sandbox.seedPayouts(400);

		const error = await suite.fail({
			parameters: { resource: 'payout', operation: 'getMany', returnAll: true },
		});

		expect(error.message).toMatch(/did not end within 250 payouts read/);
		expect(error.description).toMatch(/Limit/);
		expect(historyRequests()).toBe(3);
	});
});

itShowsNoSecret();
