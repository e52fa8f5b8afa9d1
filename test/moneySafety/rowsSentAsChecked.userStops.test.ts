/**
 * The user stopping the execution while a batch is sent row by row (no step over all its rows): no row read after
 * the Stop reaches TYLT, each is answered as not sent (never in doubt), and the creates on their way are reported.
 */
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_CONCURRENT_PAYOUTS } from '../../nodes/Tylt/actions/payout/create.options';
import { useMoneySafetySandbox, until } from '../support/moneySafetyKit';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

const ROWS = 12;

function rows(prefix: string): IDataObject[] {
	return Array.from({ length: ROWS }, (_, index) => ({
		row: `${prefix}-${index}`,
		address: tronAddress(`${prefix} recipient ${index}`),
	}));
}

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
		parameters: payoutCreate({
			address: '={{ $json.address }}',
			reference: '={{ $json.row }}',
			options: {},
		}),
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

itShowsNoSecret();
