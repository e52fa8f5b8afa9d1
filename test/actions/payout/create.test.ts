/**
 * Payout → Create against the TYLT sandbox: what goes on the wire, byte for byte, and what comes back.
 * The sandbox verifies every signature over the bytes it received, so an accepted request proves that the
 * signed bytes and the sent bytes are the same.
 */
import { USD_RATES } from '../../../sandbox';
import {
	EVM_ADDRESS,
	expectedSignature,
	payoutCreate,
	requestsTo,
	tronAddress,
	useTyltNode,
} from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

const ADDRESS = tronAddress('signed-bytes recipient');
const CUSTOMER_NAME = 'Zoë Ñúñez 東京 🚀';

function createBodies(): unknown[] {
	return requestsTo(sandbox, 'createPayout').map((request) => JSON.parse(request.rawBody));
}

describe('the request TYLT receives', () => {
	// A closed loopback port: the sandbox's creation callback fails at once instead of leaving the machine.
	const callBackUrl = 'http://127.0.0.1:1/tylt-callback';
	const redirectUrl = 'https://shop.example.com/payout/done?ref=42&lang=fr';

	it('is signed over exactly the bytes sent: documented field order, raw UTF-8 text, decimal amount', async () => {
		await tylt.run({
			parameters: payoutCreate({
				address: ADDRESS,
				baseAmount: 12.345678,
				// Entered in another order than the body's: the body order must not depend on the panel's.
				amountIn: 'fiat',
				baseCurrency: 'USD',
				additionalFields: {
					redirectUrl,
					callBackUrl,
					comments: 'Prämie März — «ok»',
					customerName: CUSTOMER_NAME,
				},
				reference: 'invoice-2026-0042',
				options: {},
			}),
		});
		await sandbox.advanceTime(0);

		const [create, ...more] = requestsTo(sandbox, 'createPayout');
		expect(more).toHaveLength(0);
		expect(create.status).toBe(200);
		expect(create.rawBody).toBe(
			JSON.stringify({
				baseAmount: 12.345678,
				baseCurrency: 'USD',
				address: ADDRESS,
				settledCurrency: 'USDT',
				networkSymbol: 'TRX',
				customerName: CUSTOMER_NAME,
				// The duplicate guard's reference travels first in the comments; only the spec's fields are sent.
				comments: '[ref:invoice-2026-0042] Prämie März — «ok»',
				callBackUrl,
				redirectUrl,
			}),
		);
		// Compact JSON with the characters themselves, not \u escapes, as the spec's signed string requires.
		expect(create.rawBody).toContain(`"customerName":"${CUSTOMER_NAME}"`);
		expect(Number(create.headers['content-length'])).toBe(
			Buffer.byteLength(create.rawBody, 'utf8'),
		);
		expect(create.headers['content-type']).toMatch(/^application\/json/);
		expect(create.headers['x-tlp-apikey']).toBe(sandbox.apiKey);
		expect(create.headers['x-tlp-signature']).toBe(
			expectedSignature(sandbox.apiSecret, create.rawBody),
		);
		expect(create.signedString).toBe(create.rawBody);
		expect(sandbox.payouts[0]).toMatchObject({
			customerName: CUSTOMER_NAME,
			settledAmountRequested: 12.345678,
			toAddress: ADDRESS,
		});
	});

	it('leaves empty optional fields out of the body instead of sending empty strings', async () => {
		await tylt.run({
			parameters: payoutCreate({
				address: ADDRESS,
				additionalFields: { customerName: '', comments: '   ', callBackUrl: '' },
				baseCurrency: '',
				reference: 'row-7',
				options: {},
			}),
		});

		expect(requestsTo(sandbox, 'createPayout')[0].rawBody).toBe(
			JSON.stringify({
				baseAmount: 25,
				address: ADDRESS,
				settledCurrency: 'USDT',
				networkSymbol: 'TRX',
				comments: '[ref:row-7]',
			}),
		);
	});

	it('sends a fiat payout with its Base Currency in capitals, and TYLT converts it', async () => {
		await tylt.run({
			parameters: payoutCreate({
				baseAmount: 100,
				amountIn: 'fiat',
				baseCurrency: 'eur',
				additionalFields: {},
			}),
		});

		expect(createBodies()).toEqual([
			expect.objectContaining({ baseAmount: 100, baseCurrency: 'EUR' }),
		]);
		expect(sandbox.payouts[0]).toMatchObject({
			baseCurrency: 'EUR',
			settledAmountRequested: 100 * USD_RATES.EUR,
		});
	});

	it('sends currency and network symbols as TYLT spells them, whatever case was typed', async () => {
		await tylt.run({
			items: [
				{ currency: 'usdt', network: 'trx', address: ADDRESS },
				{ currency: ' Usdc ', network: 'bsc', address: EVM_ADDRESS },
			],
			parameters: payoutCreate({
				settledCurrency: '={{ $json.currency }}',
				networkSymbol: '={{ $json.network }}',
				address: '={{ $json.address }}',
			}),
		});

		expect(createBodies()).toEqual([
			expect.objectContaining({ settledCurrency: 'USDT', networkSymbol: 'TRX' }),
			expect.objectContaining({ settledCurrency: 'USDC', networkSymbol: 'BSC' }),
		]);
	});

	it('reads every parameter per item: each item sends its own address, amount, currency and network', async () => {
		const items = [
			{
				address: tronAddress('alpha'),
				amount: 11,
				currency: 'USDT',
				network: 'TRX',
			},
			{
				address: EVM_ADDRESS,
				amount: 22.5,
				currency: 'DAI',
				network: 'ETH',
			},
		];
		await tylt.run({
			items,
			parameters: payoutCreate({
				settledCurrency: '={{ $json.currency }}',
				networkSymbol: '={{ $json.network }}',
				address: '={{ $json.address }}',
				baseAmount: '={{ $json.amount }}',
				additionalFields: { customerName: '={{ "Recipient " + $itemIndex }}' },
			}),
		});

		expect(createBodies()).toEqual(
			items.map((item, itemIndex) =>
				expect.objectContaining({
					baseAmount: item.amount,
					address: item.address,
					settledCurrency: item.currency,
					networkSymbol: item.network,
					customerName: `Recipient ${itemIndex}`,
				}),
			),
		);
	});
});

