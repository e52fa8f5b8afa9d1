/**
 * Create payout: the record it returns, the requests it refuses, the fixed fiat rates and the balance check
 * (sandbox/endpoints/createPayout.ts, createPayoutValidation.ts, money.ts).
 */
import {
	PATHS,
	RECORD_TIME,
	TRON_ADDRESS,
	callApi,
	json,
	validPayout,
	createPayout,
	useFreshSandbox,
} from '../support/sandboxClient';

const sandbox = useFreshSandbox();

// The spec's payout record, field by field.
const PAYOUT_FIELD_TYPES: Record<string, string> = {
	orderId: 'string',
	merchantOrderId: 'string',
	settledCurrency: 'string',
	settledAmountRequested: 'number',
	settledAmountDebited: 'number',
	settledAmountSent: 'number',
	commission: 'number',
	network: 'string',
	toAddress: 'string',
	status: 'string',
	insufficientBalance: 'number',
	paymentURL: 'string',
	callBackURL: 'string',
	transactions: 'object',
	createdAt: 'string',
	expiresAt: 'string',
	updatedAt: 'string',
	isFinal: 'number',
	isDebited: 'number',
	customerName: 'string',
	comments: 'string',
};

describe('create payout', () => {
	it('returns a Pending record with exactly the spec fields', async () => {
		const result = await callApi(sandbox, 'POST', PATHS.create, {
			body: validPayout({
				merchantOrderId: 'merchant-42',
				customerName: 'Ada',
				comments: 'March payroll',
				callBackUrl: 'http://127.0.0.1:9/never-called',
				redirectUrl: 'https://example.com/done',
			}),
		});
		expect(result.status).toBe(200);
		const envelope = json(result);
		expect(envelope.msg).toBe('Payout request created successfully.');
		expect(envelope.errorCode).toBe(0);

		const record = envelope.data;
		expect(Object.keys(record).sort()).toEqual(
			[...Object.keys(PAYOUT_FIELD_TYPES), 'baseAmount'].sort(),
		);
		for (const [field, type] of Object.entries(PAYOUT_FIELD_TYPES))
			expect(typeof record[field]).toBe(type);
		expect(record).toMatchObject({
			merchantOrderId: 'merchant-42',
			settledCurrency: 'USDT',
			settledAmountRequested: 25,
			settledAmountDebited: 0,
			settledAmountSent: 0,
			commission: 0,
			network: 'TRX',
			toAddress: TRON_ADDRESS,
			status: 'Pending',
			insufficientBalance: 0,
			paymentURL: '',
			callBackURL: 'http://127.0.0.1:9/never-called',
			transactions: [],
			isFinal: 0,
			isDebited: 0,
			customerName: 'Ada',
			comments: 'March payroll',
			baseAmount: 25,
		});
		for (const field of ['createdAt', 'expiresAt', 'updatedAt'])
			expect(record[field]).toMatch(RECORD_TIME);
		expect(sandbox.payouts).toEqual([record]);
	});

	it('fills merchantOrderId and gives every payout its own orderId', async () => {
		const first = await createPayout(sandbox);
		const second = await createPayout(sandbox);
		expect(first.merchantOrderId).not.toBe('');
		expect(first.orderId).not.toBe(second.orderId);
		expect(first.callBackURL).toBe('');
	});

	it.each<[string, string | Record<string, unknown>, RegExp]>([
		['a body that is not JSON', '{"baseAmount": 25', /JSON object/],
		['a JSON array', '[1,2]', /JSON object/],
		[
			'baseAmount as a string',
			validPayout({ baseAmount: '25' }),
			/baseAmount "25".*number greater than 0/,
		],
		['baseAmount 0', validPayout({ baseAmount: 0 }), /baseAmount 0/],
		['a negative baseAmount', validPayout({ baseAmount: -5 }), /baseAmount -5/],
		['no baseAmount', validPayout({ baseAmount: undefined }), /baseAmount is required/],
		['no address', validPayout({ address: undefined }), /address is required/],
		['an empty address', validPayout({ address: '' }), /address ""/],
		[
			'no settledCurrency',
			validPayout({ settledCurrency: undefined }),
			/settledCurrency is required/,
		],
		['no networkSymbol', validPayout({ networkSymbol: undefined }), /networkSymbol is required/],
		[
			'an unknown currency',
			validPayout({ settledCurrency: 'DOGE' }),
			/settledCurrency "DOGE".*not a supported/,
		],
		[
			'a network the currency lacks',
			validPayout({ settledCurrency: 'USDC' }),
			/networkSymbol "TRX".*not offered for USDC/,
		],
		[
			'a network with canWithdraw 0',
			validPayout({ settledCurrency: 'USDC', networkSymbol: 'MATIC' }),
			/canWithdraw 0/,
		],
		['an unknown fiat currency', validPayout({ baseCurrency: 'JPY' }), /baseCurrency "JPY"/],
		[
			'an amount below the minimum',
			validPayout({ baseAmount: 9.99 }),
			/below the minimum withdrawal of 10 USDT on TRX/,
		],
		[
			'an amount above the maximum',
			validPayout({ baseAmount: 50000.01 }),
			/above the maximum withdrawal of 50000 USDT/,
		],
		[
			'a fiat amount converting below the minimum',
			validPayout({ baseAmount: 9, baseCurrency: 'EUR' }),
			/converts to 9.72 USDT, below the minimum/,
		],
		[
			'a minimum that depends on the network',
			validPayout({ baseAmount: 15, networkSymbol: 'ETH' }),
			/minimum withdrawal of 20 USDT on ETH/,
		],
		[
			'a callBackUrl that is not a URL',
			validPayout({ callBackUrl: 'my-webhook' }),
			/callBackUrl "my-webhook"/,
		],
		['a non-string customerName', validPayout({ customerName: 7 }), /customerName 7.*string/],
	])('refuses %s with 400 and creates nothing', async (_case, body, msg) => {
		const result = await callApi(sandbox, 'POST', PATHS.create, { body });
		expect(result.status).toBe(400);
		const envelope = json(result);
		expect(envelope.data).toBeNull();
		expect(envelope.errorCode).not.toBe(0);
		expect(envelope.msg).toMatch(msg);
		expect(sandbox.payouts).toEqual([]);
	});

	it('refuses a body sent without Content-Type application/json', async () => {
		const result = await callApi(sandbox, 'POST', PATHS.create, {
			body: validPayout(),
			headers: { 'content-type': 'text/plain' },
		});
		expect(result.status).toBe(415);
		expect(sandbox.payouts).toEqual([]);
	});

	it.each([
		['EUR', 100, 108],
		['GBP', 33.333333, 42.333333],
		['INR', 1000, 12],
		['AED', 100, 27.23],
		['USD', 12.5, 12.5],
		['USDC', 40, 40],
	])(
		'converts %s %d into %d USDT at the fixed rates',
		async (baseCurrency, baseAmount, settled) => {
			const record = await createPayout(sandbox, { baseAmount, baseCurrency });
			expect(record.settledAmountRequested).toBe(settled);
			expect(record).toMatchObject({ baseAmount, baseCurrency });
		},
	);

	it('accepts a payout the balance cannot cover, flags it, and fails it at settlement', async () => {
		sandbox.balances.USDT = 20;
		// 25 requested + 1 fee on TRX exceeds 20.
		const record = await createPayout(sandbox);
		expect(record.insufficientBalance).toBe(1);
		expect(record.status).toBe('Pending');
		await sandbox.advanceTime(2000);
		expect(sandbox.payouts[0]).toMatchObject({
			status: 'Failed',
			isFinal: 1,
			isDebited: 0,
			insufficientBalance: 1,
		});
		expect(sandbox.balances.USDT).toBe(20);
	});
});
