/**
 * Adversary (issue 26), HTTP Request node: the credential refuses a payout field "in another letter case"
 * (`BaseAmount`), because a server may match JSON keys without regard to case, and then read whichever of two
 * keys it met last. It compares keys with toLowerCase, which does not fold every letter Unicode case-folds:
 * `ſ` (U+017F, long s) folds to `s`, so a server matching keys with Unicode folding (Go's encoding/json does,
 * and takes the last of two matching keys) reads `baſeAmount` as baseAmount and `addreſs` as address. Such a
 * key must be refused like `BaseAmount`: the limits checked the other key's value.
 */
import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { httpRequestNode } from '../../support/httpRequestNode';
import { requestsTo, tronAddress, useTyltNode } from '../../support/sandboxKit';

const { sandbox } = useTyltNode();

const RECIPIENT = tronAddress('folded-allowed');
const LIMITS: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 500',
	allowedAddresses: RECIPIENT,
};
const payout = {
	baseAmount: 100,
	address: RECIPIENT,
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
};

async function expectRefused(body: Record<string, unknown>) {
	const result = await httpRequestNode(sandbox, LIMITS, { body });
	expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	expect('error' in result && result.error.message).toMatch(/TYLT API credential refused/);
}

it.each<[string, Record<string, unknown>]>([
	['baſeAmount 600 after baseAmount 100', { ...payout, baſeAmount: 600 }],
	[
		'addreſs of another recipient after the allowed address',
		{ ...payout, addreſs: tronAddress('folded-attacker') },
	],
	['ſettledCurrency USDC after USDT', { ...payout, ſettledCurrency: 'USDC' }],
	['baſeCurrency EUR on a USDT-sized payout', { ...payout, baſeCurrency: 'EUR' }],
])('%s is refused', async (_case, body) => {
	await expectRefused(body);
});

it.each<[string, Record<string, unknown>]>([
	// Held: the Kelvin sign K (U+212A) lower-cases to k, so the credential already reads it as networkSymbol.
	['networ\u212aSymbol (Kelvin sign) beside networkSymbol', { ...payout, networKSymbol: 'ETH' }],
	['BASEAMOUNT in capitals beside baseAmount', { ...payout, BASEAMOUNT: 600 }],
])('held: %s is refused', async (_case, body) => {
	await expectRefused(body);
});
