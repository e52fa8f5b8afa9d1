/**
 * Max Amount per Payout and a payout's baseCurrency: naming another currency as baseCurrency must not lift the
 * settled currency's own limit, nor let a currency the limits do not list be paid.
 * - A crypto symbol as baseCurrency (the sandbox, like TYLT's spec, does not rule it out: its stablecoins are
 *   valid baseCurrency values) would size a USDT payout in DAI, so USDT's own limit never binds.
 * - "A currency not listed cannot be paid" (the Max Amount per Payout field, and docs/credential.md): a payout
 *   sized in a listed fiat Base Currency still settles in a crypto currency, and that one must be listed too.
 */
import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { httpRequestNode } from '../../support/httpRequestNode';
import {
	credentialsFor,
	EVM_ADDRESS,
	failureOf,
	payoutCreate,
	requestsTo,
	useTyltNode,
} from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

describe('a crypto symbol as baseCurrency does not lift the settled currency’s limit', () => {
	/** USDT: at most 1 per payout. DAI is listed for DAI payouts of up to 500. */
	const LIMITS: SpendingLimitTexts = { maxAmountPerPayout: 'USDT 1, DAI 500' };

	it('HTTP Request node: 400 USDT sized "in DAI" is refused under USDT 1', async () => {
		const sent = await httpRequestNode(sandbox, LIMITS, {
			body: {
				baseAmount: 400,
				baseCurrency: 'DAI',
				address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
				settledCurrency: 'USDT',
				networkSymbol: 'TRX',
			},
		});

		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
		expect('error' in sent && sent.error.message).toMatch(/refused this payout/);
	});

	it('TYLT node: Amount In Fiat with Base Currency DAI cannot pay 400 USDT under USDT 1', async () => {
		const error = await failureOf(
			tylt.run({
				credentials: { ...credentialsFor(sandbox), ...LIMITS },
				parameters: payoutCreate({
					amountIn: 'fiat',
					baseCurrency: 'DAI',
					baseAmount: 400,
					reference: 'crypto-base-1',
					options: {},
				}),
			}),
		);

		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
		expect(error.message).toMatch(/refused this payout|Nothing was sent/);
	});
});

describe('a fiat-sized payout settling in a currency the limits do not list', () => {
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
});
