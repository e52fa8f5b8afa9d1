/**
 * Case 2 in n8n: Return All of the seeded history by the TYLT node (Payout → Get Many) against what a user
 * would build instead in the same n8n: the HTTP Request node with the TYLT API credential and its own
 * pagination, then Split Out for one item per record (the TYLT node's output). Times are n8n's own
 * executionTime of each node.
 */
import type { BenchContext } from '../lib/context';
import type { TimedRun } from '../lib/n8nRun';
import { runWorkflow, storeWorkflows } from '../lib/n8nRun';
import { HTTP_NODE_FRAME, TYLT_NODE_FRAME } from '../lib/profileSummary';
import { countingRequests } from '../lib/requestLog';
import { alternate } from '../lib/rounds';
import {
	HTTP_NODE,
	SPLIT_NODE,
	TYLT_NODE,
	httpPaginationWorkflow,
	tyltReturnAllWorkflow,
} from '../lib/workflows';
import { compared, distinct, fact, NO, type Row, table, TARGETS, YES } from '../lib/rows';
import { ms, thousands } from '../lib/stats';

/** The TYLT node's Return All against the HTTP Request node's own pagination. */
export type PaginationVariant = 'node' | 'httpNode';

export interface PaginationRun extends TimedRun {
	/** For the HTTP Request workflow: the Split Out node that turns its pages into one item per record. */
	splitOutMs?: number;
	requests: number;
	/** Items the paging node output (records for the TYLT node, pages for the HTTP Request node). */
	items: number;
}

export type PaginationResult = Awaited<ReturnType<typeof runPaginationCase>>;

/**
 * Return All of the `records` seeded in the sandbox, named after `name`: by the TYLT node, by the HTTP
 * Request node's pagination + Split Out (workflows stored in n8n), or by the raw paging loop outside n8n.
 * Each run is checked: every record came out (as records, or inside pages then split), every answer 200.
 */
export async function returnAllSides(context: BenchContext, name: string, records: number) {
	const { sandbox, access } = context;
	const { pageSize } = context.options.sizes;
	const n8n = await context.n8n();
	const workflows = await storeWorkflows(n8n, {
		node: tyltReturnAllWorkflow(`bench: ${name}, TYLT node`, n8n.credential, pageSize),
		httpNode: httpPaginationWorkflow(
			`bench: ${name}, HTTP Request pagination`,
			n8n.credential,
			access.url,
			pageSize,
		),
	});
	let raw: ReturnType<typeof context.worker> | undefined;

	async function read(variant: PaginationVariant | 'raw') {
		if (variant === 'raw') {
			raw ??= context.worker(`${name}: raw paging loop`);
			const answer = await raw.call('history.raw', { ...access, pageSize });
			return { ms: answer.ms, read: answer.records, items: answer.records };
		}
		const execution = await runWorkflow(n8n, workflows[variant], `${name} (${variant})`);
		if (variant === 'node') {
			const items = execution.output(TYLT_NODE).length;
			return { ...execution.timed(TYLT_NODE), read: items, items };
		}
		const pages = execution.output(HTTP_NODE) as Array<{ data?: unknown[] }>;
		const split = execution.output(SPLIT_NODE).length;
		const inPages = pages.reduce((sum, page) => sum + (page.data?.length ?? 0), 0);
		const splitOutMs = execution.nodeMs[SPLIT_NODE];
		const read = split === inPages ? split : NaN;
		return { ...execution.timed(HTTP_NODE), splitOutMs, read, items: pages.length };
	}

	return async function run(variant: PaginationVariant | 'raw'): Promise<PaginationRun> {
		const { result, requests } = await countingRequests(sandbox, () => read(variant));
		const { read: got, ...measured } = result;
		if (got !== records || requests.byStatus['200'] !== requests.total) {
			throw new Error(
				`${name} (${variant}): ${got} of ${records} records read (split out as many as the pages held?), answers ${JSON.stringify(requests.byStatus)}`,
			);
		}
		return { ...measured, requests: requests.total };
	};
}

export async function runPaginationCase(context: BenchContext) {
	const { sandbox, options, log } = context;
	const records = options.sizes.paginationRecords;
	const pageSize = options.sizes.pageSize;
	const run = await returnAllSides(context, 'Return All', records);
	await sandbox.call('sandbox.reset', { seed: records });

	const runs = await alternate({
		variants: ['node', 'httpNode'],
		rounds: options.rounds,
		label: 'pagination',
		log,
		run,
		describe: (measured) =>
			`${measured.ms.toFixed(0)} ms${measured.splitOutMs === undefined ? '' : ` + Split Out ${measured.splitOutMs.toFixed(0)} ms`}, ${measured.requests} requests`,
		warmUp: true,
	});
	await context.profiled(`Return All ${records}, TYLT node`, TYLT_NODE_FRAME, () => run('node'));
	await context.profiled(
		`Return All ${records}, HTTP Request pagination + Split Out`,
		HTTP_NODE_FRAME,
		() => run('httpNode'),
	);
	return { records, pageSize, runs };
}

export function paginationRows({ records, pageSize, runs }: PaginationResult): Row[] {
	const label = `2. Return All in n8n, ${thousands(records)} records, page ${pageSize}`;
	const node = runs.node.map((run) => run.ms);
	const httpAndSplit = runs.httpNode.map((run) => run.ms + (run.splitOutMs ?? 0));
	const requests = (variant: PaginationVariant) => runs[variant].map((run) => run.requests);
	const cpu = (variant: PaginationVariant) => runs[variant].map((run) => run.n8nCpuMs ?? NaN);
	const pages = Math.floor(records / pageSize) + 1;
	return [
		compared(
			`${label}: TYLT node ÷ HTTP Request pagination + Split Out (the user's alternative, same ${thousands(records)} items out)`,
			node,
			httpAndSplit,
			TARGETS.alternative,
		),
		compared(
			`${label}: TYLT node ÷ HTTP Request pagination alone (its output: ${thousands(runs.httpNode[0]?.items ?? NaN)} page envelopes, not records)`,
			node,
			runs.httpNode.map((run) => run.ms),
			TARGETS.crossCheck,
		),
		compared(
			`${label}: n8n's main-process CPU per execution (the whole workflow), TYLT ÷ HTTP Request + Split Out`,
			cpu('node'),
			cpu('httpNode'),
			TARGETS.crossCheck,
		),
		fact(
			`${label}: requests`,
			distinct(requests('node')),
			distinct(requests('httpNode')),
			`the same on both sides (${thousands(pages)}: the last page is the first short one)`,
			[...requests('node'), ...requests('httpNode')].every((value) => value === pages) ? YES : NO,
		),
	];
}

export function paginationDetails({ records, pageSize, runs }: PaginationResult): string {
	return [
		'#### 2. Return All in n8n: TYLT node against HTTP Request pagination',
		`${thousands(records)} records, ${pageSize} per page. HTTP Request: GET history, query \`rows\` = \`{{ ${pageSize} }}\`, pagination "Update a Parameter in Each Request" \`page\` = \`{{ $pageCount + 1 }}\`, complete when \`{{ $response.body.data.length < ${pageSize} }}\`; then Split Out on \`data\`.`,
		table(
			['Round', 'TYLT node', 'HTTP Request node', 'Split Out', 'HTTP Request + Split Out'],
			'rrrrr',
			runs.node.map((node, round) => {
				const http = runs.httpNode[round];
				const split = http.splitOutMs;
				return [round + 1, ms(node.ms), ms(http.ms), ms(split ?? NaN), ms(http.ms + (split ?? 0))];
			}),
		),
	].join('\n\n');
}
