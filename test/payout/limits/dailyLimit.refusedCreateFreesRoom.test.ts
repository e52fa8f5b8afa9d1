/**
 * a reservation kept although nothing was paid (denial of service). TYLT refusing a
 * create, by HTTP status or by the envelope's errorCode, proves no payout was made: its room under Max Amount per
 * 24 Hours must come back, whatever the duplicate guard does with the refusal on its way up.
 */
import type { Fault } from '../../../sandbox/types';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('refused-create');
const run = (reference: string, duplicateGuard: boolean) => ({
	credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
	parameters: payoutCreate({
		baseAmount: 80,
		address: RECIPIENT,
		reference,
		options: duplicateGuard ? {} : { duplicateGuard: false },
	}),
	continueOnFail: true,
});

const refusals: Array<[string, Fault]> = [
	[
		'HTTP 400',
		{
			kind: 'status',
			status: 400,
			contentType: 'application/json',
			body: JSON.stringify({ errorCode: 400, msg: 'Insufficient balance' }),
			times: 1,
		} as Fault,
	],
	[
		'errorCode in an HTTP 200 envelope',
		{ kind: 'errorCode', errorCode: 1003, msg: 'Insufficient balance', times: 1 },
	],
];

describe.each([true, false])('duplicate guard %s', (duplicateGuard) => {
	it.each(refusals)('a create TYLT refuses (%s) gives its room back', async (_, fault) => {
		suite.sandbox.injectFault('createPayout', fault);
		const [first] = await suite.run(run(`refused-${String(duplicateGuard)}`, duplicateGuard));
		expect(first.json.error).toBeDefined();
		expect(suite.sandbox.payouts).toHaveLength(0);

		const [second] = await suite.run(
			run(`after-refusal-${String(duplicateGuard)}`, duplicateGuard),
		);
		expect(second.json.error).toBeUndefined();
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(2);
	});
});

itShowsNoSecret();
