/** n8n's executions as its public API returns them, and the items a node output in one. */

export type ExecutionStatus =
	| 'success'
	| 'error'
	| 'crashed'
	| 'canceled'
	| 'running'
	| 'waiting'
	| 'new';

export interface NodeExecutionRun {
	startTime?: number;
	executionTime?: number;
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
	error?: { message: string };
}

export interface Execution {
	id: string;
	status: ExecutionStatus;
	mode: string;
	finished?: boolean;
	startedAt?: string;
	stoppedAt?: string | null;
	workflowId: string;
	/** Only with includeData. */
	data?: {
		resultData: {
			runData: Record<string, NodeExecutionRun[]>;
			error?: { message: string; description?: string; node?: { name: string } };
			lastNodeExecuted?: string;
		};
	};
}

/**
 * n8n 1.100's public API gives executions no `status`, only `finished` and `stoppedAt`: derive it there
 * (success, error, or still running); later versions' status is kept as it is.
 */
export function withStatus(execution: Execution): Execution {
	if (execution.status) return execution;
	const status = execution.finished ? 'success' : execution.stoppedAt ? 'error' : 'running';
	return { ...execution, status };
}

const FINISHED: ReadonlySet<ExecutionStatus> = new Set(['success', 'error', 'crashed', 'canceled']);

export const isFinished = (execution: Pick<Execution, 'status'>) => FINISHED.has(execution.status);

/**
 * Finished, and (when it succeeded or failed) its run data stored: n8n 1.x can report a manual execution
 * `success` or `error` a moment before the run data is readable. Every such run holds at least its trigger's
 * run, or the error that stopped it before any node ran.
 */
export const isFinishedWithData = (execution: Execution) =>
	isFinished(execution) &&
	((execution.status !== 'success' && execution.status !== 'error') ||
		Object.keys(execution.data?.resultData.runData ?? {}).length > 0 ||
		execution.data?.resultData.error !== undefined);

/** The `json` of every item a node output in an execution (first run, first output by default). */
export function nodeOutput(
	execution: Execution,
	nodeName: string,
	{ run = 0, output = 0 }: { run?: number; output?: number } = {},
): Array<Record<string, any>> {
	const runData = execution.data?.resultData.runData ?? {};
	const runs = runData[nodeName];
	if (!runs?.[run]) {
		const ran = Object.keys(runData).join(', ') || 'none';
		throw new Error(`node "${nodeName}" has no run ${run} (nodes that ran: ${ran})`);
	}
	return (runs[run].data?.main?.[output] ?? []).map((item) => item.json);
}
