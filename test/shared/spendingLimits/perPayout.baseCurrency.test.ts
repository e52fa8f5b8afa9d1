/**
 * Adversary (issue 26): Max Amount per Payout binds the settled currency, but a payout may name another
 * listed currency as baseCurrency and is then checked only against that currency's limit. A crypto symbol as
 * baseCurrency (the sandbox, like TYLT's spec, does not rule it out: its stablecoins are valid baseCurrency
 * values) sizes a USDT payout in DAI, so USDT's own limit never binds. The credential must refuse a payout
 * whose settled currency would get more than its own limit allows.
 */
import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { httpRequestNode } from '../../support/httpRequestNode';
import {
	credentialsFor,
	failureOf,
	payoutCreate,
	requestsTo,
	useTyltNode,
} from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

/** USDT: at most 1 per payout. DAI is listed for DAI payouts of up to 500. */
const LIMITS: SpendingLimitTexts = { maxAmountPerPayout: 'USDT 1, DAI 500' };

describe('a crypto symbol as baseCurrency does not lift the settled currency’s limit', () => {
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

	it('TYLT node v2: Amount In Fiat with Base Currency DAI cannot pay 400 USDT under USDT 1', async () => {
		const error = await failureOf(
			tylt.run({
				typeVersion: 2,
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
