/**
 * Issue #26: the credential's spending limits, reached the way n8n reaches them: n8n-core's request helpers
 * call the credential's authenticate() for the HTTP Request node (requestWithAuthentication) and for the TYLT
 * node (httpRequestWithAuthentication). A refused payout never reaches the sandbox.
 */
import type { IRequestOptions } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import type { SpendingLimitTexts } from '../../nodes/shared/spendingLimits/fields';
import {
	NODE_VOUCHER_HEADER,
	nodeVoucherFor,
	offerNodeVoucher,
} from '../../nodes/shared/spendingLimits/nodeVouchers';
import { tyltAccountHash } from '../../nodes/shared/tyltAccount';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { credentialsFor, EVM_ADDRESS, tronAddress, useSandbox } from '../support/sandboxKit';

const CREATE = '/transactions/merchant/createPayoutRequest';
const RECIPIENT = tronAddress('allowed recipient');

const sandbox = useSandbox();

const contextWith = (limits: SpendingLimitTexts) =>
	createExecuteContext({ parameters: {}, credentials: { ...credentialsFor(sandbox), ...limits } });

/** What the HTTP Request node (v4.2) sends for a JSON body: the legacy request helper, redirects followed. */
async function httpRequestNode(
	limits: SpendingLimitTexts,
	body: unknown,
	path = CREATE,
	headers: Record<string, string> = {},
) {
	const context = contextWith(limits);
	const options: IRequestOptions = {
		method: 'POST',
		uri: sandbox.url + path,
		body,
		headers,
		json: true,
		followRedirect: true,
		followAllRedirects: true,
	};
	return await context.helpers.requestWithAuthentication.call(context, 'tyltApi', options);
}

/** The node's own create: it carries its voucher's token. */
const withToken = (token: string) => ({ [NODE_VOUCHER_HEADER]: token });

const payout = (fields: Record<string, unknown> = {}) => ({
	baseAmount: 500,
	address: RECIPIENT,
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	...fields,
});

const LIMITS: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 500, EUR 450',
	allowedAddresses: `${RECIPIENT}, ${EVM_ADDRESS.toLowerCase()}`,
};

describe('the credential’s fields', () => {
	it('offers the three limits, empty by default, under a notice that they bind every workflow', () => {
		const properties = new TyltApi().properties;
		const names = properties.map((property) => property.name);
		const notice = properties.find((property) => property.type === 'notice');

		expect(notice?.displayName).toMatch(/bind every workflow that uses this credential/);
		// n8n's banner on a failed test on save is its own "Couldn't connect with these settings"; the reason
		// (the Test's message) is behind its More details link: the notice above the fields says so first.
		expect(notice?.displayName).toMatch(/cannot be read stops every payout.*More details/);
		expect(names.indexOf('spendingLimitsNotice')).toBeLessThan(names.indexOf('maxAmountPerPayout'));
		for (const name of ['maxAmountPerPayout', 'maxAmountPer24Hours', 'allowedAddresses']) {
			const property = properties.find((candidate) => candidate.name === name);
			expect(property).toMatchObject({ type: 'string', default: '' });
			expect(property?.required).toBeFalsy();
		}
	});
});

describe('the HTTP Request node with a limited credential', () => {
	it('pays within the limits, to a listed recipient', async () => {
		const response = await httpRequestNode(LIMITS, payout());

		expect(response.data.status).toBe('Pending');
		expect(sandbox.payouts).toHaveLength(1);
	});

	it('pays a listed EVM recipient written in another letter case', async () => {
		await httpRequestNode(LIMITS, payout({ address: EVM_ADDRESS, networkSymbol: 'ETH' }));
		expect(sandbox.payouts).toHaveLength(1);
	});

	it.each<[string, Record<string, unknown>, RegExp]>([
		[
			'over Max Amount per Payout',
			{ baseAmount: 500.01 },
			/500\.01 USDT is above Max Amount per Payout for USDT \(500 USDT\)/,
		],
		[
			'to a recipient not listed',
			{ address: tronAddress('someone else') },
			/is not in Allowed Recipient Addresses/,
		],
		[
			'in a currency the list does not name',
			{ settledCurrency: 'USDC' },
			/names no limit for USDC/,
		],
		[
			'sized in a fiat currency above its limit',
			{ baseAmount: 451, baseCurrency: 'EUR' },
			/451 EUR is above/,
		],
		[
			'sized in a fiat currency not listed',
			{ baseAmount: 1, baseCurrency: 'USD' },
			/add USD and its limit/,
		],
	])(
		'refuses a payout %s: nothing reaches TYLT, and the error names the limit',
		async (_case, fields, reason) => {
			const error = await httpRequestNode(LIMITS, payout(fields)).then(
				() => undefined,
				(caught: Error) => caught,
			);

			expect(error?.message).toMatch(
				/^The TYLT API credential refused this payout, so nothing was sent: /,
			);
			expect(error?.message).toMatch(reason);
			expect(error?.message).not.toContain(sandbox.apiSecret);
			expect(sandbox.requests).toEqual([]);
		},
	);

	it('pays 400 EUR under an EUR 450 limit', async () => {
		await httpRequestNode(LIMITS, payout({ baseAmount: 400, baseCurrency: 'EUR' }));
		expect(sandbox.payouts).toHaveLength(1);
	});

	it.each([
		[
			'a raw text body with a repeated amount',
			'{"baseAmount":1,"address":"X","settledCurrency":"USDT","baseAmount":1000}',
		],
		[
			'a raw text body whose amount has more digits than a double',
			`{"baseAmount":500.000000000000000001,"address":"${RECIPIENT}","settledCurrency":"USDT","networkSymbol":"TRX"}`,
		],
	])('refuses %s, and nothing reaches TYLT', async (_case, text) => {
		await expect(httpRequestNode(LIMITS, text)).rejects.toThrow(/refused this payout/);
		expect(sandbox.requests).toEqual([]);
	});

	it.each([
		'//transactions/merchant/createPayoutRequest',
		'/transactions/merchant/createPayoutRequest/',
		'/TRANSACTIONS/merchant/createpayoutrequest',
		'/transactions%2Fmerchant%2FcreatePayoutRequest',
	])('refuses the create path spelled %s, even within the limits', async (path) => {
		await expect(httpRequestNode(LIMITS, payout({ baseAmount: 1 }), path)).rejects.toThrow(
			/is not POST \/transactions\/merchant\/createPayoutRequest exactly as listed/,
		);
		expect(sandbox.requests).toEqual([]);
	});

	it('a limit written wrong refuses every payout, naming the field and the text', async () => {
		await expect(
			httpRequestNode({ ...LIMITS, maxAmountPerPayout: 'USDT 1,000' }, payout({ baseAmount: 1 })),
		).rejects.toThrow(/Max Amount per Payout cannot be read: "000"/);
		expect(sandbox.requests).toEqual([]);
	});

	it('reads still go with limits set: the currency list the credential test asks for', async () => {
		const context = contextWith(LIMITS);
		const response = await context.helpers.httpRequestWithAuthentication.call(context, 'tyltApi', {
			method: 'GET',
			url: '/transactions/merchant/getSupportedCryptoCurrenciesList',
			json: true,
		});
		expect(response.errorCode).toBe(0);
	});
});

