/**
 * Executions that overlap in one n8n process, creates slower than the node's timeout, and a reference
 * whose create had an unknown outcome: each reference is still paid at most once. The evidence is the
 * sandbox's payouts per reference.
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

const creates = () => requestsTo(suite.sandbox, 'createPayout');

function payoutWith(reference: string, options: IDataObject = {}) {
	return payoutCreate({
		address: tronAddress(`overlap ${reference}`),
		reference,
		options: { ...options },
	});
}

describe('executions of one n8n process that overlap', () => {
	it.each([2, 5])(
		'%i runs started at the same moment with one reference pay once; the others output that payout with alreadySent',
		async (runs) => {
			// Slow enough that every run reads TYLT history before the first create lands.
			suite.sandbox.latencyMs = 300;
			const parameters = payoutWith(`same-moment-${runs}`);

			const outputs = await Promise.all(
				Array.from({ length: runs }, () => suite.run({ parameters })),
			);

			const items = outputs.map(([item]) => item.json);
			expect(suite.sandbox.payouts).toHaveLength(1);
			expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach([`same-moment-${runs}`]));
			expect(creates()).toHaveLength(1);
			const orderId = suite.sandbox.payouts[0].orderId;
			expect(items.map((item) => item.orderId)).toEqual(Array(runs).fill(orderId));
			expect(items.filter((item) => item.alreadySent === false)).toHaveLength(1);
			expect(items.filter((item) => item.alreadySent === true)).toHaveLength(runs - 1);
		},
	);

	it('runs with different references at the same moment are not held up by each other', async () => {
		suite.sandbox.latencyMs = 300;

		const outputs = await Promise.all(
			['parallel-a', 'parallel-b', 'parallel-c'].map((reference) =>
				suite.run({ parameters: payoutWith(reference) }),
			),
		);

		expect(outputs.map(([item]) => item.json.alreadySent)).toEqual([false, false, false]);
		expect(payoutsPerReference(suite.sandbox)).toEqual(
			onceEach(['parallel-a', 'parallel-b', 'parallel-c']),
		);
		// Held up by each other, the three would take three creates' time one after the other.
		const arrivals = creates().map((request) => request.receivedAt);
		expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(300);
	});

	it('a run whose create TYLT refused lets the waiting run send the payout', async () => {
		suite.sandbox.latencyMs = 300;
		suite.sandbox.injectFault('createPayout', {
			kind: 'errorCode',
			errorCode: 4090,
			msg: 'Payouts are paused for a moment',
		});
		const parameters = payoutWith('refused-then-sent');

		const [first, second] = await Promise.allSettled([
			suite.run({ parameters }),
			suite.run({ parameters }),
		]);

		const outcomes = [first, second].map((result) =>
			result.status === 'fulfilled' ? result.value[0].json.alreadySent : 'refused',
		);
		expect(outcomes.sort()).toEqual([false, 'refused']);
		if (first.status === 'rejected') suite.keepError(first.reason);
		if (second.status === 'rejected') suite.keepError(second.reason);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['refused-then-sent']));
	});

	it('a dry run does not wait for a run that holds the reference', async () => {
		suite.sandbox.latencyMs = 300;
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 2000 });
		const reference = 'dry-run-beside-real';

		const real = suite.run({ parameters: payoutWith(reference) });
		await until(() => creates().length === 1, 'the real run to start its create');
		const startedAt = Date.now();
		const [report] = await suite.run({ parameters: payoutWith(reference, { dryRun: true }) });

		expect(report.json).toMatchObject({ dryRun: true, merchantReference: reference });
		expect(Date.now() - startedAt).toBeLessThan(1500);
		const [sent] = await real;
		expect(sent.json.alreadySent).toBe(false);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach([reference]));
	});
});

describe('a create slower than the node’s timeout (Retry On Fail)', () => {
	it('is found in TYLT history within In-Doubt Check, and a run right after outputs it as already sent', async () => {
		// TYLT creates the payout 1.5 s after the request; the node gives up after 0.2 s.
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 1500 });
		const parameters = payoutWith('slow-create', { timeoutSeconds: 0.2, inDoubtCheckSeconds: 10 });

		const [first] = await suite.run({ parameters });
		const [retried] = await suite.run({ parameters });

		expect(first.json).toMatchObject({
			alreadySent: false,
			confirmedFromHistory: true,
			merchantReference: 'slow-create',
			orderId: suite.sandbox.payouts[0].orderId,
		});
		expect(retried.json).toMatchObject({ alreadySent: true, orderId: first.json.orderId });
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['slow-create']));
		expect(creates()).toHaveLength(1);
	});

	it('with In-Doubt Check 0, a retry right after is refused until TYLT history shows the payout, then outputs it', async () => {
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 1500 });
		const parameters = payoutWith('slow-create-unchecked', {
			timeoutSeconds: 0.2,
			inDoubtCheckSeconds: 0,
		});

		const first = await suite.fail({ parameters });
		const retry = await suite.fail({ parameters });
		await until(() => suite.sandbox.payouts.length === 1, 'TYLT to create the slow payout');
		const [later] = await suite.run({ parameters });

		expect(first.message).toContain('outcome of this payout is unknown');
		expect(retry.message).toContain('slow-create-unchecked');
		expect(retry.message).toMatch(/check TYLT/i);
		expect(later.json).toMatchObject({
			alreadySent: true,
			orderId: suite.sandbox.payouts[0].orderId,
		});
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['slow-create-unchecked']));
		expect(creates()).toHaveLength(1);
	});

	it('five retries started at once while the slow create is in doubt pay once', async () => {
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 1000 });
		const parameters = payoutWith('slow-create-many', {
			timeoutSeconds: 0.2,
			inDoubtCheckSeconds: 0,
		});

		await suite.fail({ parameters });
		await until(() => suite.sandbox.payouts.length === 1, 'TYLT to create the slow payout');
		const outputs = await Promise.all(Array.from({ length: 5 }, () => suite.run({ parameters })));

		expect(outputs.map(([item]) => item.json.alreadySent)).toEqual(Array(5).fill(true));
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['slow-create-many']));
	});
});

describe('an unknown outcome, then the same reference again in one execution (Continue On Fail)', () => {
	const twoItems = [{ row: 'twice' }, { row: 'twice' }];
	const parameters = (options: IDataObject) =>
		payoutCreate({
			address: tronAddress('twice recipient'),
			reference: '={{ $json.row }}',
			options: { ...options },
		});

	it('TYLT created it but the answer was lost: the second item outputs that payout, nothing more is sent', async () => {
		suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });

		const output = await suite.run({
			items: twoItems,
			parameters: parameters({ inDoubtCheckSeconds: 0 }),
			continueOnFail: true,
		});

		expect(output[0].json.error).toContain('outcome of this payout is unknown');
		expect(output[1].json).toMatchObject({
			alreadySent: true,
			orderId: suite.sandbox.payouts[0].orderId,
		});
		expect(creates()).toHaveLength(1);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['twice']));
	});

	it('TYLT did not create it: the second item is refused with an error naming the reference', async () => {
		suite.sandbox.injectFault('createPayout', { kind: 'drop' });

		const output = await suite.run({
			items: twoItems,
			parameters: parameters({ inDoubtCheckSeconds: 0 }),
			continueOnFail: true,
		});

		expect(output[0].json.error).toContain('outcome of this payout is unknown');
		expect(output[1].json.error).toContain('"twice"');
		expect(output[1].json.error).toMatch(/check TYLT/i);
		expect(creates()).toHaveLength(1);
		expect(suite.sandbox.payouts).toHaveLength(0);
	});

	it('a create slower than the timeout: the first item is confirmed from history, the second outputs it as already sent', async () => {
		suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 800 });

		const output = await suite.run({
			items: twoItems,
			parameters: parameters({ timeoutSeconds: 0.2, inDoubtCheckSeconds: 10 }),
			continueOnFail: true,
		});

		expect(output[0].json).toMatchObject({ alreadySent: false, confirmedFromHistory: true });
		expect(output[1].json).toMatchObject({ alreadySent: true, orderId: output[0].json.orderId });
		expect(creates()).toHaveLength(1);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['twice']));
	});
});

itShowsNoSecret();
