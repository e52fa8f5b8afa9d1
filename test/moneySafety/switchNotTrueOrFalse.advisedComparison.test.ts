/**
 * The refusal of a switch that is not true or false tells the user how to read a sheet's text: compare it in the
 * expression. Followed for Dry Run, that comparison must still read a row that lacks the column as a dry run (or
 * refuse it): a comparison that reads a missing column as false pays the row for real, the very loss the refusal
 * exists to prevent.
 */
import type { IDataObject } from 'n8n-workflow';

import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';
import { payoutCreate, tronAddress } from '../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

function rows(prefix: string, columns: IDataObject[]): IDataObject[] {
	return columns.map((column, index) => ({
		row: `${prefix}-${index}`,
		address: tronAddress(`${prefix} recipient ${index}`),
		...column,
	}));
}

const batch = (options: IDataObject) =>
	payoutCreate({ address: '={{ $json.address }}', reference: '={{ $json.row }}', options });

describe('Dry Run written as the comparison its refusal advises', () => {
	it('pays only the row whose sheet says FALSE, never the row without the column', async () => {
		const refusal = await suite.fail({
			items: rows('advice-asked', [{ testMode: 'TRUE' }]),
			parameters: batch({ dryRun: '={{ $json.testMode }}' }),
		});
		const advised = /\{\{ (.+?) \}\}/.exec(refusal.message)?.[1];
		expect(advised).toContain('$json.column');

		const output = await suite.run({
			items: rows('advice-followed', [{ testMode: 'TRUE' }, {}, { testMode: 'FALSE' }]),
			continueOnFail: true,
			parameters: batch({
				dryRun: `={{ ${String(advised).replace('$json.column', '$json.testMode')} }}`,
			}),
		});

		expect(output[0].json.dryRun).toBe(true);
		expect(payoutsPerReference(suite.sandbox)).toEqual({ 'advice-followed-2': 1 });
	});
});

itShowsNoSecret();
