/**
 * The contract between the coordinator and its worker processes: every job a worker runs, by name
 * (`<module>.<job>`), with what it takes and what it answers. The cases call these names and the job modules
 * implement them; both import this, neither the other.
 */
import type { NodeFrame, ProfileSummary } from './profileSummary';

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
	/** History reads: requests for page 1 of history (a read, full or incremental, pages down from there). */
	historyReads: number;
	/** The `connection` header the clients sent (keep-alive or close), counted. */
	connection: Record<string, number>;
	/** Bodies of the first create requests, to compare what each side sent. */
	sampleCreateBodies: string[];
	payoutsStored: number;
}

/** One run's time and memory, measured inside the process that ran it. */
export interface MemoryRun {
	ms: number;
	/** CPU time of this process during the run (user + system): unlike wall time, barely moved by other load. */
	cpuMs: number;
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

type HistoryParams = SandboxAccess & { pageSize: number };
/** A batch of `count` callbacks signed with `secret`, the same bytes for every job that reads it. */
type CallbackBatch = { count: number; secret: string };
/** Wall time and CPU time (user + system) of a run. */
type Timed = { ms: number; cpuMs: number };
type Empty = Record<string, never>;

export type BenchJobs = {
	/** Defaults: payouts never settle on their own (autoSettle false, completionDelayMs 0). */
	'sandbox.start'(params: {
		autoSettle?: boolean;
		completionDelayMs?: number;
	}): Promise<SandboxAccess>;
	/** Empties the sandbox; `seed` payouts are added `seedSpacingMs` apart (default 1 s), newest first. */
	'sandbox.reset'(params: {
		latencyMs?: number;
		seed?: number;
		seedSpacingMs?: number;
	}): Promise<null>;
	/** Where the request log ends now: summaries count from here. */
	'sandbox.mark'(params: Empty): Promise<{ index: number }>;
	'sandbox.summary'(params: { since: number; withPayouts?: boolean }): Promise<RequestSummary>;
	'sandbox.stop'(params: Empty): Promise<null>;
	/** Moves the sandbox clock on (payouts due by then settle). */
	'sandbox.advance'(params: { ms: number }): Promise<null>;
	/** Every `every`-th payout of the book, newest first, up to `count`: what a run looks up. */
	'sandbox.payoutIds'(params: {
		count: number;
		every: number;
	}): Promise<Array<{ orderId: string; merchantOrderId: string }>>;
	'create.raw'(
		params: SandboxAccess & { payouts: PayoutRow[] },
	): Promise<{ ms: number; created: number }>;
	'history.node'(params: HistoryParams): Promise<MemoryRun & { records: number }>;
	'history.raw'(params: HistoryParams): Promise<MemoryRun & { records: number }>;
	'trigger.node'(params: CallbackBatch): Promise<Timed>;
	'trigger.hmac'(params: CallbackBatch): Promise<Timed>;
	/** µs per callback of each stage of the trigger alone. */
	'trigger.stages'(params: CallbackBatch): Promise<Record<string, number>>;
	'trigger.roundTrips'(
		params: CallbackBatch & { url: string; tag: string; gapMs: number; expectText?: string },
	): Promise<{ latenciesMs: number[] }>;
	/** The median time of Max Amount per 24 Hours's sum over `records` payouts of history, in-process. */
	'dailyLimit.sum'(params: { records: number }): Promise<{ ms: number }>;
	'profile.start'(params: { wsUrl: string; samplingIntervalUs: number }): Promise<null>;
	'profile.stop'(params: {
		label: string;
		file: string;
		node: NodeFrame;
		nodeStartedAt: number;
		nodeMs: number;
	}): Promise<ProfileSummary>;
};

/** The jobs of one module, e.g. `JobModule<'sandbox'>`: every `sandbox.*` job. */
export type JobModule<Module extends string> = Pick<
	BenchJobs,
	Extract<keyof BenchJobs, `${Module}.${string}`>
>;
