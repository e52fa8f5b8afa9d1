/**
 * Reference on the panel: spellings of one reference (a number from an expression, spaces around it) are one
 * reference to the duplicate guard, paid once. (A payout a version-1 node sent is found too:
 * test/versionOne.test.ts.)
 */
import type { INodeParameters } from 'n8n-workflow';

import { payoutCreate, requestsTo, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

const withReference = (reference: string): INodeParameters =>
	payoutCreate({ amountIn: 'settledCurrency', reference, options: {} });

async function outcomes(...runs: INodeParameters[]) {
	const results = [];
	for (const parameters of runs) results.push((await tylt.run({ parameters }))[0].json.alreadySent);
	return results;
}

describe('one reference, however it is spelled, is paid once', () => {
	it('a number from an expression, then the same digits with spaces around', async () => {
		expect(await outcomes(withReference('={{ 4711 }}'), withReference(' 4711 '))).toEqual([
			false,
			true,
		]);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});
});
