/**
 * Send Reference as Merchant Order ID is hidden from Add Option and shown only once it is on, so n8n drops any
 * saved value that does not equal true before the node reads its options. Saved as the text "true" or the number 1
 * (a workflow written by hand, by an API client or by an AI builder), it was meant on: like every other switch
 * that is not true or false, the item must be refused with the option named, never sent without the field.
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
	])('saved as %s: refused with the option named, and nothing is sent', async (_case, value) => {
		const error = await suite.fail(batch('moid-odd', value));

		expect(error.message).toContain('Send Reference as Merchant Order ID');
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	});
});

itShowsNoSecret();
