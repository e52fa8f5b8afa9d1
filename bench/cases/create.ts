/**
 * Case 1: Payout → Create for N input items, executed by a real n8n (the TYLT node's own executionTime from
 * the run data), guard on and guard off, against the raw signed loop over the same payouts. The sandbox is
 * reset before every run and every run uses fresh references, so every payout is really created.
 */
import { randomUUID } from 'node:crypto';

import { sampleAccountId, tronAddress } from '../../test/helpers/addresses/tronAddresses';
import type { BenchContext } from '../lib/context';
import { rotated } from '../lib/stats';
import type { PayoutRow } from '../workers/createJobs';
import type { RequestSummary } from '../workers/sandboxJobs';

export type CreateVariant = 'guardOn' | 'guardOff' | 'raw';

export interface CreateRun {
	ms: number;
	requests: RequestSummary;
}

export interface CreateResult {
	payouts: number;
	runs: Record<CreateVariant, CreateRun[]>;
}

const TYLT_NODE = 'TYLT';

/** The payouts every run sends: valid TRON recipients, amounts inside the sandbox's USDT/TRX bounds. */
function payoutRows(count: number): Omit<PayoutRow, 'ref'>[] {
	return Array.from({ length: count }, (_, index) => ({
		address: tronAddress(sampleAccountId(index)),
		amount: 10 + (index % 90),
	}));
}

/** Manual Trigger → Code (the rows, with a reference unique to this execution) → TYLT Payout → Create. */
function createWorkflow(
	name: string,
	rows: Omit<PayoutRow, 'ref'>[],
	credential: { id: string; name: string },
	duplicateGuard: boolean,
) {
	const jsCode = [
		`const rows = ${JSON.stringify(rows)};`,
		'const run = `${$execution.id}-${Date.now()}`;',
		'return rows.map((row, index) => ({ json: { ...row, ref: `bench-${run}-${index}` } }));',
	].join('\n');
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: randomUUID(),
				name: 'Payouts',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: { jsCode },
			},
			{
				id: randomUUID(),
				name: TYLT_NODE,
				type: 'n8n-nodes-tylt.tylt',
				typeVersion: 1,
				position: [440, 0],
				parameters: {
					resource: 'payout',
					operation: 'create',
					settledCurrency: 'USDT',
					networkSymbol: 'TRX',
					address: '={{ $json.address }}',
					baseAmount: '={{ $json.amount }}',
					additionalFields: {},
					options: { reference: '={{ $json.ref }}', duplicateGuard },
				},
				credentials: { tyltApi: credential },
			},
		],
		connections: {
			Start: { main: [[{ node: 'Payouts', type: 'main', index: 0 }]] },
			Payouts: { main: [[{ node: TYLT_NODE, type: 'main', index: 0 }]] },
		},
	};
}

interface Execution {
	id: string;
	status: string;
	data: {
		resultData: { runData: Record<string, Array<{ executionTime: number }>>; error?: unknown };
	};
}

export async function runCreateCase(context: BenchContext): Promise<CreateResult> {
	const { sandbox, access, options, log } = context;
	const n8n = await context.n8n();
	const count = options.sizes.payouts;
	const rows = payoutRows(count);
	const workflows: Record<'guardOn' | 'guardOff', string> = {
		guardOn: (
			await n8n.client.createWorkflow(
				createWorkflow('bench: create, guard on', rows, n8n.credential, true),
			)
		).id,
		guardOff: (
			await n8n.client.createWorkflow(
				createWorkflow('bench: create, guard off', rows, n8n.credential, false),
			)
		).id,
	};
	const raw = context.worker('raw create loop');

	let rawRun = 0;
	async function run(variant: CreateVariant): Promise<CreateRun> {
		await sandbox.call('sandbox.reset', {});
		const { index } = await sandbox.call('sandbox.mark', {});
		let ms: number;
		if (variant === 'raw') {
			rawRun++;
			const payouts = rows.map((row, item) => ({ ...row, ref: `raw-${rawRun}-${item}` }));
			const result = await raw.call('create.raw', { ...access, payouts });
			ms = result.ms;
		} else {
			const execution = (await n8n.client.runWorkflowOnce(workflows[variant], {
				timeoutMs: 600_000,
			})) as Execution;
			if (execution.status !== 'success') {
				throw new Error(
					`create (${variant}) execution ${execution.id} ended ${execution.status}: ${JSON.stringify(execution.data.resultData.error).slice(0, 500)}`,
				);
			}
			const output = n8n.nodeOutput(execution, TYLT_NODE) as Array<{ alreadySent?: boolean }>;
			const fresh = output.filter((item) => item.alreadySent === false).length;
			if (fresh !== count)
				throw new Error(`create (${variant}): ${fresh} of ${count} payouts were new`);
			ms = execution.data.resultData.runData[TYLT_NODE][0].executionTime;
		}
		const requests = await sandbox.call('sandbox.summary', { since: index, withPayouts: true });
		if (requests.byEndpoint.createPayout !== count || requests.payoutsStored !== count) {
			throw new Error(
				`create (${variant}): ${requests.byEndpoint.createPayout} creates sent, ${requests.payoutsStored} payouts stored, ${count} expected`,
			);
		}
		return { ms, requests };
	}

	log(`create: warm-up (${count} payouts each: n8n guard on, guard off, raw loop)`);
	for (const variant of ['guardOn', 'guardOff', 'raw'] as const) await run(variant);

	const result: CreateResult = { payouts: count, runs: { guardOn: [], guardOff: [], raw: [] } };
	for (let round = 0; round < options.rounds; round++) {
		const order = rotated<CreateVariant>(['guardOn', 'guardOff', 'raw'], round);
		for (const variant of order) {
			const measured = await run(variant);
			result.runs[variant].push(measured);
			log(
				`create: round ${round + 1}/${options.rounds} ${variant}: ${measured.ms.toFixed(0)} ms, ${measured.requests.total} requests`,
			);
		}
	}
	return result;
}
