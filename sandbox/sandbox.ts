import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { CallbackDispatcher } from './callbacks';
import type { ApiState } from './endpoints/context';
import { SandboxClock } from './clock';
import { handleControlRequest, isControlPath } from './control';
import { FaultQueue, faultProblem } from './faults';
import { PayInRegistry } from './payIns';
import { PayoutBook } from './payoutBook';
import { samplePayoutRecord } from './payoutRecord';
import type { PipelineContext } from './pipeline';
import { handleApiRequest } from './pipeline';
import { ENDPOINT_NAMES } from './routes';
import { TimerRegistry } from './timers';
import type {
	CallbackDelivery,
	EndpointName,
	Fault,
	HistoryPaging,
	LoggedRequest,
	PayoutOutcome,
	PayoutRecord,
	SandboxOptions,
	SendCallbackOptions,
	TyltSandbox,
} from './types';

const DEFAULTS: Required<SandboxOptions> = {
	port: 0,
	apiKey: 'sandbox-api-key',
	apiSecret: 'sandbox-api-secret',
	completionDelayMs: 2000,
	autoSettle: true,
	callbackTimeoutMs: 5000,
	latencyMs: 0,
};

const DEFAULT_HISTORY_PAGING: HistoryPaging = {
	maxRows: 200,
	offsetBy: 'rowsServed',
	pastEnd: 'empty',
};

// Hand-sent sample callbacks describe a payout created a minute ago that has just settled.
const SAMPLE_AGE_MS = 60 * 1000;

class Sandbox implements TyltSandbox {
	readonly apiKey: string;

	readonly apiSecret: string;

	private readonly options: Required<SandboxOptions>;

	private readonly server: Server;

	private readonly clock: SandboxClock;

	private readonly timers = new TimerRegistry();

	private readonly faults = new FaultQueue();

	private readonly payIns = new PayInRegistry();

	private readonly book: PayoutBook;

	private readonly dispatcher: CallbackDispatcher;

	private readonly requestLog: LoggedRequest[] = [];

	private readonly latency: { ms: number };

	private readonly state: ApiState;

	private settleTimer: NodeJS.Timeout | undefined;

	private closed = false;

	constructor(options: SandboxOptions) {
		this.options = { ...DEFAULTS, ...stripUndefined(options) };
		this.apiKey = this.options.apiKey;
		this.apiSecret = this.options.apiSecret;
		this.clock = new SandboxClock(this.options.autoSettle);
		this.dispatcher = new CallbackDispatcher(this.apiSecret, this.options.callbackTimeoutMs);
		this.book = new PayoutBook(this.clock, this.options.completionDelayMs, (record) =>
			this.onStatusChange(record),
		);
		this.payIns.reset(this.clock.now());
		this.latency = { ms: checkedLatency(this.options.latencyMs) };
		this.state = {
			payouts: this.book,
			payIns: this.payIns,
			historyPaging: { ...DEFAULT_HISTORY_PAGING },
		};

		const pipeline: PipelineContext = {
			credentials: { apiKey: this.apiKey, apiSecret: this.apiSecret },
			clock: this.clock,
			faults: this.faults,
			timers: this.timers,
			state: this.state,
			requests: this.requestLog,
			latency: this.latency,
		};
		// Both handlers answer their own errors, so nothing is left to await here.
		this.server = createServer((req, res) => {
			void (isControlPath(req.url ?? '/')
				? handleControlRequest(req, res, this)
				: handleApiRequest(req, res, pipeline));
		});
	}

	get port(): number {
		return (this.server.address() as AddressInfo).port;
	}

