/**
 * Version 2 checks the batch whole: two rows of one batch that give one reference to two different payouts are
 * known to collide before anything is sent (the second row would meet the first row's payout as "another
 * payout"), so such a batch must send nothing and name the row, as it does for a collision with history. Dry Run
 * must say the same.
 */
import { requestsTo, tronAddress } from '../../support/sandboxKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../../support/moneySafetyKit';
import { batchCreate } from '../../support/wholeBatchKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const creates = () => requestsTo(suite.sandbox, 'createPayout');

/** Ten rows of their own references and recipients, 25 USDT each; `changes` replaces fields of some rows. */
function rows(changes: Record<number, Record<string, unknown>> = {}) {
	return Array.from({ length: 10 }, (_, index) => ({
		row: `row-${index}`,
		address: tronAddress(`shared reference ${index}`),
		amount: 25,
		guard: true,
		...changes[index],
	}));
}

const batch = (options: Record<string, unknown> = {}) =>
	batchCreate({ duplicateGuard: '={{ $json.guard }}', ...options });

describe('two rows of one batch give one reference to different payouts', () => {
	it('another amount on a later row: nothing is paid, and the one error names that row', async () => {
		// Row 9 reuses row 0's reference for 30 USDT instead of 25, to row 0's recipient.
		const items = rows({
			9: { row: 'row-0', address: tronAddress('shared reference 0'), amount: 30 },
		});

		const error = await suite.fail({ items, parameters: batch() });

		expect(payoutsPerReference(suite.sandbox)).toEqual({});
		expect(creates()).toHaveLength(0);
		expect(error.message).toContain('Reference "row-0" of item 9');
		expect(error.description).toContain('no payout of this execution reached TYLT');
	});

	it('another recipient on the next row: nothing is paid', async () => {
		const items = rows({ 1: { row: 'row-0' } });

		const error = await suite.fail({ items, parameters: batch() });

		expect(payoutsPerReference(suite.sandbox)).toEqual({});
		expect(error.message).toContain('Reference "row-0" of item 1');
	});

	it('the first row has Duplicate Guard off: the guarded row is still known to collide, nothing is paid', async () => {
		const items = rows({
			0: { guard: false },
			5: { row: 'row-0', address: tronAddress('shared reference 0'), amount: 30 },
		});

		const error = await suite.fail({ items, parameters: batch() });

		expect(payoutsPerReference(suite.sandbox)).toEqual({});
		expect(error.message).toContain('Reference "row-0" of item 5');
	});

	it('Dry Run does not call the later row "already sent": a real run would refuse it', async () => {
		const items = rows({
			9: { row: 'row-0', address: tronAddress('shared reference 0'), amount: 30 },
		});

		const dry = await suite.run({
			items,
			parameters: batch({ dryRun: true }),

			continueOnFail: true,
		});

		expect(dry[9].json.alreadySent).not.toBe(true);
		expect(dry[9].json.wouldSend).not.toBe(true);
		expect(creates()).toHaveLength(0);
	});
});

describe('with Continue On Fail', () => {
	it('the later row of a reference TYLT refused is not paid for another amount past Check Balance First', async () => {
		suite.sandbox.setBalances({ USDT: 100 });
		// Check Balance First counts the first row of a reference only: the later one "comes back as already sent".
		const items = rows({
			1: { row: 'row-0', address: tronAddress('shared reference 0'), amount: 150 },
		}).slice(0, 2);
		suite.sandbox.injectFault('createPayout', {
			kind: 'errorCode',
			errorCode: 4017,
			msg: 'Payouts are paused for this merchant',
		});

		const output = await suite.run({
			items,
			parameters: batch({ checkBalanceFirst: true }),

			continueOnFail: true,
		});

		expect(String(output[0].json.error)).toContain('Payouts are paused for this merchant');
		// 150 + 1 network fee is more than the balance of 100 that the check read before anything was sent.
		expect(output[1].json.error).toBeDefined();
		expect(payoutsPerReference(suite.sandbox)).toEqual({});
	});
});

itShowsNoSecret();
