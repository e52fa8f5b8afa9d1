/** Currency → Get Many: TYLT's supported currency list, one item per currency or per currency and network. */
import { SEEDED_CURRENCIES } from '../../../sandbox';
import { expectedSignature, requestsTo, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

async function run(
	options: { splitByNetwork?: boolean } = {},
	items?: Array<Record<string, never>>,
) {
	return await tylt.run({
		items,
		parameters: { resource: 'currency', operation: 'getMany', options },
	});
}

it('outputs one item per currency, exactly as TYLT lists it', async () => {
	const output = await run();

	expect(output).toEqual(
		SEEDED_CURRENCIES.map((currency) => ({ json: currency, pairedItem: { item: 0 } })),
	);
});

it('with One Item per Network, outputs one item per currency and network: currency fields plus network fields', async () => {
	const output = await run({ splitByNetwork: true });

	const expected = SEEDED_CURRENCIES.flatMap(({ networks, ...currency }) =>
		networks.map((network) => ({ ...currency, ...network })),
	);
	expect(output.map((item) => item.json)).toEqual(expected);
	expect(output[0].json).toMatchObject({
		currencyName: 'Tether USD',
		currencySymbol: 'USDT',
		networkSymbol: SEEDED_CURRENCIES[0].networks[0].networkSymbol,
		minimumWithdrawal: SEEDED_CURRENCIES[0].networks[0].minimumWithdrawal,
	});
	expect(output.every((item) => !('networks' in item.json))).toBe(true);
});

it('signs the empty string: the call has no query and no body', async () => {
	await run();

	const [request, ...more] = requestsTo(sandbox, 'currencies');
	expect(more).toHaveLength(0);
	expect(request).toMatchObject({
		method: 'GET',
		query: '',
		rawBody: '',
		status: 200,
		signedString: '',
	});
	expect(request.headers['x-tlp-signature']).toBe(expectedSignature(sandbox.apiSecret, ''));
});

it('answers every input item from one request', async () => {
	const output = await run({}, [{}, {}, {}]);

	expect(requestsTo(sandbox, 'currencies')).toHaveLength(1);
	expect(output).toHaveLength(3 * SEEDED_CURRENCIES.length);
	expect(output.map((item) => (item.pairedItem as { item: number }).item)).toEqual(
		[0, 1, 2].flatMap((itemIndex) => SEEDED_CURRENCIES.map(() => itemIndex)),
	);
});
