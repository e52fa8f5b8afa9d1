/**
 * Send Reference as Merchant Order ID is hidden from Add Option and shown only once it is on, so n8n drops any
 * saved value that does not equal true before the node reads its options (docs/money-safety.md says so): saved as
 * the text "true" or the number 1 (a workflow written by hand, by an API client or by an AI builder), it is off.
 * The payout still carries its reference where the duplicate guard reads it.
 */
import type { IDataObject } from 'n8n-workflow';

import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

const batch = (prefix: string, referenceAsMerchantOrderId: unknown) => ({
	items: [{ row: `${prefix}-0`, address: tronAddress(`${prefix} recipient`) }],
	parameters: payoutCreate({
		address: '={{ $json.address }}',
		reference: '={{ $json.row }}',
		options: { referenceAsMerchantOrderId } as IDataObject,
	}),
});

const sentMerchantOrderIds = () =>
	requestsTo(suite.sandbox, 'createPayout').map(
		(request) => (JSON.parse(request.rawBody) as IDataObject).merchantOrderId,
	);

describe('Send Reference as Merchant Order ID', () => {
	it('on as true: the reference goes as merchantOrderId', async () => {
		await suite.run(batch('moid-on', true));

		expect(sentMerchantOrderIds()).toEqual(['moid-on-0']);
	});

	it.each<[string, unknown]>([
		['the text "true"', 'true'],
		['the text "yes"', 'yes'],
		['the number 1', 1],
	])('saved as %s: off, as n8n hands the node no value for it', async (_case, value) => {
		const [paid] = await suite.run(batch('moid-odd', value));

		expect(sentMerchantOrderIds()).toEqual([undefined]);
		expect(paid.json.merchantReference).toBe('moid-odd-0');
		expect(JSON.parse(requestsTo(suite.sandbox, 'createPayout')[0].rawBody).comments).toContain(
			'[ref:moid-odd-0]',
		);
	});
});

itShowsNoSecret();