	get url(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	// Copies, so a test holding an earlier list is not emptied by reset().
	get requests(): LoggedRequest[] {
		return [...this.requestLog];
	}

	get callbacks(): CallbackDelivery[] {
		return [...this.dispatcher.deliveries];
	}

	get payouts(): PayoutRecord[] {
		return this.book.list();
	}

	get balances(): Record<string, number> {
		return this.book.balances;
	}

	set balances(balances: Record<string, number>) {
		this.book.balances = balances;
	}

	setBalances(balances: Record<string, number>): Record<string, number> {
		for (const [currency, balance] of Object.entries(balances)) {
			if (typeof balance !== 'number' || !Number.isFinite(balance) || balance < 0) {
				throw new Error(`The balance of ${currency} must be a number of at least 0`);
			}
		}
		this.book.balances = { ...this.book.balances, ...balances };
		return { ...this.book.balances };
	}

	get latencyMs(): number {
		return this.latency.ms;
	}

	set latencyMs(ms: number) {
		this.latency.ms = checkedLatency(ms);
	}

	get historyPaging(): HistoryPaging {
		return { ...this.state.historyPaging };
	}

	set historyPaging(paging: HistoryPaging) {
		if (!Number.isInteger(paging.maxRows) || paging.maxRows < 1) {
			throw new Error(`historyPaging.maxRows must be a whole number >= 1, got ${paging.maxRows}`);
		}
		if (paging.offsetBy !== 'rowsServed' && paging.offsetBy !== 'rowsAsked') {
			throw new Error(
				`historyPaging.offsetBy must be rowsServed or rowsAsked, got ${paging.offsetBy}`,
			);
		}
		const pastEnd = paging.pastEnd ?? 'empty';
		if (pastEnd !== 'empty' && pastEnd !== 'lastPage') {
			throw new Error(`historyPaging.pastEnd must be empty or lastPage, got ${String(pastEnd)}`);
		}
		const { shortPages } = paging;
		if (shortPages !== undefined) {
			const { from, through = from, rowsFewer } = shortPages;
			if (![from, through, rowsFewer].every((value) => Number.isInteger(value) && value >= 1)) {
				throw new Error(
					`historyPaging.shortPages needs whole numbers >= 1 (from, through, rowsFewer), got ${JSON.stringify(shortPages)}`,
				);
			}
			if (through < from)
				throw new Error('historyPaging.shortPages.through must not be before from');
		}
		const { cappedPages, minRows } = paging;
		if (cappedPages !== undefined) {
			const { from, through = from, maxRows } = cappedPages;
			if (![from, through, maxRows].every((value) => Number.isInteger(value) && value >= 1)) {
				throw new Error(
					`historyPaging.cappedPages needs whole numbers >= 1 (from, through, maxRows), got ${JSON.stringify(cappedPages)}`,
				);
			}
			if (through < from) {
				throw new Error('historyPaging.cappedPages.through must not be before from');
			}
		}
		if (minRows !== undefined && (!Number.isInteger(minRows) || minRows < 1)) {
			throw new Error(`historyPaging.minRows must be a whole number >= 1, got ${minRows}`);
		}
		const { maxPage } = paging;
		if (maxPage !== undefined && (!Number.isInteger(maxPage) || maxPage < 1)) {
			throw new Error(`historyPaging.maxPage must be a whole number >= 1, got ${maxPage}`);
		}
		this.state.historyPaging = { ...paging, pastEnd };
	}

	listen(): Promise<void> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			// Loopback only: the sandbox has fixed, published credentials.
			this.server.listen(this.options.port, '127.0.0.1', () => {
				this.server.off('error', reject);
				resolve();
			});
		});
	}

	/** The clock keeps its time: timestamps handed out before a reset must not repeat after it. */
	reset(): void {
		this.timers.cancelAll();
		this.stopSettleTimer();
		this.book.reset();
		this.payIns.reset(this.clock.now());
		this.faults.clear();
		this.latency.ms = this.options.latencyMs;
		this.state.historyPaging = { ...DEFAULT_HISTORY_PAGING };
		this.requestLog.length = 0;
		this.dispatcher.clear();
	}

	seedPayouts(count: number, template?: Partial<PayoutRecord>, spacingMs?: number): PayoutRecord[] {
		if (spacingMs !== undefined && !(Number.isInteger(spacingMs) && spacingMs >= 1000)) {
			throw new Error(`spacingMs must be a whole number of at least 1000, got ${spacingMs}`);
		}
		return this.book.seed(count, template, spacingMs);
	}

	seedPayIn(merchantOrderId: string, details: Record<string, unknown> = {}): void {
		this.payIns.seed(merchantOrderId, details, this.clock.now());
	}

	setPayoutOutcome(outcome: PayoutOutcome, predicate?: (record: PayoutRecord) => boolean): void {
		this.book.setOutcome(outcome, predicate);
	}

	async advanceTime(ms: number): Promise<void> {
		if (!Number.isFinite(ms) || ms < 0)
			throw new Error(`advanceTime needs a duration >= 0, got ${ms}`);
		this.clock.advance(ms);
		this.book.settleDue();
		this.scheduleSettlement();
		await this.dispatcher.idle();
	}

	injectFault(endpoint: EndpointName, fault: Fault): void {
		if (!ENDPOINT_NAMES.includes(endpoint)) {
			throw new Error(
				`Unknown endpoint ${String(endpoint)}; use one of ${ENDPOINT_NAMES.join(', ')}`,
			);
		}
		const problem = faultProblem(fault);
		if (problem) throw new Error(problem);
		this.faults.add(endpoint, fault);
	}

	clearFaults(): void {
		this.faults.clear();
	}

	sendCallback(
		url: string,
		record: PayoutRecord | Record<string, unknown>,
		options?: SendCallbackOptions,
	): Promise<CallbackDelivery> {
		return this.dispatcher.send(url, record, options);
	}

	/** For the control surface: a stored payout when `orderId` names one, else a sample; `status` overrides. */
	callbackRecord(orderId?: string, status?: string): PayoutRecord {
		const stored = orderId === undefined ? undefined : this.book.find(orderId);
		const record =
			stored ?? samplePayoutRecord(status ?? 'Completed', this.clock.now() - SAMPLE_AGE_MS);
		return {
			...record,
			...(orderId === undefined ? {} : { orderId }),
			...(status === undefined ? {} : { status }),
		};
	}

	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.stopSettleTimer();
		this.timers.cancelAll();
		const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()));
		this.server.closeAllConnections();
		await this.dispatcher.abort();
		await stopped;
	}

	private onStatusChange(record: PayoutRecord): void {
		if (record.callBackURL) void this.dispatcher.send(record.callBackURL, record);
		this.scheduleSettlement();
	}

	/** With autoSettle, one real timer always points at the next payout due. */
	private scheduleSettlement(): void {
		this.stopSettleTimer();
		const dueAtMs = this.book.nextDueAt();
		if (!this.options.autoSettle || this.closed || dueAtMs === undefined) return;
		this.settleTimer = setTimeout(
			() => {
				this.settleTimer = undefined;
				this.book.settleDue();
				this.scheduleSettlement();
			},
			Math.max(0, dueAtMs - this.clock.now()),
		);
	}

	private stopSettleTimer(): void {
		if (this.settleTimer) clearTimeout(this.settleTimer);
		this.settleTimer = undefined;
	}
}

function checkedLatency(ms: number): number {
	if (!Number.isFinite(ms) || ms < 0) throw new Error(`latencyMs must be a number >= 0, got ${ms}`);
	return ms;
}

function stripUndefined(options: SandboxOptions): SandboxOptions {
	return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

export async function startSandbox(options: SandboxOptions = {}): Promise<TyltSandbox> {
	const sandbox = new Sandbox(options);
	await sandbox.listen();
	return sandbox;
}

export type { Sandbox };
