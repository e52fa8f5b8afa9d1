/**
 * Payout → Create refuses a bad item before anything is sent for it: no create request leaves for that item,
 * and the error names the field (as labelled in the panel), the value and the item.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runTyltNode } from '../../../tools/harness/n8nContext';
import { SEEDED_CURRENCIES, USD_RATES } from '../../../sandbox';
import {
	credentialsFor,
	failureOf,
	payoutCreate,
	requestsTo,
	tronAddress,
	useSandbox,
} from '../../support/sandboxKit';

const sandbox = useSandbox();

/** Every payout parameter comes from the item, so one run can mix good and bad items. */
const PAYOUT_FROM_ITEM = payoutCreate({
	settledCurrency: '={{ $json.settledCurrency }}',
	networkSymbol: '={{ $json.networkSymbol }}',
	address: '={{ $json.address }}',
	baseAmount: '={{ $json.baseAmount }}',
	additionalFields: {
		baseCurrency: '={{ $json.baseCurrency }}',
		callBackUrl: '={{ $json.callBackUrl }}',
		redirectUrl: '={{ $json.redirectUrl }}',
	},
});

function goodItem(recipient: string): IDataObject {
	return {
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		address: tronAddress(recipient),
		baseAmount: 25,
	};
}

const usdtOnTron = SEEDED_CURRENCIES.find(
	(currency) => currency.currencySymbol === 'USDT',
)!.networks.find((network) => network.networkSymbol === 'TRX')!;

const closedForWithdrawals = SEEDED_CURRENCIES.flatMap((currency) =>
	currency.networks
		.filter((network) => network.canWithdraw === 0)
		.map((network) => ({
			settledCurrency: currency.currencySymbol,
			networkSymbol: network.networkSymbol,
		})),
)[0];

function sentAddresses(): unknown[] {
	return requestsTo(sandbox, 'createPayout').map((request) => JSON.parse(request.rawBody).address);
}

describe('an item refused before sending', () => {
	// The full bad-input matrix (every field, every kind of wrong value) is test/moneySafety/badInput.test.ts.
	it('names the field, the value and the item, and sends nothing for that item or after it', async () => {
		const error = await failureOf(
			runTyltNode({
				credentials: credentialsFor(sandbox),
				items: [goodItem('good 0'), goodItem('good 1'), { ...goodItem('bad 2'), baseAmount: -5 }],
				parameters: PAYOUT_FROM_ITEM,
			}),
		);

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(2);
		expect(error.message).toBe('Invalid Base Amount -5 in item 2: it must be greater than 0');
		expect(sentAddresses()).toEqual([tronAddress('good 0'), tronAddress('good 1')]);
	});

	it('refuses an item whose own fields are wrong before any request at all, even the currency list', async () => {
		const error = await failureOf(
			runTyltNode({
				credentials: credentialsFor(sandbox),
				parameters: payoutCreate({ baseAmount: 0 }),
			}),
		);

		expect(error.message).toContain('Invalid Base Amount 0 in item 0');
		expect(sandbox.requests).toHaveLength(0);
	});

	it('reports canWithdraw 0 as the reason a network is refused', async () => {
		const error = await failureOf(
			runTyltNode({
				credentials: credentialsFor(sandbox),
				parameters: payoutCreate(closedForWithdrawals),
			}),
		);

		expect(error.message).toContain('canWithdraw 0');
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});
});

describe('an item let through to TYLT', () => {
	it('accepts an amount given as a numeric string and sends it as a JSON number', async () => {
		await runTyltNode({
			credentials: credentialsFor(sandbox),
			parameters: payoutCreate({ baseAmount: '={{ "15" }}' }),
		});

		const [create] = requestsTo(sandbox, 'createPayout');
		expect(create.rawBody).toContain('"baseAmount":15,');
		expect(create.status).toBe(200);
	});

	it('does not bound a fiat amount by the crypto maximum: TYLT converts it at its own rate', async () => {
		const fiatAmount = usdtOnTron.maximumWithdrawal + 10000;

		await runTyltNode({
			credentials: credentialsFor(sandbox),
			parameters: payoutCreate({
				baseAmount: fiatAmount,
				additionalFields: { baseCurrency: 'INR' },
			}),
		});

		expect(requestsTo(sandbox, 'createPayout').map((request) => request.status)).toEqual([200]);
		expect(sandbox.payouts[0].settledAmountRequested).toBeCloseTo(fiatAmount * USD_RATES.INR, 6);
	});
});

describe('a bad item among good ones', () => {
	const items = [goodItem('before'), { ...goodItem('bad'), baseAmount: 'abc' }, goodItem('after')];

	it('with Continue On Fail becomes an error item paired with its input, and the good items are still sent', async () => {
		const output = await runTyltNode({
			credentials: credentialsFor(sandbox),
			items,
			parameters: PAYOUT_FROM_ITEM,
			continueOnFail: true,
		});

		expect(output).toHaveLength(3);
		expect(output[0]).toMatchObject({
			json: { toAddress: tronAddress('before') },
			pairedItem: { item: 0 },
		});
		expect(output[1]).toEqual({ json: { error: expect.any(String) }, pairedItem: { item: 1 } });
		expect(output[1].json.error).toContain('Base Amount');
		expect(output[1].json.error).toContain('"abc"');
		expect(output[1].json.error).toContain('item 1');
		expect(output[2]).toMatchObject({
			json: { toAddress: tronAddress('after') },
			pairedItem: { item: 2 },
		});
		expect(sentAddresses()).toEqual([tronAddress('before'), tronAddress('after')]);
	});

	it('without Continue On Fail stops the execution there: items before it were sent, none after', async () => {
		const error = await failureOf(
			runTyltNode({ credentials: credentialsFor(sandbox), items, parameters: PAYOUT_FROM_ITEM }),
		);

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(1);
		expect(sentAddresses()).toEqual([tronAddress('before')]);
	});
});
