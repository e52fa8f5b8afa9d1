/**
 * Adversary (issue 26): "A currency not listed cannot be paid" (the Max Amount per Payout field, and
 * docs/credential.md). A payout sized in a listed fiat Base Currency is checked against the fiat limit only,
 * and its settled currency is never looked up: with `USDT 500, EUR 450`, 400 EUR paid out in USDC (not listed,
 * so never to be paid) goes through.
 */
import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { httpRequestNode } from '../../support/httpRequestNode';
import { EVM_ADDRESS, requestsTo, useSandbox } from '../../support/sandboxKit';

const sandbox = useSandbox();

const LIMITS: SpendingLimitTexts = { maxAmountPerPayout: 'USDT 500, EUR 450' };

it('400 EUR paid in USDC, a currency the limits do not list, is refused', async () => {
	const sent = await httpRequestNode(sandbox, LIMITS, {
		body: {
			baseAmount: 400,
			baseCurrency: 'EUR',
			address: EVM_ADDRESS,
			settledCurrency: 'USDC',
			networkSymbol: 'ETH',
		},
	});

	expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	expect('error' in sent && sent.error.message).toMatch(/refused this payout.*USDC/);
});
