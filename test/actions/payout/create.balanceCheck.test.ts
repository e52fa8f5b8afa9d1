/**
 * Payout → Create with Options → Check Balance First: before the first payout of an execution is sent, what
 * the whole execution will send per settled currency (amount + network fee) is compared with one balance
 * read. Not enough: nothing is sent. Proved on the sandbox's request log and its payouts.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { IDataObject } from 'n8n-workflow';

import { useMoneySafetySandbox, useShortRetryBackoff } from '../../support/moneySafetyKit';
import { EVM_ADDRESS, payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();
const { sandbox } = suite;

useShortRetryBackoff();

/** USDT on Tron costs amount + 1 (the seeded TRX fee); USDC on BSC amount + 0.3. */
const TRX_FEE = 1;

function rows(count: number, amount = 25): IDataObject[] {
	return Array.from({ length: count }, (_unused, index) => ({
		id: `row-${index + 1}`,
		wallet: tronAddress(`balance row ${index + 1}`),
		amount,
	}));
}

/** One payout per item, the row id as reference, the check on (and whatever else `options` adds). */
function sheetRun(items: IDataObject[], options: IDataObject = {}) {
	return {
		items,
		parameters: payoutCreate({
			address: '={{ $json.wallet }}',
			baseAmount: '={{ $json.amount }}',
			reference: '={{ $json.id }}',
			options: { checkBalanceFirst: true, ...options },
		}),
	};
}

const creates = () => requestsTo(sandbox, 'createPayout');
const balanceReads = () => requestsTo(sandbox, 'accountBalance');

describe('a balance that covers the execution', () => {
	it('sends every payout, after one balance read made before the first create', async () => {
		sandbox.setBalances({ USDT: 5 * (25 + TRX_FEE) });

		const output = await suite.run(sheetRun(rows(5)));

		expect(output.map((item) => item.json.alreadySent)).toEqual([
			false,
			false,
			false,
			false,
			false,
		]);
		expect(creates()).toHaveLength(5);
		expect(balanceReads()).toHaveLength(1);
		const order = sandbox.requests.map((request) => request.endpoint);
		expect(order.indexOf('accountBalance')).toBeLessThan(order.indexOf('createPayout'));
	});

	it('counts decimal amounts exactly: 20.3 + 20.6 + fees fits a balance of exactly 50.9, which doubles overshoot', async () => {
		// Fractional amounts are below the seeded minimum on TRX; DAI on ETH has minimum 20 and fee 5.
		sandbox.setBalances({ DAI: 50.9 });
		const items = [
			{ id: 'dai-1', amount: 20.3 },
			{ id: 'dai-2', amount: 20.6 },
		];

		const output = await suite.run({
			items,
			parameters: payoutCreate({
				settledCurrency: 'DAI',
				networkSymbol: 'ETH',
				address: EVM_ADDRESS,
				baseAmount: '={{ $json.amount }}',
				reference: '={{ $json.id }}',
				options: { checkBalanceFirst: true },
			}),
		});

		expect(20.3 + 20.6 + 2 * 5).toBeGreaterThan(50.9);
		expect(output).toHaveLength(2);
		expect(creates()).toHaveLength(2);
		expect(balanceReads()).toHaveLength(1);
	});

	it('is off by default: no balance read', async () => {
		await suite.run({ parameters: payoutCreate({ reference: 'row-1', options: {} }) });

		expect(balanceReads()).toHaveLength(0);
		expect(creates()).toHaveLength(1);
	});
});

describe('a balance that does not cover the execution', () => {
	it('sends nothing, and the error names the currency’s total, balance and shortfall', async () => {
		// 50 rows of 25 USDT + 1 fee = 1300; 30 of them are covered.
		sandbox.setBalances({ USDT: 30 * 26 });

		const error = await suite.fail(sheetRun(rows(50)));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			'Check Balance First stopped the batch before anything was sent: the TYLT balance does not cover the payouts of this execution. USDT: total 1300 (50 payouts: 1250 + 50 network fees), balance 780, short by 520',
		);
		expect(error.context.itemIndex).toBe(0);
		expect(creates()).toHaveLength(0);
		expect(sandbox.payouts).toHaveLength(0);
	});

	it('with Continue On Fail, every item carries the error and still nothing is sent', async () => {
		sandbox.setBalances({ USDT: 26 });

		const output = await suite.run({ ...sheetRun(rows(3)), continueOnFail: true });

		expect(output).toHaveLength(3);
		for (const item of output) expect(String(item.json.error)).toContain('short by 52');
		expect(creates()).toHaveLength(0);
		expect(balanceReads()).toHaveLength(1);
	});

	it('names every currency, the covered ones in the description', async () => {
		sandbox.setBalances({ USDT: 100, USDC: 12 });
		const items = [
			{ id: 'a', currency: 'USDT', network: 'TRX', wallet: tronAddress('a'), amount: 25 },
			{ id: 'b', currency: 'USDC', network: 'BSC', wallet: EVM_ADDRESS, amount: 12 },
		];

		const error = await suite.fail({
			items,
			parameters: payoutCreate({
				settledCurrency: '={{ $json.currency }}',
				networkSymbol: '={{ $json.network }}',
				address: '={{ $json.wallet }}',
				baseAmount: '={{ $json.amount }}',
				reference: '={{ $json.id }}',
				options: { checkBalanceFirst: true },
			}),
		});

		expect(error.message).toContain(
			'USDC: total 12.3 (1 payout: 12 + 0.3 network fees), balance 12, short by 0.3',
		);
		expect(error.message).not.toContain('USDT:');
		expect(error.description).toContain(
			'Covered: USDT: total 26 (1 payout: 25 + 1 network fees), balance 100: covered.',
		);
		expect(creates()).toHaveLength(0);
	});

	it('a balance short by one unit of the sixth decimal is short', async () => {
		sandbox.setBalances({ USDT: 2 * 26 - 0.000001 });

		const error = await suite.fail(sheetRun(rows(2)));

		expect(error.message).toContain('balance 51.999999, short by 0.000001');
		expect(creates()).toHaveLength(0);
	});
});

