/**
 * Version 2 checks the batch whole: whatever of a row is known before the first create (a history read that
 * fails, a reference that is no reference, the credential's limits, the balance, a reference in doubt or used by
 * another payout) refuses the batch before anything is sent, and the one error names each row and why, on every
 * path a batch takes (a longer look-back on a later row, the AI agent's tool); deciding it costs no history read
 * per row.
 */
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import {
	hoursAgo,
	useMoneySafetySandbox,
	useShortRetryBackoff,
} from '../../support/moneySafetyKit';
import { batchCreate, heldForAnotherAmount, heldInDoubt } from '../../support/wholeBatchKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();
useShortRetryBackoff();

const creates = () => requestsTo(suite.sandbox, 'createPayout');
const historyReads = () => requestsTo(suite.sandbox, 'payoutHistory');

function rows(count = 10, changes: Record<number, Record<string, unknown>> = {}) {
	return Array.from({ length: count }, (_, index) => ({
		row: `row-${index}`,
		address: tronAddress(`refused before sending ${index}`),
		amount: 25,
		lookBack: 168,
		...changes[index],
	}));
}

const batch = (options: Record<string, unknown> = {}) =>
	batchCreate({ lookBackHours: '={{ $json.lookBack }}', ...options });

it('history that cannot be read before the first create: nothing is sent', async () => {
	suite.sandbox.injectFault('payoutHistory', { kind: 'status', status: 503, times: 50 });

	await suite.fail({ items: rows(), parameters: batch() });

	expect(creates()).toHaveLength(0);
});

it('a later row asking a longer look-back whose read fails: the rows before it, read fine, are not sent either', async () => {
	suite.sandbox.seedPayouts(3, { createdAt: hoursAgo(100) });
	const items = rows(10, { 6: { lookBack: 720 } });
	// The first read (168 hours: a short page, then an empty one) is served; every read after it fails.
	suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 0, times: 2 });
	suite.sandbox.injectFault('payoutHistory', { kind: 'status', status: 503, times: 50 });

	const error = await suite.fail({ items, parameters: batch() });

	expect(creates()).toHaveLength(0);
	expect(error.context.itemIndex).toBe(6);
	expect(error.description).toContain('no payout of this execution reached TYLT');
});

it('a reference spelled with a Unicode hyphen on item 7: nothing is sent, the error names the field, value and item', async () => {
	const items = rows(10, { 7: { row: 'row\u20107' } });

	const error = await suite.fail({ items, parameters: batch() });

	expect(creates()).toHaveLength(0);
	expect(error.message).toContain('Reference');
	expect(`${error.message} ${error.description}`).toContain('row\u20107');
	expect(error.context.itemIndex).toBe(7);
});

it('the per-payout limit on item 1, a collision on item 5, a reference in doubt on item 8 and Max Amount per 24 Hours on item 9: nothing is sent, one error names all four', async () => {
	const items = rows(10, { 1: { amount: 60 }, 9: { amount: 50 } });
	heldForAnotherAmount(suite.sandbox, items[5]);
	await heldInDoubt(suite, items[8], batch());
	const credentials = {
		...credentialsFor(suite.sandbox),
		maxAmountPerPayout: 'USDT 50',
		// 99 in history (item 5's reference) and six rows of 25 fit (a reservation of the lost 25 too); 50 more do not.
		maxAmountPer24Hours: 'USDT 280',
	};

	const error = await suite.fail({ credentials, items, parameters: batch() });

	expect(creates()).toHaveLength(1); // the lost one of before
	expect(error.message).toContain(
		'No payout was sent: items 1, 5, 8, 9 cannot be paid as they are',
	);
	expect(error.description).toMatch(/^Item 1: .*Max Amount per Payout/m);
	expect(error.description).toMatch(/^Item 9: .*Max Amount per 24 Hours/m);
	expect(error.description).toMatch(
		/^Item 5: Reference "row-5" of item 5 is already used by TYLT payout/m,
	);
	expect(error.description).toMatch(/^Item 8: Reference "row-8" of item 8 is in doubt/m);
});

it('Check Balance First short beside a collision: nothing is sent, and the error names the collision with its reason', async () => {
	suite.sandbox.setBalances({ USDT: 100 });
	const items = rows(10);
	heldForAnotherAmount(suite.sandbox, items[4]);

	const error = await suite.fail({
		items,
		parameters: batch({ checkBalanceFirst: true }),
	});

	expect(creates()).toHaveLength(0);
	expect(error.description).toMatch(/^Item 4: Reference "row-4" of item 4 is already used/m);
	expect(error.description).toMatch(/^Item 0: .*balance does not cover/m);
});

it('as an AI agent’s tool, a reference in doubt on a later item: nothing is sent', async () => {
	const items = rows(3);
	await heldInDoubt(suite, items[2], batch());
	const sentBefore = creates().length;

	const error = await suite.fail({
		nodeType: 'n8n-nodes-tylt.tyltTool',
		items,
		parameters: batch({ agentMaxAmount: 'USDT 50' }),
	});

	expect(creates()).toHaveLength(sentBefore);
	expect(error.message).toMatch(/Reference "row-2" of item 2 is in doubt/);
});

it('deciding every row first reads history no more often for ten rows than for one, refused or paid', async () => {
	suite.sandbox.seedPayouts(5, { createdAt: hoursAgo(3) });
	const refusedItems = rows(10).map((item) => ({ ...item, row: `again-${item.row}` }));
	// Seeded before the warm-up: a payout new to the process's history makes its next read a full one.
	heldForAnotherAmount(suite.sandbox, refusedItems[9]);
	const readsOf = async (run: () => Promise<unknown>) => {
		const before = historyReads().length;
		await run();
		return historyReads().length - before;
	};
	// The process's first read of the account reads the window in full; the runs below are steady state.
	await suite.run({
		items: rows(1, { 0: { row: 'warm-up' } }),
		parameters: batch(),
	});

	const one = await readsOf(() =>
		suite.run({ items: rows(1, { 0: { row: 'single' } }), parameters: batch() }),
	);
	const tenPaid = await readsOf(() => suite.run({ items: rows(), parameters: batch() }));
	const tenRefused = await readsOf(() => suite.fail({ items: refusedItems, parameters: batch() }));

	expect(one).toBeGreaterThan(0);
	expect(tenPaid).toBeLessThanOrEqual(one);
	expect(tenRefused).toBeLessThanOrEqual(one);
	expect(creates().filter((request) => request.rawBody.includes('again-'))).toHaveLength(0);
});

it('a reference left empty, derived from the row, held in doubt on item 4: nothing is sent', async () => {
	const items = rows(6).map(({ address, amount }) => ({ address, amount }));
	const derived = payoutCreate({
		amountIn: 'settledCurrency',
		address: '={{ $json.address }}',
		baseAmount: '={{ $json.amount }}',
		options: { inDoubtCheckSeconds: 0 },
	});
	suite.sandbox.injectFault('createPayout', { kind: 'drop' });
	await suite.fail({ items: [items[4]], parameters: derived });
	const sentBefore = creates().length;

	const error = await suite.fail({ items, parameters: derived });

	expect(creates()).toHaveLength(sentBefore);
	expect(error.message).toMatch(/^Reference "n8n-[0-9a-f]{24}" of item 4 is in doubt/);
});

itShowsNoSecret();
