/**
 * getAccountBalance (sandbox/endpoints/accountBalance.ts): the merchant's holdings as TYLT's docs show them,
 * signed over the empty string; debited when a payout completes; set through the control surface.
 */
import { SEEDED_BALANCES } from '../../sandbox';
import {
	PATHS,
	callApi,
	createPayout,
	httpCall,
	json,
	useFreshSandbox,
} from '../support/sandboxClient';

const sandbox = useFreshSandbox();

async function balances() {
	const result = await callApi(sandbox, 'GET', PATHS.balance);
	expect(result.status).toBe(200);
	return json(result);
}

describe('account balance', () => {
	it('lists one entry per currency, the balance a JSON number, in the list envelope', async () => {
		expect(await balances()).toEqual({
			data: Object.entries(SEEDED_BALANCES).map(([currencySymbol, balance]) => ({
				currencySymbol,
				balance,
			})),
			errorCode: 0,
			msg: '',
		});
	});

	it('is signed over the empty string: a signature over "{}" is refused', async () => {
		const refused = await callApi(sandbox, 'GET', PATHS.balance, { signed: '{}' });
		expect(refused.status).toBe(401);
		expect(sandbox.requests.map((request) => request.signedString)).toEqual(['']);
	});

	it('goes down by amount plus network fee when a payout completes, not while it is Pending', async () => {
		await createPayout(sandbox, { baseAmount: 25 });
		const pending = (await balances()).data.find(
			(entry: { currencySymbol: string }) => entry.currencySymbol === 'USDT',
		);
		expect(pending.balance).toBe(SEEDED_BALANCES.USDT);

		await sandbox.advanceTime(2000);

		const settled = (await balances()).data.find(
			(entry: { currencySymbol: string }) => entry.currencySymbol === 'USDT',
		);
		// 25 requested + 1 network fee on TRX.
		expect(settled.balance).toBe(SEEDED_BALANCES.USDT - 26);
	});

	it('flags a create that exceeds the balance with insufficientBalance 1, and debits nothing for it', async () => {
		sandbox.setBalances({ USDT: 25.5 });
		const record = await createPayout(sandbox, { baseAmount: 25 });
		expect(record.insufficientBalance).toBe(1);
		await sandbox.advanceTime(2000);
		expect((await balances()).data).toContainEqual({ currencySymbol: 'USDT', balance: 25.5 });
	});

	it('takes faults like every endpoint', async () => {
		sandbox.injectFault('accountBalance', { kind: 'status', status: 503 });
		expect((await callApi(sandbox, 'GET', PATHS.balance)).status).toBe(503);
		expect((await callApi(sandbox, 'GET', PATHS.balance)).status).toBe(200);
	});
});

describe('POST /_sandbox/balances', () => {
	const setBalances = (body: unknown) =>
		httpCall(`${sandbox.url}/_sandbox/balances`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});

	it('sets the balances given, keeps the others, and answers every balance', async () => {
		const result = await setBalances({ USDT: 918, DAI: 0.3 });
		expect(result.status).toBe(200);
		expect(json(result).data).toEqual({ ...SEEDED_BALANCES, USDT: 918, DAI: 0.3 });
		expect((await balances()).data).toContainEqual({ currencySymbol: 'USDT', balance: 918 });
		expect(
			sandbox.requests.filter((request) => request.endpoint === 'accountBalance'),
		).toHaveLength(1);
	});

	it('refuses a balance that is not a number of at least 0', async () => {
		for (const body of [{ USDT: -1 }, { USDT: '918' }, { USDT: null }]) {
			const result = await setBalances(body);
			expect(result.status).toBe(400);
			expect(json(result).error).toMatch(/The balance of USDT must be a number of at least 0/);
		}
		expect(sandbox.balances).toEqual(SEEDED_BALANCES);
	});

	it('is undone by reset', async () => {
		await setBalances({ USDT: 1 });
		sandbox.reset();
		expect(sandbox.balances).toEqual(SEEDED_BALANCES);
	});
});
