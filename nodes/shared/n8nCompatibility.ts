import * as n8nWorkflow from 'n8n-workflow';

/** The oldest n8n the package is tested on (README, Compatibility; `npm run test:e2e:compat`). */
export const OLDEST_SUPPORTED_N8N = '1.99.1';

/** What the package takes from n8n-workflow at run time: an older n8n lacks some, failing with a TypeError. */
const RUNTIME_IMPORTS = [
	'NodeApiError',
	'NodeConnectionTypes',
	'NodeOperationError',
	'UserError',
	'sleep',
] as const;

/** Throws a message naming the n8n version needed when n8n's n8n-workflow lacks what the package uses. */
export function assertSupportedN8n(workflowModule: object = n8nWorkflow): void {
	const exported = workflowModule as Record<string, unknown>;
	const missing = RUNTIME_IMPORTS.filter((name) => exported[name] === undefined);
	if (missing.length) {
		throw new Error(
			`n8n-nodes-tylt needs n8n ${OLDEST_SUPPORTED_N8N} or newer: this n8n's n8n-workflow has no ` +
				`${missing.join(', ')}. Update n8n to use the TYLT nodes.`,
		);
	}
}
