/**
 * The TYLT node's voucher for Max Amount per 24 Hours ("this body was counted against the limit") and an HTTP
 * Request node that sends the same body text in the moment between the node's voucher and the credential's
 * authenticate (n8n awaits between the two; held here with holdFirstCreateBeforeSigning).
 * - Same credential: the HTTP Request node's payout may be signed on the voucher, and the node's own create is
 *   then refused by the signing. That refusal must not free the room as if nothing had been paid: this process
 *   would forget a payout it made, and while TYLT's history does not list it yet, the next run would pay the
 *   same room again. A refusal to sign frees the room only when no other request took the node's voucher.
 * - Another credential: whoever may use the owner's credential C (USDT 100 per 24 hours) can create a TYLT
 *   credential E of their own (a demo account, a server of their own as Base URL) with any 24-hour limit. A
 *   voucher the node gave under E must not let C sign that body: C's account would pay it, and C's own limit
 *   would never count it, whatever the amount.
 */
import { startSandbox, type TyltSandbox } from '../../../sandbox';
import { holdFirstCreateBeforeSigning } from '../../support/heldSigning';
import { httpRequestNode } from '../../support/httpRequestNode';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { historyNotListingThemYet, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

describe('the same credential', () => {
	const RECIPIENT = tronAddress('stolen-voucher');
	const LIMITS = { maxAmountPer24Hours: 'USDT 100' };
	const run = (reference: string) => ({
		credentials: { ...credentialsFor(suite.sandbox), ...LIMITS },
		parameters: payoutCreate({
			baseAmount: 60,
			address: RECIPIENT,
			reference,
			options: {},
		}),
		continueOnFail: true,
	});

	it('an HTTP Request node cannot ride on the node’s voucher and leave its payout uncounted', async () => {
		let stolen: unknown;
		const spy = holdFirstCreateBeforeSigning(async (body) => {
			stolen = await httpRequestNode(suite.sandbox, LIMITS, { body });
		});
		try {
			await suite.run(run('voucher-first'));
		} finally {
			spy.mockRestore();
		}
		// The voucher is good for the node's own request only (its token): the HTTP Request node's is refused.
		const paidByHttpRequest = stolen !== undefined && 'answer' in (stolen as object);
		historyNotListingThemYet(suite.sandbox);

		await suite.run(run('voucher-second'));

		// The node's own create paid its 60 with the room it reserved, and the second run finds no room for 60 more.
		expect(
			suite.sandbox.payouts.reduce((sum, p) => sum + p.settledAmountRequested, 0),
		).toBeLessThanOrEqual(100);
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
		expect(paidByHttpRequest).toBe(false);
	});

	it('without the HTTP Request node, the node’s own payout counts while history does not list it', async () => {
		await suite.run(run('journal-first'));
		historyNotListingThemYet(suite.sandbox);

		const [second] = await suite.run(run('journal-second'));

		expect(String(second.json.error)).toMatch(/above Max Amount per 24 Hours/);
		expect(suite.sandbox.payouts).toHaveLength(1);
	});
});

describe('another credential', () => {
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
					reference: 'own-account-voucher',
					options: {},
				}),
				continueOnFail: true,
			});
		} finally {
			spy.mockRestore();
		}

		// Were vouchers anyone's: the owner's account pays 5000 USDT under Max Amount per 24 Hours of USDT 100,
		// signed by the owner's credential on a voucher the builder's credential got for it.
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
});

itShowsNoSecret();
