/**
 * a create of a stopped execution. When the user stops an execution while a create waits
 * for its turn, CreateTraffic.waitForStart returns without the create's decision (StartCheck.decide: the sum and
 * the reservation), and the create runs on so the transport can refuse it. But create.send.ts offers the node's
 * voucher around that create all the same: for the moment until the transport sees the stop, the credential
 * signs a create with that exact body for anyone (the HTTP Request node), with no room reserved for it. A
 * concurrent execution that decided on history read before that payout then pays past Max Amount per 24 Hours.
 */
import { sleep } from 'n8n-workflow';

import * as credentialsModule from '../../../nodes/Tylt/transport/credentials';
import * as vouchers from '../../../nodes/shared/spendingLimits/nodeVouchers';
import { httpRequestNode } from '../../support/httpRequestNode';
import { credentialsFor, payoutCreate, tronAddress } from '../../support/sandboxKit';
import { until, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite } = useMoneySafetySandbox();

const LIMITS = { maxAmountPer24Hours: 'USDT 200' };
const RECIPIENT_C = tronAddress('execution c');
const RECIPIENT_S = tronAddress('stopped execution s');
afterEach(() => jest.restoreAllMocks());

const paidTotal = () =>
	suite.sandbox.payouts.reduce((sum, payout) => sum + payout.settledAmountRequested, 0);

it('a stopped execution’s create offers no voucher for room it never reserved', async () => {
	const vouched: string[] = [];
	const nodeVoucherFor = vouchers.nodeVoucherFor;
	jest.spyOn(vouchers, 'nodeVoucherFor').mockImplementation((account, bodyText) => {
		vouched.push(bodyText);
		return nodeVoucherFor(account, bodyText);
	});
	const stopS = new AbortController();
	let foreign: Awaited<ReturnType<typeof httpRequestNode>> | undefined;
	const credentialsOnce = credentialsModule.credentialsOnce;
	jest.spyOn(credentialsModule, 'credentialsOnce').mockImplementation(async function (this: never) {
		const bodyOf90ToS = vouched.find(
			(body) => body.includes(RECIPIENT_S) && body.includes('"baseAmount":90'),
		);
		if (stopS.signal.aborted && foreign === undefined && bodyOf90ToS !== undefined) {
			// In the moment the stopped create's voucher is on offer: the HTTP Request node, same body text.
			foreign = await httpRequestNode(suite.sandbox, LIMITS, {
				body: bodyOf90ToS,
				headers: { 'Content-Type': 'application/json' },
			});
		}
		return await credentialsOnce.call(this);
	});

	// Execution C decides [10, 100] on an empty history (110 ≤ 200); its 100 starts 4 s later.
	const executionC = suite.run({
		credentials: { ...credentialsFor(suite.sandbox), ...LIMITS },
		items: [
			{ amount: 10, row: 'c-10' },
			{ amount: 100, row: 'c-100' },
		],
		parameters: payoutCreate({
			baseAmount: '={{ $json.amount }}',
			address: RECIPIENT_C,
			reference: '={{ $json.row }}',
			options: { maxPayoutsPerSecond: 0.25 },
		}),
		continueOnFail: true,
	});
	await until(() => suite.sandbox.payouts.length === 1, 'C’s 10');
	// Execution S decides [10, 90] (10 + 10 + 90 = 110 ≤ 200); the user stops it while its 90 waits its turn.
	const executionS = suite.run({
		credentials: { ...credentialsFor(suite.sandbox), ...LIMITS },
		items: [
			{ amount: 10, row: 's-10' },
			{ amount: 90, row: 's-90' },
		],
		parameters: payoutCreate({
			baseAmount: '={{ $json.amount }}',
			address: RECIPIENT_S,
			reference: '={{ $json.row }}',
			options: { maxPayoutsPerSecond: 1 / 60 },
		}),
		continueOnFail: true,
		abortSignal: stopS.signal,
	});
	await until(() => suite.sandbox.payouts.length === 2, 'S’s 10');
	await sleep(300);
	stopS.abort();
	await Promise.all([executionC, executionS]);

	expect(foreign).toBeDefined();
	// Paid: C's 10, S's 10, the foreign 90 (S's unreserved voucher) and C's 100 = 210.
	expect(paidTotal()).toBeLessThanOrEqual(200);
	// The stopped create reserved nothing: the credential must not sign its body for another request.
	expect(foreign && 'error' in foreign).toBe(true);
});
