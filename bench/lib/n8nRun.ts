/** One execution of a stored workflow in the bench's n8n, checked, with each node's own time. */
import type { N8nHandle } from './context';

interface Execution {
	id: string;
	status: string;
	data: {
		resultData: {
			runData: Record<string, Array<{ executionTime: number; startTime: number }>>;
			error?: unknown;
		};
	};
}

export interface WorkflowRun {
	/** n8n's `executionTime` of each node that ran (its execute, expressions and requests; nothing around it). */
	nodeMs: Record<string, number>;
	/** When each node started (epoch ms, n8n's clock: the same machine's). */
	nodeStartedAt: Record<string, number>;
	output(nodeName: string): unknown[];
}

export async function runWorkflow(
	n8n: N8nHandle,
	workflowId: string,
	label: string,
	timeoutMs = 600_000,
): Promise<WorkflowRun> {
	const execution = (await n8n.client.runWorkflowOnce(workflowId, { timeoutMs })) as Execution;
	if (execution.status !== 'success') {
		throw new Error(
			`${label}: execution ${execution.id} ended ${execution.status}: ${JSON.stringify(execution.data.resultData.error).slice(0, 500)}`,
		);
	}
	const nodeMs: Record<string, number> = {};
	const nodeStartedAt: Record<string, number> = {};
	for (const [name, runs] of Object.entries(execution.data.resultData.runData)) {
		nodeMs[name] = runs[0].executionTime;
		nodeStartedAt[name] = runs[0].startTime;
	}
	return { nodeMs, nodeStartedAt, output: (nodeName) => n8n.nodeOutput(execution, nodeName) };
}
