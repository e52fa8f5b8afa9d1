/**
 * The n8n tooling: a real n8n 2.41.1 (provisioned by provision.sh) with this package installed, alone or in
 * queue mode, a client for its APIs, and the registry that stops what a command started. See README.md.
 */
export { N8nClient, setupOwner } from './client';
export type { StoredWorkflow, WorkflowJson, WorkflowNode } from './client';
export type { LinkedPackage } from './communityPackage';
export { isFinished, nodeOutput } from './executions';
export type { Execution, ExecutionStatus, NodeExecutionRun } from './executions';
export { ProcessRegistry, StopRequested } from './processes';
export type { RunningProcess, StopResult } from './processes';
export { startQueueMode } from './queue';
export type { QueueMode, QueueProcess, QueueService, StartQueueModeOptions } from './queue';
export { startN8n } from './regular';
export type { N8nInstance, StartN8nOptions } from './regular';
export { PRELOAD } from './env';
export {
	assertPortFree,
	DEFAULT_N8N_VERSION,
	DEFAULT_NODE_MAJOR,
	installedN8nVersion,
	n8nVersion,
	nodeMajor,
	provision,
	REPO_ROOT,
	runtimePaths,
} from './runtime';
export type { RuntimePaths } from './runtime';
