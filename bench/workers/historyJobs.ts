/**
 * Case 2, both sides in-process, one process each: the TYLT node (Payout → Get Many, Return All) inside
 * n8n-core's real ExecuteContext (tools/harness/n8nContext.ts: n8n's real request helper and the credential's
 * own signing), and the raw paging loop. Each returns what it read; the memory of each run is measured
 * around it (memory.ts).
 */
import { createHmac } from 'node:crypto';

import type { JobModule } from '../lib/jobs';
import { rawRequest } from '../lib/rawHttp';
import { measureMemory } from './memory';

const HISTORY_PATH = '/transactions/merchant/getPayoutTransactionHistory';

/** Runs `read` with its memory measured; the records it returns are dropped only after the measurement. */
async function measuredRead(read: () => Promise<unknown[]>) {
	let records: unknown[] = [];
	const { value, ...run } = await measureMemory(async () => {
		records = await read();
		return records.length;
	});
	records = [];
	return { ...run, records: value };
}

export const historyJobs: JobModule<'history'> = {
	async 'history.node'(params) {
		// Loaded here, not at the top: the raw loop's process must not carry n8n-core.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { runTyltNode } =
			require('../../tools/harness/n8nContext') as typeof import('../../tools/harness/n8nContext');
		return await measuredRead(
			async () =>
				await runTyltNode({
					parameters: {
						resource: 'payout',
						operation: 'getMany',
						returnAll: true,
						options: { pageSize: params.pageSize },
					},
					credentials: { apiKey: params.apiKey, apiSecret: params.apiSecret, baseUrl: params.url },
					// Page Size is version 1's option (version 2 leaves it to the node): the case sets it.
					typeVersion: 1,
				}),
		);
	},

	/** Pages until a short or empty page, like the node: the API returns no total to stop earlier. */
	async 'history.raw'(params) {
		return await measuredRead(async () => {
			const records: unknown[] = [];
			for (let page = 1; ; page++) {
				const signed = JSON.stringify({ rows: params.pageSize, page });
				const answer = await rawRequest(
					`${params.url}${HISTORY_PATH}?rows=${params.pageSize}&page=${page}`,
					'GET',
					{
						'X-TLP-APIKEY': params.apiKey,
						'X-TLP-SIGNATURE': createHmac('sha256', params.apiSecret).update(signed).digest('hex'),
					},
				);
				const envelope = JSON.parse(answer.text) as { data?: unknown[]; errorCode?: number };
				if (answer.status !== 200 || envelope.errorCode !== 0 || !Array.isArray(envelope.data)) {
					throw new Error(`history answered HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
				}
				for (const record of envelope.data) records.push(record);
				if (envelope.data.length < params.pageSize) return records;
			}
		});
	},
};
