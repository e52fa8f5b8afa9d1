/**
 * Attacks on Max Amount per 24 Hours, each asserting the safe outcome: overlapping executions, creates TYLT answered oddly, vouchers after their create, and
 * history that is odd in the ways the spec allows.
 */
import type { IDataObject } from 'n8n-workflow';

import { httpRequestNode } from '../../support/httpRequestNode';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('held-recipient');
const LIMITS = { maxAmountPer24Hours: 'USDT 100' };
let references = 0;
const run = (baseAmount: number, options: IDataObject = {}) => ({
	credentials: { ...credentialsFor(suite.sandbox), ...LIMITS },
	parameters: payoutCreate({
		baseAmount,
		address: RECIPIENT,
		reference: `held-${++references}`,
		options: { ...options },
	}),
	continueOnFail: true,
});
const paid = () =>
	suite.sandbox.payouts.reduce((sum, payout) => sum + payout.settledAmountRequested, 0);

it('three executions at once of 40 each under USDT 100: two are paid', async () => {
	await Promise.all([suite.run(run(40)), suite.run(run(40)), suite.run(run(40))]);

	expect(paid()).toBe(80);
});

it.each([
	['TYLT made it and the answer was lost', { kind: 'createdButResponseLost' as const }],
	['TYLT answered HTTP 429', { kind: 'status' as const, status: 429 }],
	[
		'TYLT answered HTTP 500 after making it',
		{ kind: 'status' as const, status: 500, processed: true },
	],
])(
	'a create in doubt (%s) keeps its room: a second run of 60 under 100 is refused',
	async (_case, fault) => {
		suite.sandbox.injectFault('createPayout', fault);
		await suite.run(run(60, { inDoubtCheckSeconds: 0 }));

		const [second] = await suite.run(run(60));

		expect(String(second.json.error)).toMatch(/above Max Amount per 24 Hours/);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	},
);

it('the node’s voucher does not outlive its create: the same body text from the HTTP Request node is refused', async () => {
	await suite.run(run(10));
	const [sent] = requestsTo(suite.sandbox, 'createPayout');

	const replay = await httpRequestNode(suite.sandbox, LIMITS, { body: JSON.parse(sent.rawBody) });

	expect('error' in replay && replay.error.message).toMatch(/only the TYLT node/);
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
});

it.each<[string, Record<string, unknown>]>([
	['an amount written as a string', { settledAmountRequested: '60.00' as unknown as number }],
	['a createdAt that cannot be read', { createdAt: 'yesterday-ish' }],
	['a createdAt in the future', { createdAt: hoursAgo(-48) }],
	['a status in capitals other than Failed', { status: 'PENDING' }],
	['a settledCurrency in lower case with spaces', { settledCurrency: ' usdt ' }],
])('history with %s counts: 60 there and 60 now exceed USDT 100', async (_case, record) => {
	suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(1), settledAmountRequested: 60, ...record });

	const [output] = await suite.run(run(60));

	expect(String(output.json.error)).toMatch(/Max Amount per 24 Hours/);
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
});

itShowsNoSecret();
