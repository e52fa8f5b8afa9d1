/**
 * The creates of one execution on their way to TYLT. At most `limit` are in flight at once; their starts are
 * spaced by each item's Pause Between Payouts (a pause means the spacing of request starts, however many are
 * in flight); and when TYLT answers a create with HTTP 429 (rate limiting), no create starts before the wait
 * TYLT asks for, and fewer are in flight for the rest of the execution. The 429'd create itself is never sent
 * again: whether TYLT made it is unknown, and the caller (the duplicate guard's In-Doubt Check) judges it.
 */
import { pause } from '../../shared/pause';
import { TyltRateLimitedError } from '../transport';

/** How long later creates wait after a 429 without Retry-After (and at most with one); tunable for tests. */
export const RATE_LIMIT_POLICY = { baseDelayMs: 1000, maxDelayMs: 30_000 };

export class CreateTraffic {
	private inFlight = 0;

	private readonly waiting: Array<() => void> = [];

	/** When the last create started; undefined before the first. */
	private lastStartMs: number | undefined;

	/** No create starts before this time: TYLT asked the whole execution to slow down, not one request. */
	private resumeAtMs = 0;

	constructor(
		private limit: number,
		private readonly signal?: AbortSignal,
	) {}

	/** Sends one create when a slot is free and its start is due; see the file comment for HTTP 429. */
	async send<T>(pauseMs: number, create: () => Promise<T>): Promise<T> {
		await this.acquire();
		const attempt = await this.startWhenDue(pauseMs)
			.then(create)
			.then(
				(value) => ({ value }),
				(error: unknown) => ({ error }),
			)
			.finally(() => this.release());
		if ('value' in attempt) return attempt.value;
		if (attempt.error instanceof TyltRateLimitedError) {
			this.limit = Math.max(1, Math.floor(this.limit / 2));
			const waitMs = Math.min(
				Math.max(attempt.error.retryAfterMs ?? 0, RATE_LIMIT_POLICY.baseDelayMs),
				RATE_LIMIT_POLICY.maxDelayMs,
			);
			this.resumeAtMs = Math.max(this.resumeAtMs, Date.now() + waitMs);
		}
		throw attempt.error;
	}

	/** Reserves this create's start (synchronously, so creates in flight together get spaced starts), then waits. */
	private async startWhenDue(pauseMs: number) {
		const nowMs = Date.now();
		const startMs = Math.max(
			nowMs,
			this.resumeAtMs,
			this.lastStartMs === undefined ? nowMs : this.lastStartMs + pauseMs,
		);
		this.lastStartMs = startMs;
		if (startMs > nowMs) await pause(startMs - nowMs, this.signal);
	}

	private async acquire() {
		if (this.inFlight < this.limit) {
			this.inFlight++;
			return;
		}
		// release() hands its slot over.
		await new Promise<void>((resolve) => this.waiting.push(resolve));
	}

	private release() {
		this.inFlight--;
		while (this.inFlight < this.limit && this.waiting.length > 0) {
			this.inFlight++;
			(this.waiting.shift() as () => void)();
		}
	}
}
