/**
 * Adversarial review (pays twice): the default reference now hashes an EVM wallet in lower case (issue 17,
 * point 11), but payouts the previous release made carry the reference hashed from the address as typed. A
 * checksummed (EIP-55, mixed-case) address, the form wallets and explorers hand out, therefore gets a new
 * default reference after the upgrade: the first scheduled re-run of the same sheet rows, within the look-back,
 * finds nothing under the new reference and pays every such row again. README: "the same payout ... always
 * gets the same reference, so re-running a workflow on the same rows finds it"; CHANGELOG (earlier releases)
 * keeps recognising payouts made by earlier versions. Once fixed, the guard also recognises the reference the
 * previous release derived (or otherwise finds the same payout) and sends nothing.
 */
import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { EVM_ADDRESS, payoutCreate, requestsTo } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite } = useMoneySafetySandbox();

const creates = () => requestsTo(suite.sandbox, 'createPayout');

const PAYOUT_FROM_ITEM = payoutCreate({
	settledCurrency: '={{ $json.currency }}',
	networkSymbol: '={{ $json.network }}',
	address: '={{ $json.address }}',
	baseAmount: '={{ $json.amount }}',
});
/** A checksummed (mixed-case) BSC wallet, as a payout sheet would hold it. */
const ROW: IDataObject = { currency: 'USDT', network: 'BSC', address: EVM_ADDRESS, amount: 25 };

/**
 * The default reference of the previous release (git 8bbddfb, nodes/Tylt/payout/references.ts): the address
 * hashed as typed. The harness runs workflow "test-workflow", node "TYLT".
 */
function previousReleaseReference(row: IDataObject): string {
	const fingerprint = JSON.stringify([
		'test-workflow',
		'TYLT',
		row.currency,
		row.network,
		row.address,
		row.amount,
		'',
	]);
	return 'n8n-' + createHash('sha256').update(fingerprint).digest('hex').slice(0, 24);
}

describe('upgrading does not re-pay rows the previous release paid', () => {
	it("(precondition) the previous release's rule is reproduced: for a lower-case wallet both rules agree", async () => {
		const lowerCase = { ...ROW, address: EVM_ADDRESS.toLowerCase() };
		const [planned] = await suite.run({
			items: [lowerCase],
			parameters: { ...PAYOUT_FROM_ITEM, options: { dryRun: true } },
		});
		expect(planned.json.merchantReference).toBe(previousReleaseReference(lowerCase));
		expect(creates()).toHaveLength(0);
	});

	it('a checksummed EVM row paid by the previous release is found on the first re-run after the upgrade', async () => {
		expect(EVM_ADDRESS).not.toBe(EVM_ADDRESS.toLowerCase());
		// What the previous release sent for this row: the same body, tagged with its default reference.
		const [paidBefore] = await suite.run({
			items: [ROW],
			parameters: { ...PAYOUT_FROM_ITEM, reference: previousReleaseReference(ROW), options: {} },
		});
		expect(creates()).toHaveLength(1);

		// The upgraded node re-runs the same sheet with no Reference set (the default reference).
		const [again] = await suite.run({ items: [ROW], parameters: PAYOUT_FROM_ITEM });

		expect(creates()).toHaveLength(1);
		expect(again.json).toMatchObject({ alreadySent: true, orderId: paidBefore.json.orderId });
	});
});
