/**
 * examples/spreadsheet-payouts.json through a real n8n: it reads payouts.csv from disk (in the folder n8n may
 * use, N8N_RESTRICT_FILE_ACCESS_TO), pays each row with the row id as the duplicate guard's reference and
 * writes payouts-status.csv. Run twice, it pays every row exactly once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

import { referenceOf, useE2e } from './support/context';
import { examples } from './support/examples';
import type { StoredWorkflow } from '../tools/n8n';

const e2e = useE2e();

const HEADER = ['id', 'name', 'wallet', 'amount', 'currency', 'network'];
const ROWS = [
	['row-1', 'Alice Example', 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF', '25', 'USDT', 'TRX'],
	['row-2', 'Bob Example', 'TMo4TYXrVAoCzBM85F33tEFzzUs1YdkSSv', '40.5', 'USDT', 'TRX'],
	// A quoted field with a comma, and an EIP-55 checksummed address on BSC.
	['row-3', 'Carol, Jr.', '0x52908400098527886E0F7030069857D2E4169EE7', '12', 'USDC', 'BSC'],
];
const STATUS_HEADER = [...HEADER, 'status', 'tyltOrderId', 'tyltStatus', 'message'];

/** Rows with ids (the payouts' references) of the running test: see e2e.reference. */
function ownRows(rows: string[][]): string[][] {
	return rows.map(([id, ...rest]) => [e2e.reference(id), ...rest]);
}

function csvLine(fields: string[]): string {
	return fields
		.map((field) => (/[",\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field))
		.join(',');
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; a leading BOM is dropped. */
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	const source = text.replace(/^\uFEFF/, '');
	for (let index = 0; index < source.length; index++) {
		const char = source[index];
		if (quoted) {
			if (char === '"' && source[index + 1] === '"') {
				field += '"';
				index++;
			} else if (char === '"') {
				quoted = false;
			} else {
				field += char;
			}
		} else if (char === '"') {
			quoted = true;
		} else if (char === ',') {
			row.push(field);
			field = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && source[index + 1] === '\n') index++;
			row.push(field);
			rows.push(row);
			row = [];
			field = '';
		} else {
			field += char;
		}
	}
	if (field !== '' || row.length) {
		row.push(field);
		rows.push(row);
	}
	return rows;
}

/** A folder of its own inside n8n's files folder, with payouts.csv, and the example pointed at it. */
async function sheetWorkflow(
	rows: string[][],
): Promise<{ workflow: StoredWorkflow; folder: string }> {
	const folder = path.join(e2e.state.filesDir, `sheet-${randomUUID()}`);
	fs.mkdirSync(folder, { recursive: true });
	fs.writeFileSync(
		path.join(folder, 'payouts.csv'),
		[HEADER, ...rows].map(csvLine).join('\n') + '\n',
	);
	const workflow = examples.setFilesFolder(e2e.example('spreadsheetPayouts'), folder);
	return { workflow: await e2e.create(workflow), folder };
}

function statusFile(folder: string): Array<Record<string, string>> {
	const [header, ...lines] = parseCsv(
		fs.readFileSync(path.join(folder, 'payouts-status.csv'), 'utf8'),
	);
	expect(header).toEqual(STATUS_HEADER);
	return lines.map((line) => Object.fromEntries(header.map((name, index) => [name, line[index]])));
}

async function createRequests(): Promise<number> {
	return (await e2e.sandbox.requests()).filter((request) => request.endpoint === 'createPayout')
		.length;
}

describe('Pay a spreadsheet of payouts (examples/spreadsheet-payouts.json)', () => {
	it('pays every row once and writes its status; a second run pays nobody and reports "already sent"', async () => {
		const rows = ownRows(ROWS);
		const { workflow, folder } = await sheetWorkflow(rows);

		const first = await e2e.n8n.runWorkflowOnce(workflow.id);

		expect(first.status).toBe('success');
		const payouts = await e2e.sandbox.payouts();
		expect(payouts).toHaveLength(rows.length);
		expect(await createRequests()).toBe(rows.length);
		const byReference = new Map(payouts.map((payout) => [referenceOf(payout), payout]));
		for (const [id, name, wallet, amount, currency, network] of rows) {
			expect(byReference.get(id)).toMatchObject({
				customerName: name,
				toAddress: wallet,
				settledAmountRequested: Number(amount),
				settledCurrency: currency,
				network,
				comments: `[ref:${id}] Spreadsheet row ${id}`,
			});
		}
		const written = statusFile(folder);
		expect(written).toEqual(
			rows.map((row) => ({
				...Object.fromEntries(HEADER.map((name, index) => [name, row[index]])),
				status: 'sent',
				tyltOrderId: byReference.get(row[0])!.orderId,
				tyltStatus: 'Pending',
				message: '',
			})),
		);

		const second = await e2e.n8n.runWorkflowOnce(workflow.id);

		expect(second.status).toBe('success');
		expect(await e2e.sandbox.payouts()).toEqual(payouts);
		expect(await createRequests()).toBe(rows.length);
		expect(statusFile(folder)).toEqual(
			written.map((line) => ({ ...line, status: 'already sent' })),
		);
	});

	it('a bad row gets status "error" with the reason; the other rows are paid', async () => {
		const tooLittle = [
			'row-4',
			'Too Little',
			'TTdteGYT7PTtSPUE8TfGQWcD9njyUNqegR',
			'5',
			'USDT',
			'TRX',
		];
		const [first, bad, last] = ownRows([ROWS[0], tooLittle, ROWS[1]]);
		const { workflow, folder } = await sheetWorkflow([first, bad, last]);

		const execution = await e2e.n8n.runWorkflowOnce(workflow.id);

		expect(execution.status).toBe('success');
		expect((await e2e.sandbox.payouts()).map(referenceOf).sort()).toEqual(
			[first[0], last[0]].sort(),
		);
		expect(
			statusFile(folder).map(({ id, status, tyltOrderId, message }) => ({
				id,
				status,
				hasOrderId: tyltOrderId !== '',
				message,
			})),
		).toEqual([
			{ id: first[0], status: 'sent', hasOrderId: true, message: '' },
			{
				id: bad[0],
				status: 'error',
				hasOrderId: false,
				message:
					'Invalid Base Amount "5" in item 1: it is below the minimum withdrawal of 10 USDT on TRX',
			},
			{ id: last[0], status: 'sent', hasOrderId: true, message: '' },
		]);
	});
});
