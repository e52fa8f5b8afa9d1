/** One execution of a stored workflow in the bench's n8n, checked, with each node's own time. */
import { readFileSync } from 'node:fs';

import { nodeOutput, type Execution, type WorkflowJson } from '../../tools/n8n';
import type { N8nHandle } from './context';
import { START_NODE } from './workflows';

/** One timed run: n8n's executionTime of the node, or a loop's own time outside n8n. */
export interface TimedRun {
	ms: number;
	/** When the measured node started (epoch ms), for --profile; absent for loops outside n8n. */
	startedAt?: number;
	/** n8n's main-process CPU over the whole execution (WorkflowRun); n8n variants only. */
	n8nCpuMs?: number;
}

export interface WorkflowRun {
	/** n8n's `executionTime` of each node that ran (its execute, expressions and requests; nothing around it). */
	nodeMs: Record<string, number>;
	/** When each node started (epoch ms, n8n's clock: the same machine's). */
	nodeStartedAt: Record<string, number>;
	/**
	 * CPU time of n8n's main process from the start request to the finished execution (user + system, 10 ms
	 * ticks): the whole workflow (starting it, the Code node's hand-over, the node, saving it) and the polling,
	 * not the task runner. Other load on the machine moves it far less than wall time.
	 */
	n8nCpuMs: number;
	output(nodeName: string): unknown[];
	/** The run of one node, as a case records it. */
	timed(nodeName: string): TimedRun;
}

/** utime + stime of a process, from /proc (Linux), in ms; NaN elsewhere. */
function processCpuMs(pid: number): number {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after the command name (which may hold spaces, inside parentheses): utime is the 14th field.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
	} catch {
		return NaN;
	}
}

const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

/**
 * Starts the workflow at its Manual Trigger and waits for the execution to finish. Polling runs on n8n's
 * main thread, beside the node being timed (a GET with the execution's data cost n8n ~7 ms of its main
 * thread, measured with --profile): so it polls without the data, ever less often (50 ms, then ×1.5 up to
 * 1 s), and reads the data once at the end. The times come from the run data, so polling late costs nothing.
 */
async function runOnce(n8n: N8nHandle, workflowId: string, timeoutMs: number): Promise<Execution> {
	const started = (await n8n.client.rest('POST', `/workflows/${workflowId}/run`, {
		triggerToStartFrom: { name: START_NODE },
	})) as { data?: { executionId?: string } };
	const executionId = started.data?.executionId;
	if (!executionId)
		throw new Error(`workflow ${workflowId} did not start: ${JSON.stringify(started)}`);
	const deadline = Date.now() + timeoutMs;
	for (let waitMs = 50; ; waitMs = Math.min(1000, waitMs * 1.5)) {
		await new Promise((resolve) => setTimeout(resolve, waitMs));
		try {
			const { status } = await n8n.client.getExecution(executionId, { includeData: false });
			if (FINISHED.has(status)) return await n8n.client.getExecution(executionId);
		} catch (error) {
			// Not stored yet: n8n saves the execution a moment after it starts.
			if ((error as { status?: number }).status !== 404) throw error;
		}
		if (Date.now() > deadline)
			throw new Error(`execution ${executionId} not finished after ${timeoutMs} ms`);
	}
}

/** Stores each workflow in n8n; answers their ids under the same keys. */
export async function storeWorkflows<Key extends string>(
	n8n: N8nHandle,
	workflows: Record<Key, WorkflowJson>,
): Promise<Record<Key, string>> {
	const ids = {} as Record<Key, string>;
	for (const key of Object.keys(workflows) as Key[])
		ids[key] = (await n8n.client.createWorkflow(workflows[key])).id;
	return ids;
}

export async function runWorkflow(
	n8n: N8nHandle,
	workflowId: string,
	label: string,
	timeoutMs = 600_000,
): Promise<WorkflowRun> {
	const cpuBefore = processCpuMs(n8n.instance.pid);
	const execution = await runOnce(n8n, workflowId, timeoutMs);
	const n8nCpuMs = processCpuMs(n8n.instance.pid) - cpuBefore;
	if (execution.status !== 'success') {
		throw new Error(
			`${label}: execution ${execution.id} ended ${execution.status}: ${JSON.stringify(execution.data?.resultData.error).slice(0, 500)}`,
		);
	}
	const nodeMs: Record<string, number> = {};
	const nodeStartedAt: Record<string, number> = {};
	for (const [name, runs] of Object.entries(execution.data?.resultData.runData ?? {})) {
		nodeMs[name] = runs[0].executionTime ?? NaN;
		nodeStartedAt[name] = runs[0].startTime ?? NaN;
	}
	return {
		nodeMs,
		nodeStartedAt,
		n8nCpuMs,
		output: (nodeName) => nodeOutput(execution, nodeName),
		timed: (nodeName) => ({ ms: nodeMs[nodeName], startedAt: nodeStartedAt[nodeName], n8nCpuMs }),
	};
}
