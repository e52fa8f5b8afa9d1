/**
 * An error thrown by the duplicate guard's settle step, after the create was sent: the create's answer is lost,
 * and the In-Doubt Check finds the reference in TYLT history on a payout that pays something else (another amount,
 * made elsewhere after this execution read history). Whether TYLT also made this create is unknown, so under Max
 * Amount per 24 Hours its room stays taken (never given back on a guess); the reference's claim, the create's
 * slot and any hold on later creates are given back, so the next row is sent.
 */
import { exactText } from '../../../nodes/shared/decimalText';
import { tyltAccountHash } from '../../../nodes/shared/tyltAccount';
import { DailyLimit } from '../../../nodes/Tylt/payout/limits/dailyLimit';
import { reservationsOf } from '../../../nodes/Tylt/payout/limits/reservations';
import { IN_DOUBT_CHECK_POLICY } from '../../../nodes/Tylt/payout/guard';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import { hoursAgo, until, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('settle step error');
const credentials = () => ({ ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' });

const policy = { ...IN_DOUBT_CHECK_POLICY };
beforeAll(() => {
	IN_DOUBT_CHECK_POLICY.firstPauseMs = 50;
	IN_DOUBT_CHECK_POLICY.maxPauseMs = 50;
});
afterAll(() => Object.assign(IN_DOUBT_CHECK_POLICY, policy));
afterEach(() => jest.restoreAllMocks());

it('keeps the lost create’s room, gives back claim and slot, and the next row is still paid', async () => {
	const beforeCreate = DailyLimit.prototype.beforeCreate;
	let seeded = false;
	jest.spyOn(DailyLimit.prototype, 'beforeCreate').mockImplementation(async function (
		this: DailyLimit,
		...args
	) {
		if (!seeded) {
			seeded = true;
			// Made elsewhere with the first row's reference and another amount, after the batch read history.
			suite.sandbox.seedPayouts(1, {
				createdAt: hoursAgo(0),
				settledAmountRequested: 40,
				baseAmount: 40,
				toAddress: RECIPIENT,
				comments: '[ref:settle-error-0]',
			});
		}
		return await beforeCreate.apply(this, args);
	});
	// The first create reaches TYLT, which answers after the node stopped waiting.
	suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 1500 });

	const output = await suite.run({
		credentials: credentials(),
		items: [{ row: 'settle-error-0' }, { row: 'settle-error-1' }],
		parameters: payoutCreate({
			baseAmount: 25,
			address: RECIPIENT,
			reference: '={{ $json.row }}',
			options: { timeoutSeconds: 0.2, inDoubtCheckSeconds: 0.3, maxPayoutsPerSecond: 1 },
		}),
		continueOnFail: true,
	});
	await until(
		() => requestsTo(suite.sandbox, 'createPayout').every((request) => request.status !== 0),
		'the slow create to land',
	);

	expect(String(output[0].json.error)).toMatch(/settle-error-0.*pays something else.*unknown/);
	expect(output[1].json).toMatchObject({ alreadySent: false, merchantReference: 'settle-error-1' });
	// The lost create's 25 (made by TYLT after all) and the second row's 25 are both still counted here.
	const reserved = reservationsOf(tyltAccountHash(credentials())).map((reservation) =>
		reservation.lines.map(({ amount }) => exactText(amount)).join(),
	);
	expect(reserved).toEqual(['25', '25']);
});

itShowsNoSecret();
