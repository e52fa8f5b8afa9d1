/**
 * The reads that run beside the TYLT node's operations still go with all three limits set: the Payout Status
 * Trigger's polling of history and the Currency and Network dropdowns (the node's own operations: allowList.test).
 */
import { PollingWorkflow } from '../../../tools/harness/pollContext';
import { loadTyltOptions } from '../../../tools/harness/n8nContext';
import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { credentialsFor, payoutCreate, tronAddress, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;
const RECIPIENT = tronAddress('reads beside the node: the listed recipient');
const ALL_THREE: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 10',
	maxAmountPer24Hours: 'USDT 10',
	allowedAddresses: `TRX:${RECIPIENT}`,
};

it('the Payout Status Trigger polls history and reports a payout made under the limits', async () => {
	const credentials = { ...credentialsFor(sandbox), ...ALL_THREE };
	const trigger = new PollingWorkflow({}, credentials);
	await trigger.activate();
	const [created] = await tylt.run({
		credentials,
		parameters: payoutCreate({ address: RECIPIENT, baseAmount: 10, reference: 'reads-1' }),
	});

	const reported = await trigger.poll();

	expect(reported?.map((item) => item.orderId)).toEqual([created.json.orderId]);
});

it('the Currency and Network dropdowns load', async () => {
	const credentials = { ...credentialsFor(sandbox), ...ALL_THREE };
	const currencies = await loadTyltOptions('getCurrencies', {
		credentials,
		parameters: payoutCreate(),
	});
	const networks = await loadTyltOptions('getNetworks', {
		credentials,
		parameters: payoutCreate(),
	});

	expect(currencies.map((option) => option.value)).toContain('USDT');
	expect(networks.map((option) => option.value)).toContain('TRX');
	expect(sandbox.requests.every((request) => request.status === 200)).toBe(true);
});