describe('Max Amount per 24 Hours: only the TYLT node, which reads history, may pay', () => {
	const DAILY = { ...LIMITS, maxAmountPer24Hours: 'USDT 1000' };
	const account = () => tyltAccountHash(credentialsFor(sandbox));

	it('refuses the HTTP Request node’s payout that every other limit allows, and sends nothing', async () => {
		await expect(httpRequestNode(DAILY, payout({ baseAmount: 10 }))).rejects.toThrow(
			/Max Amount per 24 Hours is set, and only the TYLT node's Payout → Create can add up/,
		);
		expect(sandbox.requests).toEqual([]);
	});

	it('signs a payout the TYLT node vouched for, exactly once, and no other body', async () => {
		const vouched = payout({ baseAmount: 10 });
		const voucher = nodeVoucherFor(account(), JSON.stringify(vouched));
		const withdraw = offerNodeVoucher(voucher);
		const paid = await httpRequestNode(DAILY, vouched, CREATE, withToken(voucher.token));
		const again = await httpRequestNode(DAILY, vouched, CREATE, withToken(voucher.token)).catch(
			(error: Error) => error,
		);
		const other = await httpRequestNode(
			DAILY,
			payout({ baseAmount: 11 }),
			CREATE,
			withToken(voucher.token),
		).catch((error: Error) => error);
		withdraw();
		const result = { paid, again, other };

		expect(result.paid.errorCode).toBe(0);
		expect(String(result.again)).toMatch(/only the TYLT node/);
		expect(String(result.other)).toMatch(/only the TYLT node/);
		expect(sandbox.requests).toHaveLength(1);
		// The token stays in n8n: TYLT never receives it.
		expect(Object.keys(sandbox.requests[0].headers)).not.toContain(
			NODE_VOUCHER_HEADER.toLowerCase(),
		);
	});

	it('a request without the voucher’s token cannot take it, though its body is the vouched one', async () => {
		const vouched = payout({ baseAmount: 10 });
		const withdraw = offerNodeVoucher(nodeVoucherFor(account(), JSON.stringify(vouched)));
		const result = {
			bare: await httpRequestNode(DAILY, vouched).catch((error: Error) => error),
			guessed: await httpRequestNode(DAILY, vouched, CREATE, withToken('guess')).catch(
				(error: Error) => error,
			),
		};
		withdraw();

		expect(String(result.bare)).toMatch(/only the TYLT node/);
		expect(String(result.guessed)).toMatch(/only the TYLT node/);
		expect(sandbox.requests).toEqual([]);
	});

	it('a voucher for another account is not this credential’s: it signs nothing', async () => {
		const vouched = payout({ baseAmount: 10 });
		const elsewhere = tyltAccountHash({
			...credentialsFor(sandbox),
			apiKey: 'another-account-key',
		});
		const voucher = nodeVoucherFor(elsewhere, JSON.stringify(vouched));
		const withdraw = offerNodeVoucher(voucher);
		const result = await httpRequestNode(DAILY, vouched, CREATE, withToken(voucher.token)).catch(
			(error: Error) => error,
		);
		withdraw();

		expect(String(result)).toMatch(/only the TYLT node/);
		expect(sandbox.requests).toEqual([]);
	});

	it('a voucher goes with the create it was given for', async () => {
		const vouched = payout({ baseAmount: 10 });
		const voucher = nodeVoucherFor(account(), JSON.stringify(vouched));
		const withdraw = offerNodeVoucher(voucher);
		const token = voucher.token;
		withdraw();

		await expect(httpRequestNode(DAILY, vouched, CREATE, withToken(token))).rejects.toThrow(
			/only the TYLT node/,
		);
		expect(sandbox.requests).toEqual([]);
	});
});
