/**
 * One payout by TYLT's orderId, as TYLT's docs show the call (sandbox/endpoints/payoutInformation.ts): signed
 * over the compact JSON of its query, answered `{ msg, data: <payout record> }`.
 */
import { PATHS, callApi, createPayout, json, useFreshSandbox } from '../support/sandboxClient';

const sandbox = useFreshSandbox();

describe('one payout by orderId', () => {
	it('answers the payout record as history holds it, signed over {"orderId":…}', async () => {
		sandbox.seedPayouts(3);
		const created = await createPayout(sandbox);

		const result = await callApi(sandbox, 'GET', PATHS.payoutInformation, {
			query: { orderId: created.orderId },
		});

		expect(result.status).toBe(200);
		expect(json(result)).toEqual({ msg: '', data: sandbox.payouts[0] });
		expect(json(result).data.orderId).toBe(created.orderId);
		expect(sandbox.requests.at(-1)).toMatchObject({
			endpoint: 'payoutInformation',
			signedString: `{"orderId":"${created.orderId}"}`,
			status: 200,
		});
	});

	it('follows the payout as it settles', async () => {
		const created = await createPayout(sandbox);
		await sandbox.advanceTime(60_000);

		const result = await callApi(sandbox, 'GET', PATHS.payoutInformation, {
			query: { orderId: created.orderId },
		});

		expect(json(result).data).toMatchObject({ status: 'Completed', isFinal: 1 });
	});

	it('finds seeded history too', async () => {
		const [, second] = sandbox.seedPayouts(2, { status: 'Failed', isFinal: 1 });
		const result = await callApi(sandbox, 'GET', PATHS.payoutInformation, {
			query: { orderId: second.orderId },
		});
		expect(json(result).data).toEqual(second);
	});

	it('answers an unknown orderId with 404 and data null', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.payoutInformation, {
			query: { orderId: 'PO-unknown' },
		});
		expect(result.status).toBe(404);
		expect(json(result)).toEqual({ data: null, errorCode: 404, msg: 'Payout not found.' });
	});

	it('refuses a call without orderId with 400', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.payoutInformation);
		expect(result.status).toBe(400);
	});

	it('refuses a query signed as a query string instead of JSON', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.payoutInformation, {
			query: { orderId: 'PO-1' },
			signed: 'orderId=PO-1',
		});
		expect(result.status).toBe(401);
	});

	it('takes faults by the endpoint name payoutInformation', async () => {
		const created = await createPayout(sandbox);
		sandbox.injectFault('payoutInformation', { kind: 'errorCode', errorCode: 7, msg: 'No order' });
		const faulted = await callApi(sandbox, 'GET', PATHS.payoutInformation, {
			query: { orderId: created.orderId },
		});
		expect(json(faulted)).toMatchObject({ errorCode: 7, msg: 'No order' });
		const history = await callApi(sandbox, 'GET', PATHS.history);
		expect(history.status).toBe(200);
	});
});
