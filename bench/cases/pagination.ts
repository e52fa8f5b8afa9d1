/**
 * Case 2 in n8n: Return All of the seeded history by the TYLT node (Payout → Get Many) against what a user
 * would build instead in the same n8n: the HTTP Request node with the TYLT API credential and its own
 * pagination, then Split Out for one item per record (the TYLT node's output). Times are n8n's own
 * executionTime of each node.
 */
import type { BenchContext } from '../lib/context';
import { runWorkflow } from '../lib/n8nRun';
import { HTTP_NODE_FRAME, TYLT_NODE_FRAME } from '../lib/profileSummary';
import type { PaginationResult, PaginationRun, PaginationVariant } from '../lib/results';
import { rotated } from '../lib/stats';
import {
	HTTP_NODE,
	SPLIT_NODE,
	TYLT_NODE,
	httpPaginationWorkflow,
	tyltReturnAllWorkflow,
} from '../lib/workflows';
import type { BenchJobs } from '../workers/jobs';

export async function runPaginationCase(
	context: BenchContext<BenchJobs>,
): Promise<PaginationResult> {
	const { sandbox, access, options, log } = context;
	const n8n = await context.n8n();
	const records = options.sizes.paginationRecords;
	const pageSize = options.sizes.pageSize;
	const workflows: Record<PaginationVariant, string> = {
		node: (
			await n8n.client.createWorkflow(
				tyltReturnAllWorkflow('bench: Return All, TYLT node', n8n.credential, pageSize),
			)
		).id,
		httpNode: (
			await n8n.client.createWorkflow(
				httpPaginationWorkflow(
					'bench: Return All, HTTP Request pagination',
					n8n.credential,
					access.url,
					pageSize,
				),
			)
		).id,
	};
	await sandbox.call('sandbox.reset', { seed: records });

	async function run(variant: PaginationVariant): Promise<PaginationRun> {
		const { index } = await sandbox.call('sandbox.mark', {});
		const execution = await runWorkflow(n8n, workflows[variant], `Return All (${variant})`);
		const summary = await sandbox.call('sandbox.summary', { since: index });
		if (summary.byStatus['200'] !== summary.total) {
			throw new Error(`Return All (${variant}): answers ${JSON.stringify(summary.byStatus)}`);
		}
		if (variant === 'node') {
			const items = execution.output(TYLT_NODE).length;
			if (items !== records) throw new Error(`Return All (node): ${items} of ${records} records`);
			return {
				ms: execution.nodeMs[TYLT_NODE],
				startedAt: execution.nodeStartedAt[TYLT_NODE],
				n8nCpuMs: execution.n8nCpuMs,
				requests: summary.total,
				items,
			};
		}
		const pages = execution.output(HTTP_NODE) as Array<{ data?: unknown[] }>;
		const split = execution.output(SPLIT_NODE).length;
		const inPages = pages.reduce((sum, page) => sum + (page.data?.length ?? 0), 0);
		if (inPages !== records || split !== records) {
			throw new Error(
				`Return All (HTTP Request): ${inPages} records in ${pages.length} pages, ${split} split out, ${records} expected`,
			);
		}
		return {
			ms: execution.nodeMs[HTTP_NODE],
			startedAt: execution.nodeStartedAt[HTTP_NODE],
			n8nCpuMs: execution.n8nCpuMs,
			splitOutMs: execution.nodeMs[SPLIT_NODE],
			requests: summary.total,
			items: pages.length,
		};
	}

	const variants: PaginationVariant[] = ['node', 'httpNode'];
	log(`pagination: ${records} records in n8n, warm-up (${variants.join(', ')})`);
	for (const variant of variants) await run(variant);
	const result: PaginationResult = { records, pageSize, runs: { node: [], httpNode: [] } };
	for (let round = 0; round < options.rounds; round++) {
		for (const variant of rotated(variants, round)) {
			const measured = await run(variant);
			result.runs[variant].push(measured);
			log(
				`pagination: round ${round + 1}/${options.rounds} ${variant}: ${measured.ms.toFixed(0)} ms${measured.splitOutMs === undefined ? '' : ` + Split Out ${measured.splitOutMs.toFixed(0)} ms`}, ${measured.requests} requests`,
			);
		}
	}
	await context.profiled(`Return All ${records}, TYLT node`, TYLT_NODE_FRAME, () => run('node'));
	await context.profiled(
		`Return All ${records}, HTTP Request pagination + Split Out`,
		HTTP_NODE_FRAME,
		() => run('httpNode'),
	);
	return result;
}
