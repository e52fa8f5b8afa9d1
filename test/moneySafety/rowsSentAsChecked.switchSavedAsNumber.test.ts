/**
 * Dry Run and Check Balance First saved as a number rather than true or false (a workflow written by hand, by an
 * API client or by an AI builder): the node reads any truthy value as on when it checks a row, so the batch must
 * take the steps those options ask for before anything is sent, as it does when every row is checked first.
 */
import type { IDataObject } from 'n8n-workflow';

import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

function rows(prefix: string, count = 3): IDataObject[] {
	return Array.from({ length: count }, (_, index) => ({
		row: `${prefix}-${index}`,
		address: tronAddress(`${prefix} recipient ${index}`),
	}));
}

const batch = (options: IDataObject) =>
	payoutCreate({ address: '={{ $json.address }}', reference: '={{ $json.row }}', options });

describe('Dry Run saved as the number 1', () => {
	it('sends nothing and reports each row as a dry run, as Dry Run on does', async () => {
		const output = await suite.run({
			items: rows('dry-as-one'),
			continueOnFail: true,
			parameters: batch({ dryRun: 1 }),
		});

		expect(requestsTo(suite.sandbox, 'createPayout').length).toBe(0);
		expect(payoutsPerReference(suite.sandbox)).toEqual({});
		expect(output.map((item) => item.json.dryRun)).toEqual([true, true, true]);
	});
});

describe('Check Balance First saved as the number 1', () => {
	it('sends nothing when the balance does not cover the batch, as Check Balance First on does', async () => {
		suite.sandbox.setBalances({ USDT: 30 });

		const output = await suite.run({
			items: rows('balance-as-one'),
			continueOnFail: true,
			parameters: batch({ checkBalanceFirst: 1 }),
		});

		expect(requestsTo(suite.sandbox, 'createPayout').length).toBe(0);
		for (const item of output) expect(String(item.json.error)).toContain('Check Balance First');
	});
});

itShowsNoSecret();
