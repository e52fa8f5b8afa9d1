/**
 * The shapes the cases and workers produce and the report reads. They live here so that lib/ (the report,
 * the context) depends on no case or worker: cases/ and workers/ import these, never the other way round.
 */

/** Where the sandbox listens and the credential it accepts. */
export interface SandboxAccess {
	url: string;
	apiKey: string;
	apiSecret: string;
}

/** One payout of the create cases: the three per-item values every variant reads by expression. */
export interface PayoutRow {
	address: string;
	amount: number;
	ref: string;
}

/** The sandbox's request log since a mark, counted. */
export interface RequestSummary {
	total: number;
	byEndpoint: Record<string, number>;
	byStatus: Record<string, number>;
	/** The `connection` header the clients sent (keep-alive or close), counted. */
	connection: Record<string, number>;
	/** Bodies of the first create requests, to compare what each side sent. */
	sampleCreateBodies: string[];
	payoutsStored: number;
}

export interface MemoryRun<T> {
	ms: number;
	/** CPU time of this process during the run (user + system): unlike wall time, barely moved by other load. */
	cpuMs: number;
	value: T;
	/** Highest sampled heapUsed minus heapUsed before the run. */
	heapPeakBytes: number;
	/** heapUsed after a GC with the result still referenced, minus before: what the result keeps alive. */
	heapRetainedBytes: number;
	/** Peak RSS during the run (VmHWM) minus RSS before it. */
	rssPeakBytes: number;
	/** Peak RSS of the process during the run, absolute. */
	rssPeakAbsoluteBytes: number;
	/** Whether VmHWM could be reset; if not, rssPeak* are the process's lifetime peak. */
	rssPeakIsolated: boolean;
}

/** Case 1: the TYLT node (guard on, off), n8n's HTTP Request node, and the raw signed loop. */
export type CreateVariant = 'guardOn' | 'guardOff' | 'httpNode' | 'raw';

/** One timed run: n8n's executionTime of the node, or a loop's own time outside n8n. */
export interface TimedRun {
	ms: number;
	/** When the measured node started (epoch ms), for --profile; absent for loops outside n8n. */
	startedAt?: number;
	/** n8n's main-process CPU over the whole execution (bench/lib/n8nRun.ts); n8n variants only. */
	n8nCpuMs?: number;
}

export interface CreateRun extends TimedRun {
	requests: RequestSummary;
}

export interface CreateResult {
	payouts: number;
	runs: Record<CreateVariant, CreateRun[]>;
}

/** Case 2, in-process: the node in n8n-core against the raw paging loop. */
export type HistoryVariant = 'node' | 'raw';

export interface HistoryRun extends Omit<MemoryRun<number>, 'value'> {
	records: number;
	requests: number;
}

export interface HistoryDataset {
	records: number;
	pageSize: number;
	runs: Record<HistoryVariant, HistoryRun[]>;
}

/** Case 2 in n8n: the TYLT node's Return All against the HTTP Request node's own pagination. */
export type PaginationVariant = 'node' | 'httpNode';

export interface PaginationRun extends TimedRun {
	/** For the HTTP Request workflow: the Split Out node that turns its pages into one item per record. */
	splitOutMs?: number;
	requests: number;
	/** Items the paging node output (records for the TYLT node, pages for the HTTP Request node). */
	items: number;
}

export interface PaginationResult {
	records: number;
	pageSize: number;
	runs: Record<PaginationVariant, PaginationRun[]>;
}

export type RoundTripVariant = 'trigger' | 'triggerNoDedupe' | 'webhookNode';

export interface TriggerResult {
	callbacks: number;
	nodeMs: number[];
	hmacMs: number[];
	/** CPU time of each run (user + system), for comparison when the machine was not idle. */
	nodeCpuMs: number[];
	hmacCpuMs: number[];
	/** µs per callback, each stage alone. */
	stages: Record<string, number>;
	roundTrips: {
		perVariant: number;
		gapMs: number;
		/** Per variant, per round: every round trip in ms. */
		latenciesMs: Record<RoundTripVariant, number[][]>;
	};
}

/** Case 4: the sandbox answering every request after `latencyMs`. */
export type LatencyVariant =
	| 'createNode'
	| 'createRaw'
	| 'createHttpNode'
	| 'historyNode'
	| 'historyRaw';

export interface LatencyRun extends TimedRun {
	requests: number;
}

export interface LatencyResult {
	latencyMs: number;
	payouts: number;
	records: number;
	pageSize: number;
	runs: Record<LatencyVariant, LatencyRun[]>;
}

/** Case 5: one payout per execution (a form), guard on against guard off, with history in the window. */
export type GuardVariant = 'guardOn' | 'guardOff';

export type GuardRun = CreateRun;

export interface GuardDataset {
	/** Payouts seeded inside the look-back window before each execution. */
	history: number;
	runs: Record<GuardVariant, GuardRun[]>;
}
