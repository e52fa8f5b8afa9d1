/** Case 2 in n8n in the results: the TYLT node's Return All against HTTP Request pagination. */
import type { Row } from '../lib/rows';
import {
	ALTERNATIVE_CROSS_CHECK,
	ALTERNATIVE_TARGET,
	compared,
	distinct,
	fact,
	NO,
	table,
	YES,
} from '../lib/rows';
import { ms, thousands } from '../lib/stats';
import type { PaginationResult, PaginationVariant } from './pagination';

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
			ALTERNATIVE_TARGET,
		),
		compared(
			`${label}: TYLT node ÷ HTTP Request pagination alone (its output: ${thousands(runs.httpNode[0]?.items ?? NaN)} page envelopes, not records)`,
			node,
			runs.httpNode.map((run) => run.ms),
			ALTERNATIVE_CROSS_CHECK,
		),
		compared(
			`${label}: n8n's main-process CPU per execution (the whole workflow), TYLT ÷ HTTP Request + Split Out`,
			cpu('node'),
			cpu('httpNode'),
			ALTERNATIVE_CROSS_CHECK,
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
