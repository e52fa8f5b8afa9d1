/**
 * The supported currency list (sandbox/endpoints/currencies.ts over the seed in sandbox/currencies.ts).
 */
import { SEEDED_CURRENCIES } from '../../sandbox';
import { PATHS, callApi, json, useFreshSandbox } from '../support/sandboxClient';

const sandbox = useFreshSandbox();

describe('supported currencies', () => {
	it('lists the seeded currencies in the list envelope', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.currencies);
		expect(result.status).toBe(200);
		expect(json(result)).toEqual({ data: SEEDED_CURRENCIES, errorCode: 0, msg: '' });
		const usdcPolygon = SEEDED_CURRENCIES.find((c) => c.currencySymbol === 'USDC')?.networks.find(
			(n) => n.networkSymbol === 'MATIC',
		);
		expect(usdcPolygon).toMatchObject({ canWithdraw: 0, canDeposit: 1 });
	});
});