describe('what counts: the payouts the execution will really send', () => {
	it('leaves out payouts the duplicate guard finds already sent, so a re-run after a top-up pays only the rest', async () => {
		sandbox.setBalances({ USDT: 3 * 26 });
		const sheet = rows(5);
		await suite.run(sheetRun(sheet.slice(0, 3)));
		await sandbox.advanceTime(5000);
		// 3 paid and settled: the balance is empty. The two new rows need 52.
		sandbox.setBalances({ USDT: 52 });

		const output = await suite.run(sheetRun(sheet));

		expect(output.map((item) => item.json.alreadySent)).toEqual([true, true, true, false, false]);
		expect(creates()).toHaveLength(5);
		expect(balanceReads()).toHaveLength(2);
	});

	it('leaves out a reference held in doubt, which the guard refuses to send again', async () => {
		const [doubtful, fresh] = rows(2);
		sandbox.injectFault('createPayout', { kind: 'drop' });
		await suite.fail(sheetRun([doubtful], { inDoubtCheckSeconds: 0 }));
		expect(sandbox.payouts).toHaveLength(0);
		sandbox.setBalances({ USDT: 26 });

		const output = await suite.run({ ...sheetRun([doubtful, fresh]), continueOnFail: true });

		expect(String(output[0].json.error)).toContain('is in doubt');
		expect(output[1].json).toMatchObject({ alreadySent: false, merchantReference: 'row-2' });
		expect(sandbox.payouts).toHaveLength(1);
	});

	it('counts a reference repeated inside the execution once, as the guard sends it once', async () => {
		sandbox.setBalances({ USDT: 26 });
		const [row] = rows(1);

		const output = await suite.run(sheetRun([row, row, row]));

		expect(output.map((item) => item.json.alreadySent)).toEqual([false, true, true]);
		expect(creates()).toHaveLength(1);
		expect(balanceReads()).toHaveLength(1);
	});

	it('leaves out dry runs from what a real run sends; the dry run reports the whole execution as if real', async () => {
		sandbox.setBalances({ USDT: 26 });
		const [rehearsed, real] = rows(2);

		const output = await suite.run(
			sheetRun(
				[
					{ ...rehearsed, dry: true },
					{ ...real, dry: false },
				],
				{ dryRun: '={{ $json.dry }}' },
			),
		);

		expect(output[0].json).toMatchObject({
			dryRun: true,
			wouldSend: false,
			balanceCheck: { enough: false, currencies: [expect.objectContaining({ total: 52 })] },
		});
		expect(output[1].json).toMatchObject({ alreadySent: false, merchantReference: 'row-2' });
		expect(creates()).toHaveLength(1);
		expect(balanceReads()).toHaveLength(1);
	});

	it('counts a real row after a dry row of its reference: the dry row pays nothing, so the real one is sent', async () => {
		sandbox.setBalances({ USDT: 30 });
		const [repeated, other] = rows(2);

		await suite.fail(
			sheetRun(
				[
					{ ...repeated, dry: true },
					{ ...repeated, dry: false },
					{ ...other, dry: false },
				],
				{ dryRun: '={{ $json.dry }}' },
			),
		);

		// Two real payouts of 25 + 1 each: 52 is more than the balance of 30.
		expect(creates()).toHaveLength(0);
		expect(balanceReads()).toHaveLength(1);
	});

	it('leaves out items that fail their own checks: they send nothing and fail on their turn', async () => {
		sandbox.setBalances({ USDT: 26 });
		const [good] = rows(1);
		const tooSmall = { ...rows(2, 5)[1], id: 'too-small' };

		const output = await suite.run({ ...sheetRun([good, tooSmall]), continueOnFail: true });

		expect(output[0].json).toMatchObject({ alreadySent: false });
		expect(String(output[1].json.error)).toContain('below the minimum withdrawal');
		expect(creates()).toHaveLength(1);
		expect(balanceReads()).toHaveLength(1);
	});
});

