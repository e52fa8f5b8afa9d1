/**
 * Balance → Get: TYLT's account balance (getAccountBalance, in TYLT's docs but not the spec), one item per
 * currency, strict about the answer like every other read.
 */
import { NodeApiError, type INodeParameters } from 'n8n-workflow';

import { SEEDED_BALANCES } from '../../../sandbox';
import { useShortRetryBackoff } from '../../support/moneySafetyKit';
import { expectedSignature, requestsTo, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

useShortRetryBackoff();

const balanceGet = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'balance',
	operation: 'get',
	options,
});

/** Has the balance call answer HTTP 200 with this body, as many times as the node may ask. */
function answerBalanceWith(body: unknown) {
	sandbox.injectFault('accountBalance', {
		kind: 'status',
		status: 200,
		body: JSON.stringify(body),
		contentType: 'application/json',
		times: 10,
	});
}

it('outputs one item per currency: currencySymbol and balance as a number', async () => {
	sandbox.setBalances({ USDT: 12.0579 });

	const output = await tylt.run({ parameters: balanceGet() });

	expect(output).toEqual(
		Object.entries({ ...SEEDED_BALANCES, USDT: 12.0579 }).map(([currencySymbol, balance]) => ({
			json: { currencySymbol, balance },
			pairedItem: { item: 0 },
		})),
	);
});

it('signs the empty string: no query, no body', async () => {
	await tylt.run({ parameters: balanceGet() });

	const [request, ...more] = requestsTo(sandbox, 'accountBalance');
	expect(more).toHaveLength(0);
	expect(request).toMatchObject({
		method: 'GET',
		path: '/transactions/merchant/getAccountBalance',
		query: '',
		status: 200,
		signedString: '',
	});
	expect(request.headers['x-tlp-signature']).toBe(expectedSignature(sandbox.apiSecret, ''));
});

it('with Only Currencies, outputs those currencies in the order asked, matched in any case', async () => {
	const output = await tylt.run({ parameters: balanceGet({ currencies: ['dai', 'USDT'] }) });

	expect(output.map((item) => item.json)).toEqual([
		{ currencySymbol: 'DAI', balance: SEEDED_BALANCES.DAI },
		{ currencySymbol: 'USDT', balance: SEEDED_BALANCES.USDT },
	]);
});

it('takes Only Currencies from an expression as text separated by commas', async () => {
	const output = await tylt.run({ parameters: balanceGet({ currencies: ' USDC, DAI ,' }) });

	expect(output.map((item) => item.json.currencySymbol)).toEqual(['USDC', 'DAI']);
});

it('a currency TYLT lists no balance for is an error naming it, never a balance of 0', async () => {
	const error = await tylt.fail({ parameters: balanceGet({ currencies: ['USDT', 'BUSD'] }) });

	expect(error.message).toBe(
		'Invalid Only Currencies ["USDT","BUSD"] in item 0: TYLT lists no balance for BUSD; it lists USDT, USDC, DAI',
	);
});

it('answers every input item from one request', async () => {
	const output = await tylt.run({
		parameters: balanceGet({ currencies: ['USDT'] }),
		items: [{}, {}, {}],
	});

	expect(requestsTo(sandbox, 'accountBalance')).toHaveLength(1);
	expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
});

describe('an answer in another shape fails closed (read again, then an error), never a made-up balance', () => {
	it.each<[string, unknown, string]>([
		[
			'data is not a list',
			{ data: { USDT: 5 } },
			'the balance answer holds no list of balances (data is not an array)',
		],
		[
			'data is null',
			{ data: null, msg: '' },
			'the balance answer holds no list of balances (data is not an array)',
		],
		[
			'a balance given as text',
			{ data: [{ currencySymbol: 'USDT', balance: '12.05' }] },
			'entry 1 of the balance answer (USDT) has no numeric balance',
		],
		[
			'a balance that is null',
			{
				data: [
					{ currencySymbol: 'USDT', balance: 1 },
					{ currencySymbol: 'DAI', balance: null },
				],
			},
			'entry 2 of the balance answer (DAI) has no numeric balance',
		],
		[
			'an entry without currencySymbol',
			{ data: [{ symbol: 'USDT', balance: 1 }] },
			'entry 1 of the balance answer has no currencySymbol',
		],
		[
			'a currency listed twice',
			{
				data: [
					{ currencySymbol: 'USDT', balance: 1 },
					{ currencySymbol: 'usdt', balance: 2 },
				],
			},
			'entry 2 of the balance answer lists usdt a second time',
		],
	])('%s', async (_case, body, problem) => {
		answerBalanceWith(body);

		const error = await tylt.fail({ parameters: balanceGet() });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(`TYLT did not answer usefully: ${problem}`);
		expect(requestsTo(sandbox, 'accountBalance')).toHaveLength(4);
	});
});
