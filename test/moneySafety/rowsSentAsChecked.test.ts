/**
 * A batch in which no step decides over all its rows sends each row as soon as its own checks pass: n8n reads the
 * later rows' expressions while the first creates are on their way, and the same rows are paid, once each, as
 * when every row is checked first. Any step over the whole batch (the verdict without Continue On Fail, Check
 * Balance First, Max Amount per 24 Hours), or a pace or look-back that could differ per row, reads every row before
 * the first create. The user's Stop ends a batch sent row by row as it ends one checked whole.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_CONCURRENT_PAYOUTS } from '../../nodes/Tylt/actions/payout/create.options';
import {
	createsReceivedWhenRead,
	onceEach,
	payoutsPerReference,
	until,
	useMoneySafetySandbox,
} from '../support/moneySafetyKit';
import {
	credentialsFor,
	payoutCreate,
	requestsTo,
	type NodeRun,
	tronAddress,
} from '../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

const ROWS = 12;

function rows(prefix: string): IDataObject[] {
	return Array.from({ length: ROWS }, (_, index) => ({
		row: `${prefix}-${index}`,
		address: tronAddress(`${prefix} recipient ${index}`),
	}));
}

const references = (items: IDataObject[]) => items.map((item) => String(item.row));

function batch(options: IDataObject = {}): INodeParameters {
	return payoutCreate({ address: '={{ $json.address }}', reference: '={{ $json.row }}', options });
}

/** The run, with the creates TYLT had received when the node first read the last row's Address. */
async function runWatchingTheLastRow(run: NodeRun) {
	const watch = createsReceivedWhenRead(suite.sandbox, 'address', ROWS - 1);
	try {
		const output = await suite.run(run);
		return { output, createsBeforeLastRow: watch.count };
	} finally {
		watch.restore();
	}
}

describe('a batch with Continue On Fail and no step over all its rows', () => {
	it('sends its first payouts before its last row is read, and pays every row once, output in input order', async () => {
		const items = rows('as-checked');

		const { output, createsBeforeLastRow } = await runWatchingTheLastRow({
			items,
			parameters: batch(),
			continueOnFail: true,
		});

		// Rows are read as slots free up: at most one slot's worth ahead of the creates TYLT has received.
		expect(createsBeforeLastRow).toBeGreaterThanOrEqual(ROWS - DEFAULT_CONCURRENT_PAYOUTS);
		expect(output.map((item) => item.json.merchantReference)).toEqual(references(items));
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(output.every((item) => item.json.alreadySent === false)).toBe(true);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
	});

	it('answers a refused row with its error and pays the others, as when the batch is checked first', async () => {
		const items = rows('refused-row');
		items[3] = { ...items[3], address: `${String(items[3].address).slice(0, -1)}x` };
		// A later row repeating an earlier one's reference and payout: the guard outputs the earlier payout.
		items[9] = { ...items[2] };

		const { output } = await runWatchingTheLastRow({
			items,
			parameters: batch(),
			continueOnFail: true,
		});

		expect(output[3].json.error).toContain('Address');
		expect(output[9].json).toMatchObject({ alreadySent: true, merchantReference: items[2].row });
		const paid = references(items).filter((_, index) => index !== 3 && index !== 9);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(paid));
	});
});

describe('the user stopping a batch sent row by row', () => {
	it('sends no create after the Stop and answers every row read after it as not sent', async () => {
		const items = rows('stopped');
		for (let create = 0; create < ROWS; create++) {
			suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 300 });
		}
		const stop = new AbortController();

		const run = suite.run({
			items,
			continueOnFail: true,
			abortSignal: stop.signal,
			parameters: batch(),
		});
		await until(
			() => requestsTo(suite.sandbox, 'createPayout').length >= DEFAULT_CONCURRENT_PAYOUTS,
			'the first slots’ creates to reach TYLT',
		);
		stop.abort();
		const receivedAtStop = requestsTo(suite.sandbox, 'createPayout').length;
		const output = await run;

		expect(requestsTo(suite.sandbox, 'createPayout').length).toBe(receivedAtStop);
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		for (const item of output.slice(receivedAtStop)) {
			expect(item.json.error).toBe('The execution was stopped before this payout was sent');
		}
		expect(suite.sandbox.payouts.length).toBeLessThanOrEqual(receivedAtStop);
	});
});

describe('a batch with a step over all its rows reads every row before the first create', () => {
	it.each<[string, () => Partial<NodeRun>]>([
		['without Continue On Fail (one verdict for the batch)', () => ({ continueOnFail: false })],
		['with Check Balance First', () => ({ parameters: batch({ checkBalanceFirst: true }) })],
		[
			'with Duplicate Look-Back as an expression (a wider one would read history again)',
			() => ({ parameters: batch({ lookBackHours: '={{ 168 }}' }) }),
		],
		[
			'with Max Payouts Per Second as an expression',
			() => ({ parameters: batch({ maxPayoutsPerSecond: '={{ 0 }}' }) }),
		],
		[
			'under the credential’s Max Amount per 24 Hours',
			() => ({
				credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100000' },
			}),
		],
	])('%s', async (_, run) => {
		const items = rows('whole-first');

		const { createsBeforeLastRow } = await runWatchingTheLastRow({
			items,
			parameters: batch(),
			continueOnFail: true,
			...run(),
		});

		expect(createsBeforeLastRow).toBe(0);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references(items)));
	});
});

itShowsNoSecret();
