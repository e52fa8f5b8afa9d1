/**
 * TYLT answers HTTP 200 with something that is not its documented envelope. The guard fails closed: a
 * history it cannot read is an error (never "no payouts yet"), and a create answered without a payout
 * record is an unknown outcome (never a TypeError, never "sent").
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { RETRY_POLICY } from '../../nodes/Tylt/transport/request';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox, useShortRetryBackoff } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const creates = () => requestsTo(suite.sandbox, 'createPayout');

function payoutWith(options: IDataObject = {}) {
	return payoutCreate({
		address: tronAddress('odd answers recipient'),
		reference: 'odd-1',
		options: { ...options },
	});
}

/** HTTP 200 with this JSON body, for every attempt (reads are retried). */
function answer200(body: unknown, times = 10) {
	return {
		kind: 'status',
		status: 200,
		body: JSON.stringify(body),
		contentType: 'application/json',
		times,
	} as const;
}

describe('a payout history page answered HTTP 200 in another shape', () => {
	useShortRetryBackoff();

	it.each<[string, unknown]>([
		['only a message', { msg: 'Service temporarily in maintenance' }],
		['data null', { data: null, errorCode: 0, msg: '' }],
		['data an object', { data: { records: [] }, errorCode: 0, msg: '' }],
		['data a list without errorCode', { data: [], msg: '' }],
		['errorCode as text', { data: [], errorCode: '0', msg: '' }],
		[
			'records without orderId',
			{ data: [{ comments: '[ref:odd-1]', status: 'Completed' }], errorCode: 0, msg: '' },
		],
		['a record that is not an object', { data: ['PO0001'], errorCode: 0, msg: '' }],
	])('%s: an error, and nothing is sent', async (_case, body) => {
		suite.sandbox.injectFault('payoutHistory', answer200(body));

		const error = await suite.fail({ parameters: payoutWith() });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('TYLT did not answer usefully');
		expect(error.message).toMatch(/payout history answer/);
		expect(error.context.itemIndex).toBe(0);
		expect(requestsTo(suite.sandbox, 'payoutHistory')).toHaveLength(1 + RETRY_POLICY.maxRetries);
		expect(creates()).toHaveLength(0);
		expect(suite.sandbox.payouts).toHaveLength(0);
	});

	it('Payout → Get Many fails the same way instead of listing nothing', async () => {
		suite.sandbox.injectFault('payoutHistory', answer200({ data: null, errorCode: 0 }));

		const error = await suite.fail({
			parameters: { resource: 'payout', operation: 'getMany', returnAll: true },
		});

		expect(error.message).toMatch(/payout history answer holds no list/);
	});

	it('a one-off odd page is read again and the payout then goes out once', async () => {
		suite.sandbox.injectFault('payoutHistory', answer200({ msg: 'busy' }, 1));

		const [output] = await suite.run({ parameters: payoutWith() });

		expect(output.json.alreadySent).toBe(false);
		expect(creates()).toHaveLength(1);
	});
});

describe('a create answered HTTP 200 without a payout record', () => {
	it.each<[string, unknown]>([
		['only a message', { msg: 'Payout request accepted' }],
		['data null', { data: null, msg: 'Payout request accepted' }],
		['data a list', { data: [], msg: 'Payout request accepted' }],
		['a record without orderId', { data: { status: 'Pending' }, msg: 'Payout request accepted' }],
	])(
		'%s: the outcome is unknown (not a TypeError), and a second item with the reference is not sent',
		async (_case, body) => {
			suite.sandbox.injectFault('createPayout', answer200(body, 1));

			const output = await suite.run({
				items: [{}, {}],
				parameters: payoutWith({ inDoubtCheckSeconds: 0 }),
				continueOnFail: true,
			});

			expect(output[0].json.error).toContain('outcome of this payout is unknown');
			expect(output[0].json.error).not.toMatch(/TypeError|Cannot read/);
			expect(output[1].json.error).toMatch(/"odd-1".*in doubt/);
			expect(creates()).toHaveLength(1);
		},
	);
});

itShowsNoSecret();
