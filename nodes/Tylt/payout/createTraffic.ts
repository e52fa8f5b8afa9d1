/**
 * The creates of one execution on their way to TYLT (sent by create.send.ts): at most `limit` in flight, starts
 * spaced by Pause Between Payouts, a 429 slowing every later start (docs/money-safety.md). Whether a create may
 * start is decided here only (waitForStart), right before it, after every wait.
 */
import { pause } from '../../shared/pause';
import { TyltRateLimitedError } from '../transport/errors';
import type { CreateOutcome } from '../transport/request';

/** How long later creates wait after a 429 without Retry-After (and at most with one); tunable for tests. */
export const RATE_LIMIT_POLICY = { baseDelayMs: 1000, maxDelayMs: 30_000 };

/** A create the batch's stop kept from starting: it never left n8n, so TYLT has nothing (never in doubt). */
export class CreateNotStarted extends Error {
	constructor() {
		super('The payout was not sent: the batch stopped at an earlier error');
		this.name = 'CreateNotStarted';
	}
}

/** A create's own part of the decision before it starts; throwing from either refuses it (nothing is sent). */
export interface StartCheck {
	/** Waited for with the batch's other waits, so what happens meanwhile is still decided on (a history read). */
	prepare(): Promise<void>;
	/** Part of the decision itself: synchronous, with nothing awaited between it and the request. */
	decide(): void;
}

/** One item's part in the batch: `start` before its create, `sent` with what came of it, `end` with the item. */
export interface CreateTurn {
	/** Waits for a slot and the decision, held until `sent`; when it throws, the slot is back and nothing is sent. */
	start(pauseMs: number, check?: StartCheck): Promise<void>;
	/** The create came back: a failure slows later starts (429) and holds them until `end`; the slot is given back. */
	sent(attempt: CreateOutcome): void;
	/** Called exactly once, when the item's outcome is known: an error stops the batch (see stopsAtError). */
	end(error?: unknown): void;
}

export class CreateTraffic {
	private inFlight = 0;

	private readonly waiting: Array<() => void> = [];

	private lastStartMs: number | undefined;

	/** No create starts before this time: TYLT asked the whole execution to slow down, not one request. */
	private resumeAtMs = 0;

	private stopped = false;

	/** Ends every wait early: the batch stopped, or the user stopped the execution. */
	private readonly wake = new AbortController();

	/** Items whose create failed and whose outcome is not known yet: no create starts meanwhile. */
	private readonly undecided = new Set<Promise<void>>();

	/** `stopsAtError`: Continue On Fail is off, so an item's error stops every create not started yet. */
	constructor(
		private limit: number,
		signal: AbortSignal | undefined,
		private readonly stopsAtError: boolean,
	) {
		signal?.addEventListener('abort', () => this.wake.abort(), { once: true });
		if (signal?.aborted) this.wake.abort();
	}

	get isStopped(): boolean {
		return this.stopped;
	}

	/** An item's turn; every turn must be ended, also when the item never reaches `start`. */
	turn(): CreateTurn {
		let lift: (() => void) | undefined;
		let ended = false;
		// Before the slot is handed on: the create that takes it already sees TYLT's wait and the hold.
		const failed = (error: unknown) => {
			this.slowDownAfter(error);
			if (!this.stopsAtError || ended) return;
			const verdict = new Promise<void>((resolve) => {
				lift = () => {
					this.undecided.delete(verdict);
					resolve();
				};
			});
			this.undecided.add(verdict);
		};
		return {
			start: async (pauseMs, check) => {
				await this.acquire();
				const refused = await this.waitForStart(pauseMs, check).then(
					() => undefined,
					(error: unknown) => ({ error }),
				);
				if (refused) {
					if (!(refused.error instanceof CreateNotStarted)) failed(refused.error);
					this.release();
					throw refused.error;
				}
			},
			sent: (attempt) => {
				if (attempt.outcome !== 'made') failed(attempt.error);
				this.release();
			},
			end: (error?: unknown) => {
				if (ended) return;
				ended = true;
				// The stop is recorded before the hold is lifted: a start waiting on the hold then sees it.
				if (error !== undefined && this.stopsAtError) this.stop();
				lift?.();
			},
		};
	}

	private stop() {
		this.stopped = true;
		this.wake.abort();
	}

	/** HTTP 429: no create starts before the wait TYLT asks for, and fewer are in flight from now on. */
	private slowDownAfter(error: unknown) {
		if (!(error instanceof TyltRateLimitedError)) return;
		this.limit = Math.max(1, Math.floor(this.limit / 2));
		const waitMs = Math.min(
			Math.max(error.retryAfterMs ?? 0, RATE_LIMIT_POLICY.baseDelayMs),
			RATE_LIMIT_POLICY.maxDelayMs,
		);
		this.resumeAtMs = Math.max(this.resumeAtMs, Date.now() + waitMs);
	}

	/**
	 * The one decision before a create, in this order: 1. the waits (failed creates' verdicts, this start's pause
	 * or Retry-After, StartCheck.prepare); 2. with nothing awaited until the request: the batch stopped → not
	 * started; a failure or Retry-After during the waits → wait again; StartCheck.decide. A stopped execution ends
	 * the waits and starts the create, which the transport refuses to send.
	 */
	private async waitForStart(pauseMs: number, check: StartCheck | undefined) {
		for (;;) {
			while (this.undecided.size > 0) await Promise.all(this.undecided);
			if (!this.wake.signal.aborted) await this.startWhenDue(pauseMs);
			if (!this.wake.signal.aborted) await check?.prepare();
			if (this.stopped) throw new CreateNotStarted();
			if (this.wake.signal.aborted) return;
			if (this.undecided.size > 0 || Date.now() < this.resumeAtMs) continue;
			check?.decide();
			return;
		}
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
		if (startMs > nowMs) await pause(startMs - nowMs, this.wake.signal);
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
