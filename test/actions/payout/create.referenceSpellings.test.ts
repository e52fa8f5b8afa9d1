/**
 * Version 2 has Reference on the panel (version 1: under Options). Spellings of one reference
 * (a number from an expression, spaces around it) and a payout first sent by a version-1 node must still be
 * found by the duplicate guard: version 2 may not pay twice where version 1 would not.
 */
import type { INodeParameters } from 'n8n-workflow';

import { payoutCreate, requestsTo, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

const v2 = (reference: string): INodeParameters =>
	payoutCreate({ amountIn: 'settledCurrency', reference, options: {} });

async function outcomes(...runs: Array<{ parameters: INodeParameters; typeVersion: number }>) {
	const results = [];
	for (const run of runs) results.push((await tylt.run(run))[0].json.alreadySent);
	return results;
}

describe('one reference, however it is spelled, is paid once', () => {
	it('a number from an expression, then the same digits with spaces around', async () => {
		expect(
			await outcomes(
				{ parameters: v2('={{ 4711 }}'), typeVersion: 2 },
				{ parameters: v2(' 4711 '), typeVersion: 2 },
			),
		).toEqual([false, true]);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});

	it('sent by a version-1 node (Options → Reference), repeated by a version-2 node', async () => {
		expect(
			await outcomes(
				{ parameters: payoutCreate({ options: { reference: 'INV-v1' } }), typeVersion: 1 },
				{ parameters: v2('INV-v1'), typeVersion: 2 },
			),
		).toEqual([false, true]);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});

	it('left empty in version 2 after a version-1 run without a reference: the derived one matches', async () => {
		expect(
			await outcomes(
				{ parameters: payoutCreate({ options: {} }), typeVersion: 1 },
				{ parameters: v2(''), typeVersion: 2 },
				{ parameters: v2('   '), typeVersion: 2 },
			),
		).toEqual([false, true, true]);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});
});
