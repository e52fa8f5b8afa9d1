/**
 * URL spellings that a URL parser and a server might read apart (backslashes, dot
 * segments as %2e, tabs and line breaks, escaped slashes and question marks), sent through the HTTP Request
 * node's real request helper. The limits must read the create path wherever TYLT would route it, and for a read
 * the signature must verify against the bytes the server received (the sandbox checks it).
 */
import { createHmac } from 'crypto';

import type { SpendingLimitTexts } from '../../nodes/shared/spendingLimits/fields';
import { httpRequestNode } from '../support/httpRequestNode';
import { tronAddress, useSandbox } from '../support/sandboxKit';

const sandbox = useSandbox();
const LIMITS: SpendingLimitTexts = { maxAmountPerPayout: 'USDT 10' };
const OVER_THE_LIMIT = {
	baseAmount: 40_000,
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	address: tronAddress('url spellings'),
};

it.each([
	['backslashes', '\\transactions\\merchant\\createPayoutRequest'],
	['dot segments written %2e', '/transactions/merchant/x/%2e%2e/createPayoutRequest'],
	['a tab and a line break inside the name', '/transactions/merchant/create\tPayout\nRequest'],
	['an escaped slash', '/transactions%2Fmerchant%2FcreatePayoutRequest'],
	['the name in another letter case', '/TRANSACTIONS/MERCHANT/CREATEPAYOUTREQUEST'],
	['a trailing slash and a suffix', '/transactions/merchant/createPayoutRequest/.json'],
])('a create over the limit whose path has %s is refused, and nothing is paid', async (_, path) => {
	const outcome = await httpRequestNode(sandbox, LIMITS, {
		uri: sandbox.url + path,
		body: OVER_THE_LIMIT,
	});
	expect(sandbox.payouts).toHaveLength(0);
	expect('error' in outcome && outcome.error.message).toMatch(/Max Amount per Payout/);
});

it.each([
	['a tab in the query', '/transactions/merchant/getPayoutTransactionHistory?ro\tws=5&page=1'],
	[
		'an escaped question mark and ampersand',
		'/transactions/merchant/getPayoutTransactionHistory?rows=5%3F%26x%3D1&page=1',
	],
	['a plus and a space', '/transactions/merchant/getPayoutTransactionHistory?rows=5&note=a+b c'],
	['backslashes in the path', '\\transactions\\merchant\\getPayoutTransactionHistory?rows=5'],
])('a read with %s: the server receives the query the signature covers', async (_, path) => {
	await httpRequestNode(sandbox, {}, { method: 'GET', uri: sandbox.url + path });
	const [received] = sandbox.requests;
	const query = Object.fromEntries(new URLSearchParams(received.query));
	const signedOverReceived = createHmac('sha256', sandbox.apiSecret)
		.update(Object.keys(query).length === 0 ? '' : JSON.stringify(query))
		.digest('hex');
	expect(received.headers['x-tlp-signature']).toBe(signedOverReceived);
});