describe('the output', () => {
	it('is one item per input item, holding the payout record TYLT returned, paired with its input', async () => {
		const output = await tylt.run({
			items: [{ amount: 10 }, { amount: 20 }, { amount: 30 }],
			parameters: payoutCreate({ baseAmount: '={{ $json.amount }}' }),
		});

		const stored = [...sandbox.payouts].reverse(); // the sandbox lists newest first
		expect(output).toEqual(
			stored.map((payoutRecord, itemIndex) => ({
				json: {
					...payoutRecord,
					outcome: 'sent',
					alreadySent: false,
					merchantReference: /^\[ref:(.+)\]$/.exec(payoutRecord.comments)?.[1],
				},
				pairedItem: { item: itemIndex },
			})),
		);
		expect(output.map((item) => item.json.settledAmountRequested)).toEqual([10, 20, 30]);
		expect(output.map((item) => item.json.status)).toEqual(['Pending', 'Pending', 'Pending']);
	});
});

describe('the currency list', () => {
	it('is fetched once per execution however many items are created', async () => {
		const items = Array.from({ length: 25 }, (_, index) => ({ amount: 10 + index }));

		const output = await tylt.run({
			items,
			parameters: payoutCreate({ baseAmount: '={{ $json.amount }}' }),
		});

		expect(requestsTo(sandbox, 'currencies')).toHaveLength(1);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(25);
		expect(output).toHaveLength(25);
	});
});
