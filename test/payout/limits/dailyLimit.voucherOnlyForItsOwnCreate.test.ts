/**
 * Max Amount per 24 Hours when another request (the HTTP Request node, same credential) sends the very body text the
 * TYLT node vouched for, while the node's create is on its way to the signing. The voucher is good for the node's
 * own request only (its token), so the other request is refused; the node's create pays with the room it reserved,
 * and a concurrent execution whose look at history predates that payout still finds the room taken.
 */
import { TyltApi } from '../../../credentials/TyltApi.credentials';
import { httpRequestNode } from '../../support/httpRequestNode';
import { credentialsFor, payoutCreate, tronAddress } from '../../support/sandboxKit';
import { until, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('voucher-taken-then-unreachable');
const RECIPIENT_A = tronAddress('execution a');
const LIMITS = { maxAmountPer24Hours: 'USDT 100' };
afterEach(() => jest.restoreAllMocks());

const paidTotal = () =>
	suite.sandbox.payouts.reduce((sum, payout) => sum + payout.settledAmountRequested, 0);

it('another request with the vouched body is refused, and the room is spent once', async () => {
	const authenticate = TyltApi.prototype.authenticate;
	let foreignSent = false;
	let foreign: Awaited<ReturnType<typeof httpRequestNode>> | undefined;
	jest.spyOn(TyltApi.prototype, 'authenticate').mockImplementation(async function (
		this: TyltApi,
		credentials,
		options,
	) {
		const body = options.body as { address?: string } | undefined;
		if (!foreignSent && body?.address === RECIPIENT_A) {
			foreignSent = true;
			// The HTTP Request node, same credential, the very body text the node vouched for.
			foreign = await httpRequestNode(suite.sandbox, LIMITS, { body: { ...body } });
		}
		return await authenticate.call(this, credentials, options);
	});

	// Execution C decides [10, 80] on an empty history (90 ≤ 100); its 80 starts 1.5 s later.
	const executionC = suite.run({
		credentials: { ...credentialsFor(suite.sandbox), ...LIMITS },
		items: [
			{ amount: 10, row: 'c-10' },
			{ amount: 80, row: 'c-80' },
		],
		parameters: payoutCreate({
			baseAmount: '={{ $json.amount }}',
			address: RECIPIENT,
			reference: '={{ $json.row }}',
			options: { maxPayoutsPerSecond: 1 / 1.5 },
		}),
		continueOnFail: true,
	});
	// Execution A (80) starts once C's 10 is paid: 10 + 80 ≤ 100, it reserves 80.
	await until(() => suite.sandbox.payouts.length === 1, 'C’s 10');
	const executionA = suite.run({
		credentials: { ...credentialsFor(suite.sandbox), ...LIMITS },
		parameters: payoutCreate({
			baseAmount: 80,
			address: RECIPIENT_A,
			reference: 'a-80',
			options: {},
		}),
		continueOnFail: true,
	});
	const [, [a]] = await Promise.all([executionC, executionA]);
	expect(foreignSent).toBe(true);
	expect(foreign && 'error' in foreign && foreign.error.message).toMatch(/only the TYLT node/);
	expect(a.json.error).toBeUndefined();

	// Paid: C's 10 and A's 80. C's 80 must not fit any more: 170 > 100.
	expect(paidTotal()).toBe(90);
});
