/**
 * A recipient that cannot receive, through a real n8n: the token's own contract (USDT's TRC-20 contract on
 * Tron) as the wallet. Tokens sent there are lost for good, so the execution fails naming the item and the
 * reason, and TYLT receives no create.
 */
import { SEEDED_CURRENCIES } from '../sandbox';
import { failureOf, ownInvoices, useE2e } from './support/context';
import { examples } from './support/examples';

const e2e = useE2e();

const USDT_CONTRACT_ON_TRON = SEEDED_CURRENCIES.find(
	(currency) => currency.currencySymbol === 'USDT',
)!.networks.find((network) => network.networkSymbol === 'TRX')!.contractAddress;

it("refuses USDT's own contract as the recipient and sends nothing", async () => {
	const workflow = e2e.example('createPayout');
	ownInvoices(e2e, workflow, [
		{ invoice: 'INV-3001', name: 'Token Contract', wallet: USDT_CONTRACT_ON_TRON, amount: 25 },
	]);
	delete examples.node(workflow, 'Send payout').parameters.additionalFields.callBackUrl;

	const execution = await e2e.run(workflow);

	expect(failureOf(execution)).toMatchObject({
		message: `Invalid Address "${USDT_CONTRACT_ON_TRON}" in item 0: it is the USDT token contract on TRX, not a wallet: tokens sent to a token contract are lost for good`,
		node: 'Send payout',
	});
	expect(await e2e.sandbox.endpointsCalled()).not.toContain('createPayout');
	expect(await e2e.sandbox.payouts()).toEqual([]);
});