describe('payouts sized in a fiat Base Currency', () => {
	it('are not guessed at: the error says they cannot be priced, and nothing is sent', async () => {
		// (A batch mixing crypto and fiat rows in one node is version 1's: test/versionOne.test.ts.)
		const error = await suite.fail({
			items: [{ id: 'fiat', wallet: tronAddress('f'), amount: 100 }],
			parameters: payoutCreate({
				address: '={{ $json.wallet }}',
				baseAmount: '={{ $json.amount }}',
				amountIn: 'fiat',
				baseCurrency: 'EUR',
				reference: '={{ $json.id }}',
				options: { checkBalanceFirst: true },
			}),
		});

		expect(error.message).toBe(
			'Check Balance First stopped the batch before anything was sent: 1 payout cannot be priced before TYLT converts them, so the balance cannot be checked: item 0 (sized in EUR, which TYLT converts to USDT only when it creates the payout)',
		);
		expect(error.description).toContain('Size these payouts in the settled crypto currency');
		expect(creates()).toHaveLength(0);
	});
});

describe('Dry Run', () => {
	it('outputs the totals and the balance, with wouldSend false when the balance falls short', async () => {
		sandbox.setBalances({ USDT: 30 });

		const output = await suite.run(sheetRun(rows(2), { dryRun: true }));

		const expectedCheck = {
			enough: false,
			currencies: [
				{
					currencySymbol: 'USDT',
					payouts: 2,
					amounts: 50,
					networkFees: 2,
					total: 52,
					balance: 30,
					shortfall: 22,
					enough: false,
				},
			],
			unpriced: [],
		};
		for (const item of output) {
			expect(item.json).toMatchObject({
				dryRun: true,
				wouldSend: false,
				alreadySent: false,
				balanceCheck: expectedCheck,
			});
		}
		expect(creates()).toHaveLength(0);
		expect(balanceReads()).toHaveLength(1);
	});

	it('with enough balance, reports it and wouldSend stays true', async () => {
		const [report] = await suite.run(sheetRun(rows(1), { dryRun: true }));

		expect(report.json).toMatchObject({
			wouldSend: true,
			balanceCheck: { enough: true, currencies: [expect.objectContaining({ total: 26 })] },
		});
	});

	it('lists fiat payouts as unpriced instead of failing', async () => {
		const [report] = await suite.run({
			parameters: payoutCreate({
				baseAmount: 100,
				amountIn: 'fiat',
				baseCurrency: 'USD',
				additionalFields: {},
				reference: 'fiat-1',
				options: { checkBalanceFirst: true, dryRun: true },
			}),
		});

		expect(report.json).toMatchObject({
			wouldSend: false,
			balanceCheck: {
				enough: false,
				currencies: [],
				unpriced: [expect.objectContaining({ itemIndex: 0, settledCurrency: 'USDT' })],
			},
		});
	});
});

describe('the AI agent tool path', () => {
	it('makes the same check: a call the balance does not cover sends nothing and says why', async () => {
		sandbox.setBalances({ USDT: 20 });

		const error = await suite.fail({
			nodeType: 'n8n-nodes-tylt.tyltTool',
			parameters: payoutCreate({
				baseAmount: 25,
				reference: 'agent-1',
				options: {
					agentMaxAmount: 'USDT 50',
					checkBalanceFirst: true,
				},
			}),
		});

		expect(error.message).toContain(
			'USDT: total 26 (1 payout: 25 + 1 network fees), balance 20, short by 6',
		);
		expect(creates()).toHaveLength(0);
	});
});

describe('a balance read that fails or is odd stops the batch before anything is sent', () => {
	it('after the read retries, an unreachable balance is an error and nothing is sent', async () => {
		sandbox.injectFault('accountBalance', { kind: 'status', status: 503, times: 10 });

		const error = await suite.fail({ ...sheetRun(rows(3)), continueOnFail: false });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('TYLT did not answer usefully');
		expect(balanceReads()).toHaveLength(4);
		expect(creates()).toHaveLength(0);
	});

	it('a balance answered as text is not used, with Continue On Fail too', async () => {
		sandbox.injectFault('accountBalance', {
			kind: 'status',
			status: 200,
			body: JSON.stringify({ data: [{ currencySymbol: 'USDT', balance: '1000000' }] }),
			contentType: 'application/json',
			times: 10,
		});

		const output = await suite.run({ ...sheetRun(rows(3)), continueOnFail: true });

		for (const item of output) {
			expect(item.json.error).toBe(
				'TYLT did not answer usefully: entry 1 of the balance answer (USDT) has no numeric balance',
			);
		}
		// One read with its retries for the whole execution, not one per item.
		expect(balanceReads()).toHaveLength(4);
		expect(creates()).toHaveLength(0);
	});

	it('a one-off failure is read again, and then the batch goes out', async () => {
		sandbox.injectFault('accountBalance', { kind: 'drop' });

		await suite.run(sheetRun(rows(2)));

		expect(balanceReads()).toHaveLength(2);
		expect(creates()).toHaveLength(2);
	});
});

itShowsNoSecret();
