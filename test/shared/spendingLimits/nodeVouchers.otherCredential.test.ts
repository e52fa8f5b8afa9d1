/**
 * Adversary (issue 26, second round): the TYLT node's vouchers for Max Amount per 24 Hours are keyed by the body
 * text alone, in one process-wide map. A voucher says "counted against a 24-hour limit", but not whose: the
 * signing of ANY TYLT credential takes it. Whoever may use the owner's credential C (USDT 100 per 24 hours) can
 * create a TYLT credential E of their own (their demo account, or a server of their own as Base URL) with a
 * 24-hour limit as large as they like. The TYLT node with E vouches for a body of their choosing while its create
 * is on its way; an HTTP Request node with C sending that same body text in that moment is signed with C on E's
 * voucher: C's account pays it, and C's own limit never counted it.
 *
 * The moment is the one spendingLimits26.stolenVoucher.test.ts uses (between the node's voucher and the
 * credential's authenticate, held here the same way); what that fix bounded (a stolen voucher pays what the
 * node counted for the same account) does not hold across credentials: nothing bounds the amount.
 */
import { startSandbox, type TyltSandbox } from '../../../sandbox';
import { holdFirstCreateBeforeSigning } from '../../support/heldSigning';
import { httpRequestNode } from '../../support/httpRequestNode';
import { credentialsFor, payoutCreate, tronAddress } from '../../support/sandboxKit';
import { useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

/** The builder's own TYLT account: another server, key and secret than the owner's. */
let ownAccount: TyltSandbox;
beforeAll(async () => {
	ownAccount = await startSandbox({
		autoSettle: false,
		apiKey: 'builders-own-key',
		apiSecret: 'builders-own-secret',
	});
});
afterAll(async () => {
	await ownAccount.close();
});

const OWNERS_LIMITS = { maxAmountPer24Hours: 'USDT 100' };
const BUILDERS_LIMITS = { maxAmountPer24Hours: 'USDT 1000000' };
const BUILDER = tronAddress('builder-wallet');

it('a voucher the node gave under another credential does not let the owner’s credential sign a payout', async () => {
	let httpRequest: unknown;
	// The node's create on the builder's own account is held just before the builder's credential signs it.
	const spy = holdFirstCreateBeforeSigning(
		async (body) => {
			httpRequest = await httpRequestNode(suite.sandbox, OWNERS_LIMITS, { body });
		},
		(credentials) => credentials.baseUrl === ownAccount.url,
	);
	try {
		await suite.run({
			credentials: { ...credentialsFor(ownAccount), ...BUILDERS_LIMITS },
			parameters: payoutCreate({
				baseAmount: 5000,
				address: BUILDER,
				options: { reference: 'own-account-voucher' },
			}),
			continueOnFail: true,
		});
	} finally {
		spy.mockRestore();
	}

	// Before a fix: the owner's account paid 5000 USDT under Max Amount per 24 Hours of USDT 100, signed by the
	// owner's credential on a voucher the builder's credential got for it.
	expect(httpRequest).toBeDefined();
	expect(suite.sandbox.payouts.map((payout) => payout.settledAmountRequested)).toEqual([]);
});

it('the owner’s credential still signs its own reads (so the scan below has signatures to look for)', async () => {
	const output = await suite.run({
		credentials: { ...credentialsFor(suite.sandbox), ...OWNERS_LIMITS },
		parameters: { resource: 'balance', operation: 'get' },
	});
	expect(output.length).toBeGreaterThan(0);
});

itShowsNoSecret();
