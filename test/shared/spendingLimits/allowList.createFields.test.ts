/**
 * The create is signed only as far as its payout is proven. The credential refuses the create with a query
 * string because "fields the limits do not read could travel in it"; the same fields in the body travel signed.
 * TYLT's record names the recipient `toAddress` and the network `network`, and P2P calls size a payout by
 * `amount`: a create naming those beside the checked fields is a payout the limits did not read, should TYLT (or
 * a later version of it) take them. Not proven, so refused, as the query is (docs/credential.md: what the credential
 * signs while a limit is set).
 */
import type { IRequestOptions } from 'n8n-workflow';

import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { CREATE_PATH, httpRequestNode } from '../../support/httpRequestNode';
import { tronAddress, useSandbox } from '../../support/sandboxKit';

const sandbox = useSandbox();

const RECIPIENT = tronAddress('create fields: the listed recipient');
const PER_PAYOUT: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 10',
	allowedAddresses: `TRX:${RECIPIENT}`,
};
const WITHIN = {
	baseAmount: 10,
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	address: RECIPIENT,
};

it.each<[string, Record<string, unknown>]>([
	[
		'the record’s name for the recipient, another one',
		{ toAddress: tronAddress('create fields: nobody listed') },
	],
	['an amount the limits do not read', { amount: 50000, settledAmountRequested: 50000 }],
	['the record’s name for the network', { network: 'ETH' }],
])(
	'a create within the limits that also names %s is refused, as in its query',
	async (_case, extra) => {
		const outcome = await httpRequestNode(sandbox, PER_PAYOUT, {
			uri: sandbox.url + CREATE_PATH,
			body: { ...WITHIN, ...extra } as IRequestOptions['body'],
		});

		expect(sandbox.requests).toEqual([]);
		expect('error' in outcome && outcome.error.message).toMatch(/^The TYLT API credential refused/);
	},
);

it('the fields TYLT documents for the create (and the node sends) are signed', async () => {
	const documented = {
		...WITHIN,
		customerName: 'Payee',
		comments: '[ref:inv-1]',
		callBackUrl: 'https://merchant.example/tylt',
		redirectUrl: 'https://merchant.example/done',
	};
	const outcome = await httpRequestNode(sandbox, PER_PAYOUT, {
		uri: sandbox.url + CREATE_PATH,
		body: documented,
	});

	expect(outcome).toHaveProperty('answer');
	expect(sandbox.payouts).toHaveLength(1);
});
