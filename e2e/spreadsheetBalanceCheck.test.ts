/**
 * examples/spreadsheet-payouts-balance-check.json through a real n8n: Payout → Create with Check Balance
 * First over a sheet of 50 rows. Against a balance that covers 30 of them nothing is paid and one message
 * names the shortfall; after a top-up the same run pays all 50.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

import { sha256, tronAddress } from '../sandbox/tronAddresses';
import { outputOf, referenceOf, useE2e } from './support/context';
import { examples } from './support/examples';
import { useMessageReceiver } from './support/messageReceiver';

const e2e = useE2e();

const HEADER = ['id', 'name', 'wallet', 'amount', 'currency', 'network'];
/** Each row pays 25 USDT on Tron, and TYLT debits 25 + the seeded 1 USDT network fee. */
const ROW_AMOUNT = 25;
const ROW_DEBIT = ROW_AMOUNT + 1;

const receiver = useMessageReceiver();

function sheetRows(count: number): string[][] {
	return Array.from({ length: count }, (_unused, index) => {
		const id = e2e.reference(`row-${index + 1}`);
		const wallet = tronAddress(sha256(Buffer.from(id)).subarray(0, 20));
		return [id, `Payee ${index + 1}`, wallet, String(ROW_AMOUNT), 'USDT', 'TRX'];
	});
}

async function createRequests() {
	return (await e2e.sandbox.requests()).filter((request) => request.endpoint === 'createPayout');
}

describe('Pay a spreadsheet after checking the balance (examples/spreadsheet-payouts-balance-check.json)', () => {
	it('50 rows against a balance that covers 30: nothing is paid and the message names the shortfall; after a top-up the same run pays 50', async () => {
		const rows = sheetRows(50);
		const folder = path.join(e2e.state.filesDir, `balance-sheet-${randomUUID()}`);
		fs.mkdirSync(folder, { recursive: true });
		fs.writeFileSync(
			path.join(folder, 'payouts.csv'),
			[HEADER, ...rows].map((row) => row.join(',')).join('\n') + '\n',
		);
		const workflow = examples.setNotificationUrl(
			examples.setFilesFolder(e2e.example('spreadsheetPayoutsBalanceCheck'), folder),
			receiver.url,
		);
		const stored = await e2e.create(workflow);
		await e2e.sandbox.setBalances({ USDT: 30 * ROW_DEBIT });

		const short = await e2e.n8n.runWorkflowOnce(stored.id);

		const shortfall =
			'Check Balance First stopped the batch before anything was sent: the TYLT balance does not cover the payouts of this execution. USDT: total 1300 (50 payouts: 1250 + 50 network fees), balance 780, short by 520';
		expect(short.status).toBe('success');
		expect(await createRequests()).toHaveLength(0);
		expect(await e2e.sandbox.payouts()).toHaveLength(0);
		const errors = outputOf(short, 'Send payout').map((item) => item.error);
		expect(errors).toEqual(rows.map(() => shortfall));
		expect(receiver.messages).toHaveLength(1);
		expect(receiver.messages[0]).toMatchObject({ method: 'POST', path: '/services/e2e' });
		expect(receiver.messages[0].json).toEqual({
			text: `⚠️ Payout batch not sent (50 rows): ${shortfall}`,
		});
		expect(fs.existsSync(path.join(folder, 'payouts-status.csv'))).toBe(false);

		await e2e.sandbox.setBalances({ USDT: 50 * ROW_DEBIT });
		const paid = await e2e.n8n.runWorkflowOnce(stored.id);

		expect(paid.status).toBe('success');
		const payouts = await e2e.sandbox.payouts();
		expect(payouts.map(referenceOf).sort()).toEqual(rows.map(([id]) => id).sort());
		expect(await createRequests()).toHaveLength(50);
		expect(receiver.messages).toHaveLength(1);
		const requests = await e2e.sandbox.requests();
		const endpoints = requests.map((request) => request.endpoint);
		// One balance read per execution, the second one before the first create.
		expect(endpoints.filter((endpoint) => endpoint === 'accountBalance')).toHaveLength(2);
		expect(endpoints.lastIndexOf('accountBalance')).toBeLessThan(endpoints.indexOf('createPayout'));
		const statusLines = fs
			.readFileSync(path.join(folder, 'payouts-status.csv'), 'utf8')
			.trim()
			.split(/\r?\n/);
		expect(statusLines).toHaveLength(1 + 50);
		const statusColumn = statusLines[0].split(',').indexOf('status');
		expect(statusLines.slice(1).map((line) => line.split(',')[statusColumn])).toEqual(
			rows.map(() => 'sent'),
		);
	});
});
